import type { JobDetails, SupplierResult } from '@b2b/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useJobsTestApp } from '../../../test/jobs-test-app.js';
import { type ReferenceMerchant, messySummaryCsv } from '../../../test/job-pipeline.js';
import { rows, statesOf, waitFor } from '../../../test/proq-kit.js';

const { t, workers, pipeline, base, signedIn } = useJobsTestApp('job-workflow');

let admin: string;
let merchants: ReferenceMerchant[] = [];

beforeAll(() => {
  ({ admin, merchants } = signedIn());
});

function consultantPaymentsCsv(): string {
  const lines = ['Supplier;Supplier Number;Payment Date;Amount;Payment Method'];
  merchants.slice(0, 15).forEach((m, i) => {
    for (let k = 0; k < 4; k++) {
      lines.push(
        `${m.merchant_name};S${i};${String(k * 7 + 1).padStart(2, '0')}/03/2025;"1.234,${k}0";Cheque`,
      );
    }
  });
  return `${lines.join('\n')}\n`;
}

const waitUntilFinished = (jobId: string) => pipeline.waitUntilFinished(jobId, admin);

describe('Summary Upload pipeline', () => {
  it('submits, and ProQ runs Ingest → Match → Score → Aggregate', async () => {
    const { job: mapped } = await pipeline.jobAt('mapped', { cookie: admin, merchants });
    const res = await pipeline.submit(mapped.id, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<JobDetails>().status).toBe('Processing');
    const job = await waitUntilFinished(mapped.id);
    expect(job.status, JSON.stringify(job.steps)).toBe('Completed');
    expect(job.steps.every((s) => s.status === 'Completed')).toBe(true);
    expect(job.referenceVersionId).toMatch(/\w/);
    expect(job.confidenceRulesetVersion).toBe(6);
    expect(job.scoringRulesetVersion).toBe(1);
    expect(job.summary!.suppliers).toBe(31);
    expect(job.summary!.matched).toBeGreaterThanOrEqual(20);
    expect(job.summary!.spendByProduct.Optima).toBeDefined();
    // Draft-only actions are closed now.
    const late = await pipeline.upload(
      job.id,
      'Suppliers',
      'again.csv',
      messySummaryCsv(merchants),
      admin,
    );
    expect(late.statusCode).toBe(409);
  });

  it('writes job log lines per step', async () => {
    const { job } = await pipeline.jobAt('completed', { cookie: admin, merchants });
    type Logs = {
      lines: { step: string | null; message: string }[];
      lastId: number;
      finished: boolean;
    };
    // As the web's log page does: read until the server says no step can add a line.
    const logs = await waitFor(
      async () => {
        const res = await t.request({ url: `${base}/${job.id}/logs`, cookie: admin });
        expect(res.statusCode).toBe(200);
        return res.json<Logs>();
      },
      (answer) => answer.finished,
      30_000,
      'the job log to finish',
    );
    expect(new Set(logs.lines.map((l) => l.step))).toEqual(
      new Set(['Ingest', 'Match', 'Score', 'Aggregate']),
    );
    // The after-completion work's line is among them, not written after "finished".
    expect(logs.lines.at(-1)?.message).toMatch(
      /^Aggregate: after completion: use case figures stored/,
    );
    const since = await t.request({
      url: `${base}/${job.id}/logs?afterId=${logs.lastId}`,
      cookie: admin,
    });
    expect(since.json<{ lines: unknown[] }>().lines).toEqual([]);
  });
});

describe('other job types', () => {
  it('Matched Data Only stops after matching', async () => {
    const mdoCreator = await t.signIn('matcheddataonlyjobcreator@example.com');
    const job = await pipeline.createJob({
      cookie: mdoCreator,
      type: 'matched-data-only',
      issuerName: 'PayTech Bank',
    });
    expect(job.steps.map((s) => s.step)).toEqual(['Ingest', 'Match']);
    const file = await pipeline.upload(
      job.id,
      'Suppliers',
      'list.csv',
      messySummaryCsv(merchants),
      mdoCreator,
    );
    expect(file.statusCode, file.body).toBe(201);
    const submitted = await pipeline.submit(job.id, mdoCreator);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const done = await waitUntilFinished(job.id);
    expect(done.status, JSON.stringify(done.steps)).toBe('Completed');
    expect(done.scoringRulesetVersion).toBeNull();
    const rows = (
      await t.request({
        method: 'POST',
        url: `${base}/${job.id}/suppliers`,
        cookie: admin,
        payload: { pageSize: 100, filters: [] },
      })
    ).json<{ collection: SupplierResult[] }>().collection;
    expect(rows.some((r) => r.matchStatus === 'MATCHED')).toBe(true);
    expect(rows.every((r) => r.optimaScore === null)).toBe(true);
    // The Matched Data Only creator may not start the other job types.
    const issuers = await pipeline.issuersFor(mdoCreator);
    const other = await t.request({
      method: 'POST',
      url: `${base}?type=base&issuerId=${issuers[0]!.id}&buyerId=${issuers[0]!.buyers[0]!.id}&name=x&currency=GBP`,
      cookie: mdoCreator,
    });
    expect(other.statusCode).toBe(403);
  });

  it('Consultant Upload aggregates payment documents per supplier', async () => {
    const job = await pipeline.createJob({
      cookie: admin,
      type: 'advanced',
      issuerName: 'PayTech Bank',
    });
    const wrongRole = await pipeline.upload(
      job.id,
      'Suppliers',
      'payments.csv',
      consultantPaymentsCsv(),
      admin,
    );
    expect(wrongRole.statusCode).toBe(400);
    const file = await pipeline.upload(
      job.id,
      'Payment',
      'payments.csv',
      consultantPaymentsCsv(),
      admin,
    );
    expect(file.statusCode, file.body).toBe(201);
    const mapping = file.json<{ mapping: Record<string, number> }>().mapping;
    expect(mapping.amount).toBe(3);
    expect(mapping.documentDate).toBe(2);
    await t.request({
      method: 'PUT',
      url: `${base}/${job.id}/files/${file.json<{ id: string }>().id}/mapping`,
      cookie: admin,
      payload: { mapping, options: { dateOrder: 'DMY' } },
    });
    await pipeline.submit(job.id, admin);
    const done = await waitUntilFinished(job.id);
    expect(done.status, JSON.stringify(done.steps)).toBe('Completed');
    expect(done.summary!.suppliers).toBe(15);
    expect(done.summary!.payments).toBe(60);
  });
});

describe('a failing step', () => {
  it('shows the step and its message, cancels the later steps, and can be retried', async () => {
    const job = await pipeline.createJob({ cookie: admin, issuerName: 'PayTech Bank' });
    // Every row lacks the required spend: ingestion accepts nothing.
    const csv = `Supplier Name,Annual Spend\n${merchants
      .slice(0, 5)
      .map((m) => `"${m.merchant_name}",`)
      .join('\n')}\n`;
    expect(
      (await pipeline.upload(job.id, 'Suppliers', 'no-spend.csv', csv, admin)).statusCode,
    ).toBe(201);
    await pipeline.submit(job.id, admin);
    const failed = await waitUntilFinished(job.id);
    expect(failed.status).toBe('Error');
    expect(failed.can.retry).toBe(true);
    const [ingest, ...later] = failed.steps;
    expect(ingest!.status).toBe('Error');
    expect(ingest!.message).toMatch(/No rows were accepted/);
    expect(later.map((s) => s.status)).toEqual(['Canceled', 'Canceled', 'Canceled']);
    const logs = (await t.request({ url: `${base}/${job.id}/logs`, cookie: admin })).json<{
      lines: { level: string; step: string }[];
    }>();
    expect(logs.lines).toContainEqual(expect.objectContaining({ level: 'error', step: 'Ingest' }));

    // Only the owner (or a JobEdit holder) retries: the issuer's Manager sees the job (SPEC §3
    // IssuerManager) but may not; a plain Member does not even see the unpublished job.
    const retry = (cookie: string) =>
      t.request({ method: 'POST', url: `${base}/${job.id}/steps/Ingest/retry`, cookie });
    const manager = await t.signIn('accountmanager@example.com');
    expect((await retry(manager)).statusCode).toBe(403);
    const member = await t.signIn('issuer@example.com');
    expect((await retry(member)).statusCode).toBe(404);
    // Workers paused, so the answer shows the reset steps before any worker picks them up.
    await workers.stopAll();
    const retried = await retry(admin);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<JobDetails>().steps.map((s) => s.status)).toEqual([
      'Pending',
      'Blocked',
      'Blocked',
      'Blocked',
    ]);
    await workers.start({ concurrency: 1 });
    const again = await waitUntilFinished(job.id);
    expect(again.status).toBe('Error');
  });
});

describe('a step of a run that was started again', () => {
  it('does nothing when it comes late, leaving the newer run as it finished', async () => {
    const { job } = await pipeline.jobAt('completed', { cookie: admin, merchants });
    const runNumber = async () =>
      (
        await rows<{ run_number: number }>(
          t.database,
          sql`select run_number from jobs where id = ${job.id}::uuid`,
        )
      )[0]!.run_number;
    const replaced = await runNumber();
    const list = await t.request({
      method: 'POST',
      url: `${base}/${job.id}/suppliers`,
      cookie: admin,
      payload: { pageSize: 50, orderBy: 'supplierKey' },
    });
    const matched = list
      .json<{ collection: SupplierResult[] }>()
      .collection.find((s) => s.matchStatus === 'MATCHED')!;
    // A person's decision runs the job's later steps again, as a new run.
    const decided = await t.request({
      method: 'PUT',
      url: `${base}/${job.id}/suppliers/${encodeURIComponent(matched.supplierKey)}/match`,
      cookie: admin,
      payload: { decision: 'rejected' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const rerun = await waitUntilFinished(job.id);
    expect(rerun.status).toBe('Completed');
    expect(await runNumber()).toBe(replaced + 1);

    // The replaced run's last step arrives late, as from a slow or restarted worker.
    const [late] = await t.app.ctx.services.proq.enqueue({
      commandType: 'JobAggregate',
      payload: { jobId: job.id, runNumber: replaced },
      jobId: job.id,
    });
    const outcome = await waitFor(
      async () => (await statesOf(t.database, [late!.id])).get(late!.id)!,
      (command) => command.state === 'Completed',
      30_000,
      'the late step',
    );
    expect(outcome.message).toBe('Superseded by a newer run of the job; nothing to do.');
    const after = (await t.request({ url: `${base}/${job.id}`, cookie: admin })).json<JobDetails>();
    expect(after.status).toBe('Completed');
    expect(after.steps).toEqual(rerun.steps);
  });
});

describe('job maintenance reset', () => {
  it('starts a submitted job over from Ingest, for DevOps job maintenance only', async () => {
    // Only the developer role holds DevOps_JobMaintenance_UPDATE.
    const developer = await t.signIn('developer@example.com');
    const reset = (jobId: string, cookie: string) =>
      t.request({ method: 'POST', url: `${base}/${jobId}/reset`, cookie });
    const { job: draft } = await pipeline.jobAt('draft', { cookie: admin, merchants });
    const early = await reset(draft.id, developer);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json<{ message: string }>().message).toBe(
      'The job has not been submitted yet; there is nothing to reset.',
    );
    const { job: completed } = await pipeline.jobAt('completed', { cookie: admin, merchants });

    // The job's owner, a sysadmin, is no DevOps job maintainer.
    expect((await reset(completed.id, admin)).statusCode).toBe(403);

    await workers.stopAll();
    const answer = await reset(completed.id, developer);
    expect(answer.statusCode, answer.body).toBe(200);
    const job = answer.json<JobDetails>();
    expect(job.status).toBe('Processing');
    expect(job.steps.map((s) => s.status)).toEqual(['Pending', 'Blocked', 'Blocked', 'Blocked']);
    await workers.start({ concurrency: 1 });
    const again = await waitUntilFinished(completed.id);
    expect(again.status).toBe('Completed');
    expect(again.steps.every((s) => s.status === 'Completed')).toBe(true);
  });
});

// Last in the file: it starts every job of the file over.
describe('reset all jobs (SPEC §2 Dev, reset-all-jobs)', () => {
  it('starts every submitted job over after the typed confirmation, for the Dev area only', async () => {
    const developer = await t.signIn('developer@example.com');
    const resetAll = (cookie: string, confirmation: string) =>
      t.request({
        method: 'POST',
        url: '/api/v1/dev/tools/reset-all-jobs',
        cookie,
        payload: { confirmation },
      });
    await pipeline.jobAt('draft', { cookie: admin, merchants });
    const { job: completed } = await pipeline.jobAt('completed', { cookie: admin, merchants });

    // A system administrator holds no DevArea_CRUD.
    expect((await resetAll(admin, 'RESET ALL JOBS')).statusCode).toBe(403);
    const unconfirmed = await resetAll(developer, 'reset');
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toMatchObject({
      message: 'Type RESET ALL JOBS to confirm.',
      errors: [{ field: 'confirmation' }],
    });

    await workers.stopAll();
    const answer = await resetAll(developer, 'RESET ALL JOBS');
    expect(answer.statusCode, answer.body).toBe(200);
    const { resetCount, skippedDraftCount } = answer.json<{
      resetCount: number;
      skippedDraftCount: number;
    }>();
    expect(resetCount).toBeGreaterThanOrEqual(1);
    expect(skippedDraftCount).toBeGreaterThanOrEqual(1);
    const details = await t.request({ url: `${base}/${completed.id}`, cookie: admin });
    expect(details.json<JobDetails>().steps.map((s) => s.status)).toEqual([
      'Pending',
      'Blocked',
      'Blocked',
      'Blocked',
    ]);
    await workers.start({ concurrency: 1 });
    expect((await waitUntilFinished(completed.id)).status).toBe('Completed');
  });
});
