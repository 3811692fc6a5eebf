import type { SftpInboxStatus } from '@b2b/contract';

/** How an inbox's last poll reads on screen. */
export const INBOX_STATUS_TEXT: Record<SftpInboxStatus, string> = {
  NeverPolled: 'Not polled yet',
  Ok: 'OK',
  Failing: 'Failing',
  HostKeyChanged: 'Stopped: host key changed',
};
