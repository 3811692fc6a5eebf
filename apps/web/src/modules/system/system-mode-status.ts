import type { SystemMode } from '@b2b/contract';
import { INVALID_RESPONSE_CODE, isApiError } from '../../lib/api-error';

/**
 * What the interface makes of the system mode (SPEC.md section 4): only Live and Maintenance
 * are mapped; any other value, ReadOnly included, is 'unknown'. A mode that could not be asked
 * for is 'unavailable' and treated as Live: the server refuses calls in maintenance anyway.
 */
export type SystemModeStatus = 'pending' | 'live' | 'maintenance' | 'unknown' | 'unavailable';

export function systemModeStatus(mode: SystemMode | undefined, error: unknown): SystemModeStatus {
  if (mode === 'Live') return 'live';
  if (mode === 'Maintenance') return 'maintenance';
  if (mode !== undefined) return 'unknown';
  // A value outside the contract's list fails the response check: also an unknown mode.
  if (isApiError(error, undefined, INVALID_RESPONSE_CODE)) return 'unknown';
  return error ? 'unavailable' : 'pending';
}
