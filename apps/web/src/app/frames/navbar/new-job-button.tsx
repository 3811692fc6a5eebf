import { creatableJobTypes, JOB_TYPES } from '@b2b/contract';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../../../lib/auth/use-current-user';
import { PermissionGuard } from '../../../lib/permissions';
import { NEW_JOB_PERMISSIONS } from './nav-items';
import { useT } from '../../../lib/i18n';

export type NewJobButtonProps = {
  /** Icon only, for the collapsed navbar. */
  compact: boolean;
  onNavigate: () => void;
};

/** The navbar's New Job button (JobCreate): offers the job types the user may create. */
export function NewJobButton({ compact, onNavigate }: NewJobButtonProps) {
  const t = useT();
  const types = creatableJobTypes(useCurrentUser());
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const menuProps = {
    'aria-haspopup': 'menu' as const,
    'aria-controls': anchor ? menuId : undefined,
    'aria-expanded': anchor ? ('true' as const) : undefined,
    onClick: (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
  };

  return (
    <PermissionGuard permissions={NEW_JOB_PERMISSIONS}>
      <Box sx={{ p: compact ? 1 : 2, display: 'flex', justifyContent: 'center' }}>
        {compact ? (
          <Tooltip title={t('New Job')} placement="right">
            <IconButton color="primary" aria-label={t('New Job')} {...menuProps}>
              <Add />
            </IconButton>
          </Tooltip>
        ) : (
          <Button variant="contained" fullWidth startIcon={<Add />} {...menuProps}>
            {t('New Job')}
          </Button>
        )}
        <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
          {types.map((type) => (
            <MenuItem
              key={type}
              component={RouterLink}
              to={`/jobs/create/${type}`}
              onClick={() => {
                setAnchor(null);
                onNavigate();
              }}
            >
              {t(JOB_TYPES[type])}
            </MenuItem>
          ))}
        </Menu>
      </Box>
    </PermissionGuard>
  );
}
