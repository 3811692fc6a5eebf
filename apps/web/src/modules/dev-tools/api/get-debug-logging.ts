import { devToolsEndpoints, type LogLevel } from '@b2b/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { devToolsQueryKeys } from './dev-tools-query-keys';

/** The level in force, the window if any, and the answering process's last lines. */
export function getDebugLogging(level: LogLevel, signal?: AbortSignal) {
  return apiRequest(devToolsEndpoints.getDebugLogging, { query: { level, limit: 200 }, signal });
}

/** Refreshed every 2 s: the screen is watched while something is being reproduced. */
export function useDebugLogging(level: LogLevel) {
  return useQuery({
    queryKey: devToolsQueryKeys.debugLogging(level),
    queryFn: ({ signal }) => getDebugLogging(level, signal),
    refetchInterval: 2000,
  });
}
