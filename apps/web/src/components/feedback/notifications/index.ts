export { badgeCountText, CountBadge } from './count-badge';
export { NotificationsProvider } from './notifications-provider';
export { useCopyToClipboard } from './use-copy-to-clipboard';
export { useNotify } from './use-notify';
