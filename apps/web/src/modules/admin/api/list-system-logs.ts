import { systemLogsEndpoints, type PagedListRequest } from '@b2b/contract';
import { apiRequest } from '../../../lib/api-client';

/** One page of the system log (grid key: `adminQueryKeys.systemLogs`). */
export function listSystemLogs(body: PagedListRequest, signal?: AbortSignal) {
  return apiRequest(systemLogsEndpoints.listSystemLogs, { body, signal });
}
