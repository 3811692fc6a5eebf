import { expect, type Page } from '@playwright/test';
import { CSRF } from './api';

/** The demo jobs the server creates at start (apps/server/src/modules/jobs/jobs.demo.ts). */
export const DEMO_JOBS = {
  summary: 'Acme Manufacturing — supplier summary 2025',
  matchOnly: 'Acme Manufacturing — supplier match only',
} as const;

/**
 * The id of the demo job of that name once it has completed. The demo jobs run when the server
 * starts, so a journey may arrive before they finish: it waits for them (generously, as the
 * machine is shared with other journeys).
 */
export async function completedDemoJobId(page: Page, name: string): Promise<string> {
  let id = '';
  await expect
    .poll(
      async () => {
        const res = await page.request.post('/api/v1/job-artifacts/get', {
          headers: CSRF,
          data: {
            pageNumber: 1,
            pageSize: 5,
            filters: [{ propertyName: 'name', comparisonOperator: 'Equal', value: name }],
          },
        });
        const body = (await res.json()) as { collection: { id: string; status: string }[] };
        id = body.collection[0]?.id ?? '';
        return body.collection[0]?.status;
      },
      { timeout: 180_000, intervals: [2_000] },
    )
    .toBe('Completed');
  return id;
}
