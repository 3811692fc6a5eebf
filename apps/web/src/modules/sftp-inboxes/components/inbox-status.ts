import type { SftpInboxStatus } from '@b2b/contract';
import { tKey } from '../../../lib/i18n';

/** How an inbox's last poll reads on screen. */
export const INBOX_STATUS_TEXT: Record<SftpInboxStatus, string> = {
  NeverPolled: tKey('Not polled yet'),
  Ok: tKey('OK'),
  Failing: tKey('Failing'),
  HostKeyChanged: tKey('Stopped: host key changed'),
};
