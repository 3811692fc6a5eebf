import NotificationsIcon from '@mui/icons-material/Notifications';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../../components/layout/quick-view-popover';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { badgeCountText, CountBadge } from '../../../components/feedback/notifications';
import { errorMessageOf } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/auth/use-current-user';
import { formatDateTime } from '../../../lib/date-format';
import { useCan } from '../../../lib/permissions';
import { useStoredValue } from '../../../lib/storage/use-stored-value';
import { useUserNotifications } from '../api/list-user-notifications';
import { translateServerMessage, useT } from '../../../lib/i18n';

/**
 * The toolbar's notifications (UserNotification_VIEW, SPEC §6 issuer base): the user's jobs that
 * completed or stopped and their downloads that are ready, newest first. The badge counts what
 * arrived since the list was last opened in this browser.
 */
export function NotificationsMenu() {
  const t = useT();
  const allowed = useCan('UserNotification_VIEW');
  const user = useCurrentUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [seenAt, setSeenAt] = useStoredValue('local', `b2b.notificationsSeenAt.${user.id}`);
  const { data, error } = useUserNotifications(allowed);
  const popoverId = useId();
  const headingId = useId();
  if (!allowed) return null;
  const items = data ?? [];
  const unread = items.filter((n) => !seenAt || n.at > seenAt).length;
  const name =
    unread > 0
      ? t('Notifications: {{count}} new', { count: badgeCountText(unread) })
      : t('Notifications');

  return (
    <>
      <Tooltip title={t('Notifications')} describeChild>
        <IconButton
          color="inherit"
          aria-haspopup="dialog"
          aria-controls={anchor ? popoverId : undefined}
          onClick={(event) => {
            setAnchor(event.currentTarget);
            if (items[0]) setSeenAt(items[0].at);
          }}
        >
          <Box component="span" sx={visuallyHidden}>
            {name}
          </Box>
          <CountBadge count={unread}>
            <NotificationsIcon />
          </CountBadge>
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': headingId,
            sx: { width: 400, maxHeight: 480 },
          },
        }}
      >
        <Typography id={headingId} variant="h6" component="h2" sx={{ px: 2, pt: 1.5 }}>
          {t('Notifications')}
        </Typography>
        {error ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorMessageOf(error)}
          </Alert>
        ) : items.length === 0 ? (
          <Typography sx={{ p: 2 }}>{t('Nothing new in the last 30 days.')}</Typography>
        ) : (
          <List dense aria-labelledby={headingId}>
            {items.map((n) => (
              <ListItem key={n.id} alignItems="flex-start">
                <ListItemText
                  primary={
                    n.link.startsWith('/api/') ? (
                      <Link href={n.link} download>
                        {translateServerMessage(n.title)}
                      </Link>
                    ) : (
                      <Link component={RouterLink} to={n.link} onClick={() => setAnchor(null)}>
                        {translateServerMessage(n.title)}
                      </Link>
                    )
                  }
                  secondary={`${translateServerMessage(n.message)} · ${formatDateTime(n.at)}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
