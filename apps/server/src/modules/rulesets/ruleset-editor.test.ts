import type {
  ConfidenceRuleset,
  JobDetails,
  Level,
  RulesetDryRun,
  ScoringRuleset,
  SupplierResult,
  SystemLogEntry,
} from '@b2b/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useJobsTestApp } from '../../../test/jobs-test-app.js';
import type { ReferenceMerchant } from '../../../test/job-pipeline.js';
import { waitFor } from '../../../test/proq-kit.js';

const { t, pipeline, base: JOBS, signedIn } = useJobsTestApp('ruleset-editor');
const AA = '/api/v1/analysis-admin';

let admin: string;
let merchants: ReferenceMerchant[] = [];
let job: JobDetails;
let suppliers: SupplierResult[] = [];

beforeAll(async () => {
  ({ admin, merchants } = signedIn());
  ({ job } = await pipeline.jobAt('completed', { cookie: admin, merchants }));
  const res = await t.request({
    method: 'POST',
    url: `${JOBS}/${job.id}/suppliers`,
    cookie: admin,
    payload: { pageSize: 500 },
  });
  suppliers = res.json<{ collection: SupplierResult[] }>().collection;
}, 240_000);

type Version<R> = { versionNumber: number; isDraft: boolean; isActive: boolean; ruleset: R };

async function createDraft<R>(kind: 'confidence' | 'scoring', fromVersion: number) {
  const res = await t.request({
    method: 'POST',
    url: `${AA}/${kind}-rulesets/drafts`,
    cookie: admin,
    payload: { fromVersion },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Version<R>>();
}

function save<R>(kind: 'confidence' | 'scoring', draft: Version<R>, ruleset: R, cookie = admin) {
  return t.request({
    method: 'PUT',
    url: `${AA}/${kind}-rulesets/${draft.versionNumber}`,
    cookie,
    payload: { name: 'Edited', description: 'A test draft', ruleset },
  });
}

async function dryRun(kind: 'confidence' | 'scoring', versionNumber: number) {
  const res = await t.request({
    method: 'POST',
    url: `${AA}/${kind}-rulesets/${versionNumber}/dry-runs`,
    cookie: admin,
    payload: { jobId: job.id },
  });
  expect(res.statusCode, res.body).toBe(200);
  const started = res.json<RulesetDryRun>();
  return waitFor(
    async () =>
      (
        await t.request({ url: `${AA}/${kind}-rulesets/dry-runs/${started.id}`, cookie: admin })
      ).json<RulesetDryRun>(),
    (d) => d.state === 'Done' || d.state === 'Error',
    120_000,
    'the dry-run',
  );
}

const PRODUCTS = [
  ['Optima', 'optima'],
  ['Stp', 'stp'],
  ['Vcard', 'vcard'],
  ['Pcard', 'pcard'],
  ['TandEcard', 'tandEcard'],
  ['Scf', 'scf'],
  ['InstantPay', 'instantPay'],
  ['Boost', 'boost'],
] as const;

const levelOf = (score: number, high: number, medium: number): Level =>
  score >= high ? 'High' : score >= medium ? 'Medium' : score > 0 ? 'Low' : 'None';

describe('editing a scoring ruleset', () => {
  it('validates a draft, dry-runs it with exact counts, activates it and keeps versions immutable', async () => {
    const active = (await t.request({ url: `${AA}/scoring-rulesets/active`, cookie: admin })).json<
      Version<ScoringRuleset>
    >();
    const draft = await createDraft<ScoringRuleset>('scoring', active.versionNumber);
    expect(draft).toMatchObject({ isDraft: true, isActive: false });
    expect(draft.ruleset.version).toBe(draft.versionNumber);

    // A bad value is a 400 naming the field.
    const bad = await save('scoring', draft, {
      ...draft.ruleset,
      levels: { high: 150, medium: 40 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { field: string }[] }>().errors[0]!.field).toBe(
      'body.ruleset.levels.high',
    );
    const bands = await save('scoring', draft, {
      ...draft.ruleset,
      spendBands: [
        { label: 'a', min: 0 },
        { label: 'b', min: 0 },
      ],
    });
    expect(bands.statusCode).toBe(400);
    expect(bands.json<{ message: string }>().message).toContain('body.ruleset.spendBands[1].min');

    // Raise both level cut-offs: scores stay, levels move; expected from the stored scores.
    const levels = { high: 95, medium: 90 };
    const saved = await save('scoring', draft, { ...draft.ruleset, levels });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Version<ScoringRuleset>>().ruleset.levels).toEqual(levels);

    const done = await dryRun('scoring', draft.versionNumber);
    expect(done.state, done.error ?? '').toBe('Done');
    const expected = PRODUCTS.flatMap(([group, key]) =>
      (['High', 'Medium', 'Low', 'None'] as const).map((level) => ({
        group,
        level,
        before: suppliers.filter((s) => s[`${key}Level`] === level).length,
        after: suppliers.filter(
          (s) => levelOf(s[`${key}Score`] ?? 0, levels.high, levels.medium) === level,
        ).length,
      })),
    );
    const changed = suppliers.filter((s) =>
      PRODUCTS.some(
        ([, key]) =>
          levelOf(s[`${key}Score`] ?? 0, levels.high, levels.medium) !== s[`${key}Level`],
      ),
    );
    expect(changed.length).toBeGreaterThan(0);
    expect(done.summary).toMatchObject({
      supplierCount: suppliers.length,
      changedCount: changed.length,
      comparedWithVersion: active.versionNumber,
      counts: expected,
    });
    const page = await t.request({
      method: 'POST',
      url: `${AA}/scoring-rulesets/dry-runs/${done.id}/changes`,
      cookie: admin,
      payload: { pageNumber: 1, pageSize: 5 },
    });
    expect(page.statusCode, page.body).toBe(200);
    const changes = page.json<{
      totalCount: number;
      collection: { supplierKey: string; changes: { group: string; afterLevel: Level }[] }[];
    }>();
    expect(changes.totalCount).toBe(changed.length);
    const firstKeys = changed
      .map((s) => s.supplierKey)
      .sort()
      .slice(0, 5);
    expect(changes.collection.map((c) => c.supplierKey)).toEqual(firstKeys);
    // The job's own results are untouched by the dry-run.
    const unchanged = (
      await t.request({ url: `${JOBS}/${job.id}`, cookie: admin })
    ).json<JobDetails>();
    expect(unchanged.scoringRulesetVersion).toBe(active.versionNumber);

    // Activate: the draft is the active version; the old one is not.
    const activated = await t.request({
      method: 'POST',
      url: `${AA}/scoring-rulesets/${draft.versionNumber}/activate`,
      cookie: admin,
    });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toMatchObject({ isDraft: false, isActive: true });
    const now = (await t.request({ url: `${AA}/scoring-rulesets/active`, cookie: admin })).json<
      Version<ScoringRuleset>
    >();
    expect(now.versionNumber).toBe(draft.versionNumber);
    const list = (await t.request({ url: `${AA}/scoring-rulesets`, cookie: admin })).json<
      { versionNumber: number; isActive: boolean }[]
    >();
    expect(list.filter((v) => v.isActive).map((v) => v.versionNumber)).toEqual([
      draft.versionNumber,
    ]);

    // Versions are immutable: saving or activating one again is 409.
    for (const versionNumber of [draft.versionNumber, active.versionNumber]) {
      const edit = await save('scoring', { ...draft, versionNumber }, draft.ruleset);
      expect(edit.statusCode).toBe(409);
    }
    const again = await t.request({
      method: 'POST',
      url: `${AA}/scoring-rulesets/${draft.versionNumber}/activate`,
      cookie: admin,
    });
    expect(again.statusCode).toBe(409);

    // Every change is in the audit trail.
    const logs = await t.request({
      method: 'POST',
      url: '/api/v1/system-logs/get',
      cookie: admin,
      payload: { pageSize: 100, filters: [] },
    });
    const actions = logs
      .json<{ collection: SystemLogEntry[] }>()
      .collection.filter(
        (l) => l.entityType === 'scoring-ruleset' && l.entityId === String(draft.versionNumber),
      )
      .map((l) => l.action)
      .sort();
    expect(actions).toEqual(['RulesetActivated', 'RulesetDraftCreated', 'RulesetDraftSaved']);

    // Re-score the job with the new version through the jobs module.
    const rerun = await t.request({
      method: 'POST',
      url: `${AA}/scoring-rulesets/${draft.versionNumber}/rerun-jobs`,
      cookie: admin,
      payload: { jobIds: [job.id] },
    });
    expect(rerun.statusCode, rerun.body).toBe(200);
    const finished = await pipeline.waitUntilFinished(job.id, admin);
    expect(finished).toMatchObject({
      status: 'Completed',
      scoringRulesetVersion: draft.versionNumber,
    });
  }, 240_000);
});

describe('editing a confidence ruleset (match model)', () => {
  it('edits the thresholds, refuses hand-edited weights and dry-runs a draft like the active one', async () => {
    const active = (
      await t.request({ url: `${AA}/confidence-rulesets/active`, cookie: admin })
    ).json<Version<ConfidenceRuleset>>();
    expect(active.ruleset.method).toBe('model');
    const draft = await createDraft<ConfidenceRuleset>('confidence', active.versionNumber);
    if (draft.ruleset.method !== 'model') throw new Error('expected the match model');
    const model = draft.ruleset.model;

    const bad = await save('confidence', draft, {
      ...draft.ruleset,
      model: { ...model, thresholds: { ...model.thresholds, low: model.thresholds.medium + 1 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { field: string }[] }>().errors[0]!.field).toBe(
      'body.ruleset.model.thresholds.low',
    );
    const weights = await save('confidence', draft, {
      ...draft.ruleset,
      model: {
        ...model,
        comparisons: {
          ...model.comparisons,
          name: { ...model.comparisons.name, termFrequency: !model.comparisons.name.termFrequency },
        },
      },
    });
    expect(weights.statusCode).toBe(400);
    expect(weights.json<{ errors: { field: string }[] }>().errors[0]!.field).toBe(
      'body.ruleset.model.comparisons',
    );

    // Same thresholds: matching is deterministic, so nothing changes and the counts are the job's.
    const done = await dryRun('confidence', draft.versionNumber);
    expect(done.state, done.error ?? '').toBe('Done');
    const counts = (['High', 'Medium', 'Low', 'None'] as const).map((level) => {
      const n = suppliers.filter((s) => s.confidence === level).length;
      return { group: 'Confidence', level, before: n, after: n };
    });
    expect(done.summary).toMatchObject({
      supplierCount: suppliers.length,
      changedCount: 0,
      counts,
      // Only how levels are decided could differ: decided from the stored matches (issue 20).
      fromStoredMatches: true,
      rematchReason: null,
    });

    // Raised cut-offs: decided from the stored matches, exactly as matching again decides them.
    const raised = {
      ...draft.ruleset,
      model: {
        ...model,
        thresholds: {
          high: model.thresholds.high + 3,
          medium: model.thresholds.medium + 3,
          low: model.thresholds.low + 3,
        },
      },
    };
    expect((await save('confidence', draft, raised)).statusCode).toBe(200);
    const fast = await dryRun('confidence', draft.versionNumber);
    expect(fast.state, fast.error ?? '').toBe('Done');
    expect(fast.summary).toMatchObject({ fromStoredMatches: true, rematchReason: null });
    const { jobs } = t.app.ctx.services;
    const stored = (await t.app.ctx.services.rulesets.get('confidence', draft.versionNumber))
      .ruleset as ConfidenceRuleset;
    const full = await jobs.rulesetDryRun(
      job.id,
      { kind: 'confidence', ruleset: stored },
      `rulesets/dry-runs/test-full-${draft.versionNumber}.parquet`,
      { path: 'full' },
    );
    expect(full).toMatchObject({ fromStoredMatches: false });
    expect({
      supplierCount: fast.summary!.supplierCount,
      changedCount: fast.summary!.changedCount,
      counts: fast.summary!.counts,
    }).toEqual({
      supplierCount: full.supplierCount,
      changedCount: full.changedCount,
      counts: full.counts,
    });
    // A blocking change finds other candidates: matched again, saying why.
    expect(
      (
        await save('confidence', draft, {
          ...raised,
          blocking: { ...raised.blocking, maxBlockSize: raised.blocking.maxBlockSize + 1 },
        })
      ).statusCode,
    ).toBe(200);
    const rematched = await dryRun('confidence', draft.versionNumber);
    expect(rematched.summary).toMatchObject({
      fromStoredMatches: false,
      rematchReason:
        'the draft changes blocking or the match model (comparisons, prior or estimation)',
      changedCount: full.changedCount,
    });

    // Re-match the job with the active version through the jobs module (then score again).
    const rerun = await t.request({
      method: 'POST',
      url: `${AA}/confidence-rulesets/${active.versionNumber}/rerun-jobs`,
      cookie: admin,
      payload: { jobIds: [job.id] },
    });
    expect(rerun.statusCode, rerun.body).toBe(200);
    expect(rerun.json()).toEqual({
      jobs: [{ jobId: job.id, name: job.name, status: 'Processing' }],
    });
    const finished = await pipeline.waitUntilFinished(job.id, admin);
    expect(finished.steps.map((s) => [s.step, s.status])).toEqual([
      ['Ingest', 'Completed'],
      ['Match', 'Completed'],
      ['Score', 'Completed'],
      ['Aggregate', 'Completed'],
    ]);
    expect(finished.confidenceRulesetVersion).toBe(active.versionNumber);
  }, 240_000);
});

describe('who may edit rulesets', () => {
  it('refuses roles without AnalysisAdmin and a job the editor cannot run on', async () => {
    for (const username of ['ptcojobmanager@example.com', 'issuer@example.com']) {
      const cookie = await t.signIn(username);
      const res = await t.request({
        method: 'POST',
        url: `${AA}/scoring-rulesets/drafts`,
        cookie,
        payload: { fromVersion: 1 },
      });
      expect(res.statusCode, username).toBe(403);
    }
    const draft = await createDraft<ScoringRuleset>('scoring', 1);
    const unknown = await t.request({
      method: 'POST',
      url: `${AA}/scoring-rulesets/${draft.versionNumber}/dry-runs`,
      cookie: admin,
      payload: { jobId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(404);
    const missing = await t.request({
      method: 'POST',
      url: `${AA}/scoring-rulesets/drafts`,
      cookie: admin,
      payload: { fromVersion: 999 },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ errors: { field: string }[] }>().errors[0]!.field).toBe('fromVersion');
    // A draft is not a version jobs may use.
    const rescore = await t.request({
      method: 'POST',
      url: `${JOBS}/${job.id}/rescore`,
      cookie: admin,
      payload: { scoringRulesetVersion: draft.versionNumber },
    });
    expect(rescore.statusCode).toBe(409);
    expect(rescore.json<{ message: string }>().message).toContain('is a draft');
    const rerunDraft = await t.request({
      method: 'POST',
      url: `${AA}/scoring-rulesets/${draft.versionNumber}/rerun-jobs`,
      cookie: admin,
      payload: { jobIds: [job.id] },
    });
    expect(rerunDraft.statusCode).toBe(409);
    expect(rerunDraft.json<{ message: string }>().message).toContain('is a draft');
  }, 60_000);
});
