import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ResourceLimit, ResourceLimitList, ResourceUsage } from '@b2b/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { JOBS_BASE, jobPipeline } from '../../../test/job-pipeline.js';
import { PROQ_TEST_ENV, rows, waitFor, workerPool } from '../../../test/proq-kit.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-guard-test-'));
const t = useTestApp({ ...PROQ_TEST_ENV, DATA_DIR: dataDir });
const workers = workerPool(t);
const pipeline = jobPipeline(t);
const URL = '/api/v1/devops/resource-guard';
let admin = '';

/** Twenty made-up merchants: the jobs here are queued, never run, so no reference data. */
const merchants = Array.from({ length: 20 }, (_, i) => ({
  merchant_name: `Guard Test Supplier ${i}`,
  postcode: `SW1A ${i}AA`,
  country: 'GBR',
}));

beforeAll(async () => {
  admin = await t.signIn('sysadmin@example.com');
});
afterAll(async () => {
  await workers.stopAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function setLimit(key: string, value: unknown, cookie = admin) {
  return t.request({ method: 'PUT', url: `${URL}/limits/${key}`, cookie, payload: { value } });
}
function resetLimit(key: string) {
  return t.request({ method: 'DELETE', url: `${URL}/limits/${key}`, cookie: admin });
}
async function limitsNow() {
  return (await t.request({ url: `${URL}/limits`, cookie: admin })).json<ResourceLimitList>();
}
async function fileCount(jobId: string) {
  const [row] = await rows<{ n: number }>(
    t.database,
    sql`select count(*)::int as n from job_files where job_id = ${jobId}`,
  );
  return row!.n;
}
function csvOf(bytes: number) {
  const lines = ['Supplier Name,Postcode,Country'];
  for (let i = 0; lines.join('\n').length < bytes; i++) lines.push(`Supplier ${i},SW1A 1AA,GBR`);
  return lines.join('\n');
}

describe('resource guard limits', () => {
  it('lists every limit with its default from the configuration and no limit for new ones', async () => {
    const { limits } = await limitsNow();
    const byKey = Object.fromEntries(limits.map((l) => [l.key, l]));
    expect(limits).toHaveLength(7);
    expect(byKey.uploadMaxBytes).toMatchObject({
      name: 'Upload size',
      value: 1024 ** 3,
      defaultValue: 1024 ** 3,
      setBy: null,
    });
    expect(byKey.apiRequestsPerUserPerMinute).toMatchObject({ value: null, defaultValue: null });
    expect(byKey.storageBytesPerIssuer?.value).toBeNull();
  });

  it('sets a limit, audits the old and new value, and resets it to the default', async () => {
    const before = (await limitsNow()).limits.find((l) => l.key === 'engineThreads')!;
    const res = await setLimit('engineThreads', 3);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ResourceLimit>()).toMatchObject({
      value: 3,
      defaultValue: before.defaultValue,
      setBy: 'sysadmin@example.com',
    });
    const usage = (await t.request({ url: `${URL}/usage`, cookie: admin })).json<ResourceUsage>();
    expect(usage.engine.threads).toBe(3);
    const reset = await resetLimit('engineThreads');
    expect(reset.json<ResourceLimit>()).toMatchObject({ value: before.defaultValue, setBy: null });
    const audit = await rows<{ action: string; before: unknown; after: unknown }>(
      t.database,
      sql`select action, before, after from system_logs where entity_type = 'ResourceLimit' and entity_id = 'engineThreads' order by id`,
    );
    expect(audit).toEqual([
      { action: 'ResourceLimitChanged', before: { value: before.value }, after: { value: 3 } },
      { action: 'ResourceLimitReset', before: { value: 3 }, after: { value: before.value } },
    ]);
  });

  it('refuses a value that is not a positive whole number within range, naming the limit', async () => {
    for (const value of [0, -5, 2.5]) {
      const res = await setLimit('queuedJobsPerUser', value);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Queued jobs per user must be a positive whole number.');
    }
    expect((await setLimit('engineThreads', 65)).json().message).toBe(
      'Engine threads must be from 1 threads to 64 threads.',
    );
    expect((await setLimit('uploadMaxBytes', null)).json().message).toBe(
      'Upload size must have a value.',
    );
    expect((await setLimit('engineThreads', 'four')).statusCode).toBe(400);
  });

  it('refuses a job manager without DevOps_Area_VIEW', async () => {
    const client = await t.signIn('client@example.com');
    expect((await t.request({ url: `${URL}/limits`, cookie: client })).statusCode).toBe(403);
    expect((await setLimit('engineThreads', 2, client)).statusCode).toBe(403);
  });
});

describe('limits enforced', () => {
  it('refuses an upload over the upload size limit and stores nothing', async () => {
    const { job } = await pipeline.jobAt('draft', { cookie: admin, merchants });
    expect((await setLimit('uploadMaxBytes', 2048)).statusCode).toBe(200);
    try {
      const res = await pipeline.upload(job.id, 'Suppliers', 'big.csv', csvOf(4096), admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'The file "big.csv" is larger than the upload limit of 2 KiB.',
      );
      expect(await fileCount(job.id)).toBe(0);
    } finally {
      await resetLimit('uploadMaxBytes');
    }
  });

  it('refuses a storage limit below usage, and an upload that would pass it', async () => {
    const { job } = await pipeline.jobAt('uploaded', { cookie: admin, merchants });
    const usage = (await t.request({ url: `${URL}/usage`, cookie: admin })).json<ResourceUsage>();
    const top = usage.storageByIssuer[0]!;
    expect(top.value).toBeGreaterThan(1024);

    const below = await setLimit('storageBytesPerIssuer', 1024);
    expect(below.statusCode).toBe(409);
    expect(below.json().message).toMatch(
      new RegExp(
        `^Storage per issuer cannot be 1 KiB: current usage is .+ \\(${top.issuerName}\\)\\.$`,
      ),
    );

    expect((await setLimit('storageBytesPerIssuer', top.value + 100)).statusCode).toBe(200);
    try {
      const other = await pipeline.createJob({ cookie: admin, issuerName: 'PayTech Bank' });
      const res = await pipeline.upload(other.id, 'Suppliers', 'more.csv', csvOf(2048), admin);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(
        /stores .+ of files; the storage limit per issuer is .+, and this file of 2\.0 KiB would pass it\.$/,
      );
      expect(await fileCount(other.id)).toBe(0);
      expect(await fileCount(job.id)).toBe(1);
    } finally {
      await resetLimit('storageBytesPerIssuer');
    }
  });

  it('refuses a submission over the queued jobs per user and running jobs per issuer', async () => {
    const first = await pipeline.jobAt('mapped', { cookie: admin, merchants });
    const second = await pipeline.jobAt('mapped', { cookie: admin, merchants });
    expect((await pipeline.submit(first.job.id, admin)).statusCode).toBe(200);
    // No workers run here: the submitted job waits in the queue.
    expect((await setLimit('queuedJobsPerUser', 1)).statusCode).toBe(200);
    try {
      const res = await pipeline.submit(second.job.id, admin);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'You have 1 job queued; the limit is 1 queued jobs per user. Submit again when one of them starts.',
      );
    } finally {
      await resetLimit('queuedJobsPerUser');
    }
    expect((await setLimit('runningJobsPerIssuer', 1)).statusCode).toBe(200);
    try {
      const res = await pipeline.submit(second.job.id, admin);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(
        /has 1 job running; the limit is 1 running jobs per issuer\./,
      );
      const job = await t.request({ url: `${JOBS_BASE}/${second.job.id}`, cookie: admin });
      expect(job.json().status).toBe('Draft');
    } finally {
      await resetLimit('runningJobsPerIssuer');
    }
  });

  it('queues a submission over a running-jobs limit set to queue and starts it when a slot frees', async () => {
    const waitingStep = async (jobId: string) => {
      const job = (await t.request({ url: `${JOBS_BASE}/${jobId}`, cookie: admin })).json<{
        status: string;
        steps: { step: string; status: string; message: string | null; commandId: string | null }[];
      }>();
      return { status: job.status, ingest: job.steps[0]! };
    };
    const commandsOf = async (jobId: string) =>
      (
        await rows<{ n: number }>(
          t.database,
          sql`select count(*)::int as n from proq_commands where job_id = ${jobId}`,
        )
      )[0]!.n;
    const [first, second, third] = [
      await pipeline.jobAt('mapped', { cookie: admin, merchants }),
      await pipeline.jobAt('mapped', { cookie: admin, merchants }),
      await pipeline.jobAt('mapped', { cookie: admin, merchants }),
    ].map((j) => j.job.id);
    const done = [first!, second!, third!];
    const set = await t.request({
      method: 'PUT',
      url: `${URL}/limits/runningJobsPerIssuer`,
      cookie: admin,
      payload: { value: 1, whenExceeded: 'queue' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<ResourceLimit>()).toMatchObject({ value: 1, whenExceeded: 'queue' });
    try {
      // Earlier tests' submitted jobs are done with: only this test's jobs run.
      await t.database.db.execute(
        sql`update jobs set status = 'Completed' where status = 'Processing'`,
      );
      expect((await pipeline.submit(first!, admin)).statusCode).toBe(200);
      // Over the limit: accepted, waiting with the limit named, nothing queued in ProQ yet.
      for (const id of [second!, third!]) {
        const res = await pipeline.submit(id, admin);
        expect(res.statusCode, res.body).toBe(200);
        expect(await waitingStep(id)).toEqual({
          status: 'Processing',
          ingest: expect.objectContaining({
            status: 'Pending',
            message: 'Waiting: 1 of 1 concurrent jobs for this issuer are running',
            commandId: null,
          }),
        });
        expect(await commandsOf(id)).toBe(0);
      }
      // Waiting jobs hold no running slot.
      const usage = (await t.request({ url: `${URL}/usage`, cookie: admin })).json<ResourceUsage>();
      expect(usage.runningByIssuer.map((r) => r.value)).toEqual([1]);

      // The running job finishes; StartWaitingJobs, through the queue, starts the older one only.
      await t.database.db.execute(sql`update jobs set status = 'Completed' where id = ${first!}`);
      await t.app.ctx.services.jobs.workflow.nudgeWaitingJobs();
      await workers.start({ commandTypes: ['StartWaitingJobs'] });
      await waitFor(
        () => commandsOf(second!),
        (n) => n > 0,
        30_000,
        'the second job to start',
      );
      const started = await waitingStep(second!);
      expect(started.ingest).toMatchObject({ status: 'Pending', message: null });
      expect(started.ingest.commandId).not.toBeNull();
      expect(await waitingStep(third!)).toMatchObject({
        ingest: { message: 'Waiting: 1 of 1 concurrent jobs for this issuer are running' },
      });
      expect(await commandsOf(third!)).toBe(0);
      // (The worker's every-minute schedule may have asked for further runs: none started more.)
      // The run that started it ends a moment after the job's command is queued: wait for its end.
      const runs = await waitFor(
        () =>
          rows<{ message: string }>(
            t.database,
            sql`select message from proq_commands
                where command_type = 'StartWaitingJobs' and processing_group = 'waiting-jobs'
                  and state = 'Completed'`,
          ),
        (list) => list.some((r) => r.message === 'Started 1 waiting job(s); 1 still waiting'),
        30_000,
        'the StartWaitingJobs run that started the second job to end',
      );
      expect(runs.filter((r) => !r.message.startsWith('Started 0')).length).toBe(1);
    } finally {
      await resetLimit('runningJobsPerIssuer');
      await t.database.db.execute(
        sql`update jobs set status = 'Completed', waiting_since = null
            where id in (${sql.join(
              done.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`,
      );
    }
  });

  it('refuses to queue over a limit that can only refuse, naming whenExceeded', async () => {
    const res = await t.request({
      method: 'PUT',
      url: `${URL}/limits/engineThreads`,
      cookie: admin,
      payload: { value: 2, whenExceeded: 'queue' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'whenExceeded: Engine threads cannot queue work; it can only refuse it.',
      errors: [{ field: 'whenExceeded' }],
    });
    const bad = await t.request({
      method: 'PUT',
      url: `${URL}/limits/runningJobsPerIssuer`,
      cookie: admin,
      payload: { value: 2, whenExceeded: 'later' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/whenExceeded must be refuse or queue/);
  });

  it('answers 429 with Retry-After over the API requests per user per minute', async () => {
    const client = await t.signIn('client@example.com');
    expect((await setLimit('apiRequestsPerUserPerMinute', 10)).statusCode).toBe(200);
    try {
      let refused;
      // Ten pass; the eleventh is refused (a few more in case the minute turns meanwhile).
      for (let i = 0; i < 25 && !refused; i++) {
        const res = await t.request({ url: '/api/v1/authorization/user-roles', cookie: client });
        if (res.statusCode === 429) refused = res;
        else expect(res.statusCode).toBe(200);
      }
      expect(refused?.headers['retry-after']).toMatch(/^\d+$/);
      expect(refused?.json().message).toMatch(
        /^Too many requests: the limit of API requests per user per minute is 10\. Try again in \d+ seconds\.$/,
      );
      // The health probe and the sign-in flow are exempt.
      expect((await t.request({ url: '/healthz' })).statusCode).toBe(200);
      expect((await t.request({ url: '/api/auth/session', cookie: client })).statusCode).toBe(200);
    } finally {
      expect((await resetLimit('apiRequestsPerUserPerMinute')).statusCode).toBe(200);
    }
  });
});
