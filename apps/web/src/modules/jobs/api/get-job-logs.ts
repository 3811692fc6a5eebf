import { jobsEndpoints, type JobLogLine } from '@b2b/contract';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { useRefetchInterval } from '../../../lib/client-flags';
import { JOB_REFRESH_MS } from './get-job';
import { jobsQueryKeys } from './jobs-query-keys';

const PAGE = 500;
/** Pages read per poll at most, so a huge backlog cannot hold one poll forever. */
const MAX_PAGES_PER_POLL = 20;

export type JobLogsState = { lines: JobLogLine[]; finished: boolean };

/** Up to 500 log lines of the job after line `afterId`, and whether its steps have finished. */
export function getJobLogs(jobId: string, afterId: number | undefined, signal?: AbortSignal) {
  return apiRequest(jobsEndpoints.getJobLogs, {
    params: { id: jobId },
    query: { afterId, limit: PAGE },
    signal,
  });
}

/**
 * The job's log lines, streamed: each poll asks only for the lines after the last one seen
 * (`afterId`) and appends them; polling stops once the server says the steps have finished
 * (and whenever the queries-refetch flag is off).
 */
export function useJobLogs(jobId: string) {
  const interval = useRefetchInterval(JOB_REFRESH_MS);
  const seen = useRef<{ jobId: string; lastId?: number; lines: JobLogLine[] }>({
    jobId,
    lines: [],
  });
  return useQuery({
    queryKey: jobsQueryKeys.logs(jobId),
    queryFn: async ({ signal }): Promise<JobLogsState> => {
      if (seen.current.jobId !== jobId) seen.current = { jobId, lines: [] };
      const state = seen.current;
      let finished = false;
      for (let page = 0; page < MAX_PAGES_PER_POLL; page += 1) {
        const answer = await getJobLogs(jobId, state.lastId, signal);
        const known = new Set(state.lines.map((line) => line.id));
        state.lines = [...state.lines, ...answer.lines.filter((line) => !known.has(line.id))];
        state.lastId = answer.lastId;
        finished = answer.finished;
        if (answer.lines.length < PAGE) break;
      }
      return { lines: state.lines, finished };
    },
    refetchInterval: (query) => (query.state.data?.finished ? false : interval),
  });
}
