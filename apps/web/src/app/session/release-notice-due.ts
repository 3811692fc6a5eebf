import type { ClientConfig } from '@b2b/contract';

type ReleaseNotice = ClientConfig['releaseNotice'];

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Local storage key of one user's dismissal of one notice. */
export function releaseNoticeKey(noticeId: string, userId: string): string {
  return `b2b.releaseNotice.${noticeId}.${userId}`;
}

/**
 * True between `from` and `to`. A date without a time means the whole day: a notice "to
 * 2025-11-07" is still shown on the 7th.
 */
export function isReleaseNoticeDue(notice: Pick<ReleaseNotice, 'from' | 'to'>, now: Date): boolean {
  const from = Date.parse(notice.from);
  const to = Date.parse(notice.to) + (DATE_ONLY.test(notice.to) ? DAY_MS : 0);
  if (Number.isNaN(from) || Number.isNaN(to)) return false;
  const at = now.getTime();
  return at >= from && at < to;
}
