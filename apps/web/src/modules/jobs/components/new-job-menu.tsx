import { JOB_TYPES, type JobType } from '@b2b/contract';
import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PermissionGuard } from '../../../lib/permissions';

const TYPES = Object.keys(JOB_TYPES) as JobType[];

/** New Job (JobCreate): one entry per job type, each opening its creation wizard. */
export function NewJobMenu() {
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
        New Job
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {TYPES.map((type) => (
          <MenuItem key={type} component={RouterLink} to={`/jobs/create/${type}`}>
            {JOB_TYPES[type]}
          </MenuItem>
        ))}
      </Menu>
    </PermissionGuard>
  );
}
