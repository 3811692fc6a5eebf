import { describe, expect, it } from 'vitest';
import { ApiError, INVALID_RESPONSE_CODE, NETWORK_ERROR_CODE } from '../../lib/api-error';
import { systemModeStatus } from './system-mode-status';

describe('systemModeStatus', () => {
  it('maps Live and Maintenance', () => {
    expect(systemModeStatus('Live', null)).toBe('live');
    expect(systemModeStatus('Maintenance', null)).toBe('maintenance');
  });

  it('calls any other mode unknown, ReadOnly included', () => {
    expect(systemModeStatus('ReadOnly', null)).toBe('unknown');
    const offContract = new ApiError(200, 'x', INVALID_RESPONSE_CODE);
    expect(systemModeStatus(undefined, offContract)).toBe('unknown');
  });

  it('tells a mode not yet known from one that could not be asked for', () => {
    expect(systemModeStatus(undefined, null)).toBe('pending');
    expect(systemModeStatus(undefined, new ApiError(0, 'x', NETWORK_ERROR_CODE))).toBe(
      'unavailable',
    );
  });
});
