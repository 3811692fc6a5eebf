import { describe, expect, it } from 'vitest';
import { formatLimitValue, limitValueProblem } from './limits.js';

describe('resource limit values', () => {
  it('takes a whole number within the range, and no limit where the limit allows it', () => {
    expect(limitValueProblem('queuedJobsPerUser', 5)).toBeNull();
    expect(limitValueProblem('queuedJobsPerUser', null)).toBeNull();
    expect(limitValueProblem('uploadMaxBytes', null)).toBe('Upload size must have a value.');
  });

  it('names the limit when a value is not a positive whole number or out of range', () => {
    for (const value of [0, -1, 1.5, '3'])
      expect(limitValueProblem('engineThreads', value)).toBe(
        'Engine threads must be a positive whole number.',
      );
    expect(limitValueProblem('uploadMaxBytes', 100)).toBe(
      'Upload size must be from 1 KiB to 100 GiB.',
    );
  });

  it('shows values with their unit', () => {
    expect(formatLimitValue('storageBytesPerIssuer', 1536 * 1024)).toBe('1.5 MiB');
    expect(formatLimitValue('apiRequestsPerUserPerMinute', 1200)).toBe('1,200 requests per minute');
    expect(formatLimitValue('runningJobsPerIssuer', null)).toBe('No limit');
  });
});
