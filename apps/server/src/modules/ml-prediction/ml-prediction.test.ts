import {
  ML_FEATURE_GROUPS,
  type JobDetails,
  type JobPredictionStatus,
  type MlModelVersion,
  type MlPredictionOverview,
  type SupplierResult,
} from '@b2b/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_SET } from '../../engine/ml-prediction/supplier-features.js';
import { useJobsTestApp } from '../../../test/jobs-test-app.js';
import type { ReferenceMerchant } from '../../../test/job-pipeline.js';
import { waitFor } from '../../../test/proq-kit.js';
import { createMlModelsRepo } from './ml-models.repo.js';

const { t, pipeline, base: JOBS, signedIn } = useJobsTestApp('ml-prediction');
const ML = '/api/v1/analysis-admin/ml-prediction';

let admin: string;
let merchants: ReferenceMerchant[] = [];
let first: JobDetails;
let second: JobDetails;

beforeAll(async () => {
  ({ admin, merchants } = signedIn());
  // Two Completed jobs of two issuers: the model trains across both, one is held out.
  ({ job: first } = await pipeline.jobAt('completed', { cookie: admin, merchants }));
  ({ job: second } = await pipeline.jobAt('completed', {
    cookie: admin,
    merchants: merchants.slice(10),
    issuerName: 'Lloyds',
  }));
}, 240_000);

const overview = async (cookie = admin) =>
  (await t.request({ url: ML, cookie })).json<MlPredictionOverview>();

async function suppliersOf(jobId: string, filters: unknown[] = []) {
  const res = await t.request({
    method: 'POST',
    url: `${JOBS}/${jobId}/suppliers`,
    cookie: admin,
    payload: { pageSize: 500, filters },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ collection: SupplierResult[]; totalCount: number }>();
}

describe('ML prediction', () => {
  it('trains a version through the queue, shows its held-out evaluation, activates it and predicts for unmatched suppliers', async () => {
    const noModel = await t.request({
      method: 'POST',
      url: `${JOBS}/${first.id}/predicted-card-acceptance`,
      cookie: admin,
    });
    expect(noModel.statusCode).toBe(409);
    expect(noModel.json().message).toMatch(/No model version is active/);
    const noCommand = await t.request({
      url: `${JOBS}/${first.id}/predicted-card-acceptance`,
      cookie: admin,
    });
    expect(noCommand.statusCode, noCommand.body).toBe(200);
    expect(noCommand.json()).toEqual({ jobId: first.id, command: null });

    const queued = await t.request({ method: 'POST', url: `${ML}/models`, cookie: admin });
    expect(queued.statusCode, queued.body).toBe(201);
    const version = queued.json<MlModelVersion>();
    expect(version).toMatchObject({
      state: 'Queued',
      isActive: false,
      trainedBy: 'sysadmin@example.com',
      featureSet: FEATURE_SET,
      evaluation: null,
    });

    const ready = await waitFor(
      overview,
      (o) =>
        ['Ready', 'Error'].includes(o.versions.find((v) => v.version === version.version)!.state),
      120_000,
      'the training',
    );
    const trained = ready.versions.find((v) => v.version === version.version)!;
    expect(trained.error).toBeNull();
    expect(trained).toMatchObject({ state: 'Ready', progress: 100, isActive: false });
    expect(trained.trainedAt).not.toBeNull();
    const evaluation = trained.evaluation!;
    expect(evaluation.trainingJobs + evaluation.heldOutJobs).toBeGreaterThanOrEqual(2);
    expect(evaluation.heldOutJobs).toBeGreaterThanOrEqual(1);
    expect(trained.trainingSize).toBeGreaterThan(20);
    expect(evaluation.heldOutSuppliers).toBeGreaterThan(20);
    expect(evaluation.calibration.reduce((n, b) => n + b.suppliers, 0)).toBe(
      evaluation.heldOutSuppliers,
    );
    // Permutation importances on the held-out jobs: every group once, largest drop first.
    const importances = evaluation.featureImportances!;
    expect(importances.map((i) => i.group).sort()).toEqual([...ML_FEATURE_GROUPS].sort());
    const drops = importances.map((i) => i.rocAucDrop);
    expect(drops).toEqual([...drops].sort((a, b) => b - a));
    for (const i of importances) {
      expect(i.spread).toBeGreaterThanOrEqual(0);
      expect(Math.abs(i.rocAucDrop)).toBeLessThanOrEqual(1);
    }
    // Aggregate figures only: no supplier of any issuer's job is on the screen's reply.
    const body = JSON.stringify(ready);
    expect(body).not.toContain('Totally Unknown Widgets');
    expect(body).not.toContain(merchants[0]!.merchant_name);

    const activated = await t.request({
      method: 'POST',
      url: `${ML}/models/${version.version}/activate`,
      cookie: admin,
    });
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json<MlModelVersion>().isActive).toBe(true);
    expect((await overview()).activeVersion).toBe(version.version);

    const predict = await t.request({
      method: 'POST',
      url: `${JOBS}/${first.id}/predicted-card-acceptance`,
      cookie: admin,
    });
    expect(predict.statusCode, predict.body).toBe(200);
    expect(predict.json()).toMatchObject({ jobId: first.id, modelVersion: version.version });
    const { commandId } = predict.json<{ commandId: string }>();
    // The suppliers tab follows the queued command until it has run.
    const done = await waitFor(
      async () =>
        (
          await t.request({ url: `${JOBS}/${first.id}/predicted-card-acceptance`, cookie: admin })
        ).json<JobPredictionStatus>(),
      (s) => s.command?.state === 'Completed',
      60_000,
      'the prediction command',
    );
    expect(done.command).toMatchObject({ id: commandId, state: 'Completed' });
    expect(done.command!.message).toMatch(/^card acceptance predicted for \d+ unmatched suppliers/);
    expect(done.command!.completedDate).not.toBeNull();

    const { collection } = await waitFor(
      () => suppliersOf(first.id),
      (page) =>
        page.collection.some((s) => s.matchStatus === 'UNMATCHED') &&
        page.collection
          .filter((s) => s.matchStatus === 'UNMATCHED')
          .every((s) => s.predictedCardAcceptance !== null),
      60_000,
      'the predictions',
    );
    for (const s of collection) {
      if (s.matchStatus === 'MATCHED') expect(s.predictedCardAcceptance).toBeNull();
      else expect(s.predictedCardAcceptance).toBeGreaterThan(0);
    }
    const unmatched = collection.filter((s) => s.matchStatus === 'UNMATCHED');

    // The datapoint filters the supplier list (and so use case rules) like any other.
    const filtered = await suppliersOf(first.id, [
      {
        propertyName: 'predictedCardAcceptance',
        comparisonOperator: 'GreaterThanOrEqual',
        value: 0,
      },
    ]);
    expect(filtered.totalCount).toBe(unmatched.length);

    // A job completing while a model is active is predicted by its pipeline, with no command.
    const { job: third } = await pipeline.jobAt('completed', {
      cookie: admin,
      merchants: merchants.slice(5),
    });
    const piped = (await suppliersOf(third.id)).collection;
    expect(piped.filter((s) => s.matchStatus === 'UNMATCHED').length).toBeGreaterThan(0);
    for (const s of piped)
      expect(s.predictedCardAcceptance === null).toBe(s.matchStatus === 'MATCHED');

    // A second delivery replaces the predictions with the same ones.
    await t.app.ctx.services.mlPrediction.predictJob(first.id);
    const again = await suppliersOf(first.id);
    expect(again.collection.map((s) => s.predictedCardAcceptance)).toEqual(
      collection.map((s) => s.predictedCardAcceptance),
    );
  });

  it('refuses users without MlPrediction_VIEW, and predictions to users who may not re-score', async () => {
    const issuer = await t.signIn('issuer@example.com');
    for (const request of [
      { url: ML },
      { method: 'POST' as const, url: `${ML}/models` },
      { method: 'POST' as const, url: `${ML}/models/1/activate` },
    ]) {
      const res = await t.request({ ...request, cookie: issuer });
      expect(res.statusCode, request.url).toBe(403);
    }
    const client = await t.signIn('client@example.com');
    for (const method of ['POST', 'GET'] as const) {
      const res = await t.request({
        method,
        url: `${JOBS}/${second.id}/predicted-card-acceptance`,
        cookie: client,
      });
      expect(res.statusCode, method).toBe(403);
    }
  });

  it('answers bad input with a 4xx naming what was wrong', async () => {
    const word = await t.request({
      method: 'POST',
      url: `${ML}/models/first/activate`,
      cookie: admin,
    });
    expect(word.statusCode).toBe(400);
    expect(word.body).toContain('version');

    const missing = await t.request({
      method: 'POST',
      url: `${ML}/models/999/activate`,
      cookie: admin,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('There is no model version 999.');

    // A version still waiting for its training (no worker took it) cannot be activated.
    const waiting = await createMlModelsRepo(t.database.db).insertNext({
      trainedByUsername: 'sysadmin@example.com',
      featureSet: FEATURE_SET,
      hashBits: 18,
    });
    const early = await t.request({
      method: 'POST',
      url: `${ML}/models/${waiting.version}/activate`,
      cookie: admin,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      `Model version ${waiting.version} is Queued: only a Ready version can be activated.`,
    );

    const badJob = await t.request({
      method: 'POST',
      url: `${JOBS}/not-a-job/predicted-card-acceptance`,
      cookie: admin,
    });
    expect(badJob.statusCode).toBe(400);
    for (const method of ['POST', 'GET'] as const) {
      const unknownJob = await t.request({
        method,
        url: `${JOBS}/00000000-0000-4000-8000-000000000000/predicted-card-acceptance`,
        cookie: admin,
      });
      expect(unknownJob.statusCode, method).toBe(404);
    }
    const badStatus = await t.request({
      url: `${JOBS}/not-a-job/predicted-card-acceptance`,
      cookie: admin,
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.body).toContain('id');
    const { job: draft } = await pipeline.jobAt('draft', { cookie: admin, merchants });
    const notDone = await t.request({
      method: 'POST',
      url: `${JOBS}/${draft.id}/predicted-card-acceptance`,
      cookie: admin,
    });
    expect(notDone.statusCode).toBe(409);
    expect(notDone.json().message).toBe('Only a Completed job can be scored again.');
  });
});
