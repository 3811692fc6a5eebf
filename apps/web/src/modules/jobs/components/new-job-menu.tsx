import { creatableJobTypes, JOB_TYPES } from '@b2b/contract';
import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../../../lib/auth/use-current-user';
import { useT } from '../../../lib/i18n';
import { PermissionGuard } from '../../../lib/permissions';

/** New Job (JobCreate): one entry per job type the user may create, each opening its wizard. */
export function NewJobMenu() {
  const t = useT();
  const types = creatableJobTypes(useCurrentUser());
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <PermissionGuard permissions="JobCreate">
      <Button
        variant="contained"
        startIcon={<Add />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('New Job')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {types.map((type) => (
          <MenuItem key={type} component={RouterLink} to={`/jobs/create/${type}`}>
            {t(JOB_TYPES[type])}
          </MenuItem>
        ))}
      </Menu>
    </PermissionGuard>
  );
}
