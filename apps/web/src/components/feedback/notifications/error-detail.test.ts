import { MESSAGES } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { issuerProfile } from '../../../test/fixtures';
import { ApiError } from '../../../lib/api-error';
import { describeError, errorDetailText } from './error-detail';

const detailedUser = { ...issuerProfile, permissions: ['SystemNotificationsDetailed_VIEW'] };
const now = new Date('2025-10-28T09:30:00.000Z');

describe('describeError', () => {
  it('gives detailed users the operation and at most 5 messages', () => {
    const error = new ApiError(
      400,
      'Invalid input',
      'validation',
      Array.from({ length: 7 }, (_, i) => ({ field: `f${i}`, message: 'bad' })),
    );
    const described = describeError(error, 'Create user', detailedUser, now);
    expect(described.title).toBe('Create user');
    expect(described.message).toBe('Invalid input');
    expect(described.detail.messages).toHaveLength(5);
    expect(described.detail).toMatchObject({
      operation: 'Create user',
      userId: issuerProfile.id,
      date: '2025-10-28T09:30:00.000Z',
      device: navigator.userAgent,
      url: window.location.href,
    });
  });

  it('gives other users and visitors the generic problem text only', () => {
    for (const user of [issuerProfile, undefined]) {
      const described = describeError(new Error('SQL timeout on users'), 'Create user', user, now);
      expect(described.title).toBeUndefined();
      expect(described.message).toBe(MESSAGES.genericProblem);
      expect(described.detail.messages).toEqual([MESSAGES.genericProblem]);
      expect(described.detail.operation).toBeUndefined();
    }
  });

  it('reads non-Error values', () => {
    expect(describeError('timeout', 'Poll', detailedUser, now).message).toBe('timeout');
  });
});

describe('errorDetailText', () => {
  it('lists every part of the panel, one per line', () => {
    const text = errorDetailText(describeError(new Error('boom'), 'Upload', undefined, now).detail);
    expect(text.split('\n')).toEqual([
      'Messages:',
      `- ${MESSAGES.genericProblem}`,
      'User id: not signed in',
      `URL: ${window.location.href}`,
      'Date: 2025-10-28T09:30:00.000Z',
      `Device: ${navigator.userAgent}`,
    ]);
  });
});
