import { describe, expect, it } from 'vitest';
import { createResetAllJobsService } from './reset-all-jobs.service.js';

const actor = {
  userId: 'u',
  username: 'developer@example.com',
  sessionId: 's',
  permissions: ['DevArea_CRUD' as const],
  issuerIds: [],
  managedIssuerIds: [],
  eligible: true,
};

describe('reset all jobs in production', () => {
  it('is refused whoever asks, before any job is touched', async () => {
    const touched: string[] = [];
    const service = createResetAllJobsService({
      env: 'production',
      jobs: {
        workflow: {
          resetAll: () => {
            touched.push('jobs');
            return Promise.resolve({ resetCount: 0, skippedDraftCount: 0 });
          },
        },
      } as never,
      systemLogs: {} as never,
    });
    await expect(service.resetAll(actor, 'RESET ALL JOBS')).rejects.toMatchObject({
      statusCode: 409,
      message:
        "Reset all jobs is refused in production: it would start every customer's analysis over.",
    });
    expect(touched).toEqual([]);
  });
});
