export { badgeCountText, BADGE_MAX, CountBadge, type CountBadgeProps } from './count-badge';
export {
  describeError,
  errorDetailText,
  MAX_ERROR_DETAIL_ITEMS,
  type ErrorDetail,
  type ErrorNotification,
} from './error-detail';
export {
  MAX_NOTIFICATIONS,
  NotificationsProvider,
  type NotificationsProviderProps,
} from './notifications-provider';
export { MAX_NOTIFICATION_TEXT_LENGTH, truncateText } from './truncate-text';
export { useCopyToClipboard } from './use-copy-to-clipboard';
export { useNotify, type Notify } from './use-notify';
