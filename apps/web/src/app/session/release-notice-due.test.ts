import { describe, expect, it } from 'vitest';
import { isReleaseNoticeDue, releaseNoticeKey } from './release-notice-due';

const notice = { id: 'r1', from: '2025-10-27', to: '2025-11-07' };

describe('isReleaseNoticeDue', () => {
  it('is due from the first day to the end of the last', () => {
    expect(isReleaseNoticeDue(notice, new Date('2025-10-26T23:59:00Z'))).toBe(false);
    expect(isReleaseNoticeDue(notice, new Date('2025-10-27T00:00:00Z'))).toBe(true);
    expect(isReleaseNoticeDue(notice, new Date('2025-11-07T22:00:00Z'))).toBe(true);
    expect(isReleaseNoticeDue(notice, new Date('2025-11-08T00:00:00Z'))).toBe(false);
  });

  it('takes exact times as they are, and refuses dates it cannot read', () => {
    const exact = { id: 'r2', from: '2025-10-27T09:00:00Z', to: '2025-10-27T10:00:00Z' };
    expect(isReleaseNoticeDue(exact, new Date('2025-10-27T10:00:00Z'))).toBe(false);
    expect(isReleaseNoticeDue({ ...notice, to: 'soon' }, new Date('2025-10-28'))).toBe(false);
  });

  it('keeps dismissals per notice and per user', () => {
    expect(releaseNoticeKey('r1', 'u1')).not.toBe(releaseNoticeKey('r1', 'u2'));
  });
});
