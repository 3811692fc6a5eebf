import PushPin from '@mui/icons-material/PushPin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import { NAVBAR_WIDTH } from './navbar-state';
import { PermissionGuard } from '../../../lib/permissions';
import { ActiveUsersQuickView } from '../../../modules/admin/components/active-users-quick-view';
import { ProqQuickView } from '../../../modules/devops/components/proq-quick-view';
import { NavList } from './nav-list';
import { NewJobButton } from './new-job-button';
import type { NavbarControl } from './use-navbar-state';
import { useT } from '../../../lib/i18n';

export type NavbarProps = {
  id: string;
  control: NavbarControl;
};

/**
 * The left navigation in its four states: pinned (240, beside the page), collapsed (64, icons
 * only), open (240, over the page until dismissed) and closed (not drawn).
 */
export function Navbar({ id, control }: NavbarProps) {
  const t = useT();
  const { state, context, send } = control;
  if (state === 'closed') return null;
  const compact = state === 'collapsed';
  const overlay = state === 'open';
  const dismiss = () => send({ type: 'dismiss' });

  const content = (
    <Box
      component="nav"
      id={id}
      aria-label={t('Main navigation')}
      sx={{ overflowY: 'auto', pb: 2 }}
    >
      <NewJobButton compact={compact} onNavigate={dismiss} />
      <NavList compact={compact} onNavigate={dismiss} />
      {/* The navbar's quick views: ProQ commands and active users (SPEC.md section 2). */}
      <PermissionGuard permissions="QuickView_ProQ_VIEW">
        <Box sx={{ px: compact ? 0.5 : 2, pt: 1 }}>
          <ProqQuickView />
        </Box>
      </PermissionGuard>
      <PermissionGuard permissions="ActiveUsers_VIEW">
        <Box sx={{ px: compact ? 0.5 : 2, pt: 1 }}>
          <ActiveUsersQuickView />
        </Box>
      </PermissionGuard>
      {overlay && context !== 'mobile' && (
        <Box sx={{ px: 2, pt: 1 }}>
          <Button startIcon={<PushPin />} onClick={() => send({ type: 'pin' })}>
            {t('Pin navigation')}
          </Button>
        </Box>
      )}
    </Box>
  );

  if (overlay) {
    return (
      <Drawer
        variant="temporary"
        open
        data-navbar-state={state}
        onClose={dismiss}
        slotProps={{ paper: { sx: { width: NAVBAR_WIDTH.pinned } } }}
      >
        {content}
      </Drawer>
    );
  }
  const width = compact ? NAVBAR_WIDTH.collapsed : NAVBAR_WIDTH.pinned;
  return (
    <Drawer
      variant="permanent"
      data-navbar-state={state}
      sx={{ width, flexShrink: 0, transition: (theme) => theme.transitions.create('width') }}
      slotProps={{
        paper: {
          sx: { width, position: 'relative', overflowX: 'hidden', boxSizing: 'border-box' },
        },
      }}
    >
      {content}
    </Drawer>
  );
}
