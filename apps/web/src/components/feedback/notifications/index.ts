export { badgeCountText, CountBadge } from './count-badge';
export { useCopyToClipboard } from './use-copy-to-clipboard';
export { useNotify } from './use-notify';
