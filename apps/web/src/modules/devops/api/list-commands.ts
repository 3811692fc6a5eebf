import { proqEndpoints, type WrappedPagedListRequest } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

export type ProqCommandListKind = 'queued' | 'error' | 'completed';

const LIST_ENDPOINTS = {
  queued: proqEndpoints.listQueuedCommands,
  error: proqEndpoints.listErrorCommands,
  completed: proqEndpoints.listCompletedCommands,
} as const;

/** One page of the queued, error (Error and Canceled) or completed list. */
export function listCommands(
  kind: ProqCommandListKind,
  body: WrappedPagedListRequest,
  signal?: AbortSignal,
) {
  return apiRequest(LIST_ENDPOINTS[kind], { body, signal });
}
