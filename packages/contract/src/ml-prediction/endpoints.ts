import { IdParamsSchema } from '../common/ids.js';
import { defineEndpoint } from '../common/endpoint.js';
import {
  JobPredictionStatusSchema,
  MlModelVersionParamsSchema,
  MlModelVersionSchema,
  MlPredictionOverviewSchema,
  PredictJobResponseSchema,
} from './schemas.js';

const tags = ['ML prediction'];
const base = '/api/v1/analysis-admin/ml-prediction';
// SPEC §2: the screen needs MlPrediction_VIEW (within the analysis admin area); training and
// activating change what every job's suppliers are told, so they take AnalysisAdmin too, as
// changing a ruleset does.
const view = { permissions: ['Analysis_Admin_Area_VIEW', 'MlPrediction_VIEW'] } as const;
const manage = {
  permissions: ['Analysis_Admin_Area_VIEW', 'MlPrediction_VIEW', 'AnalysisAdmin'],
} as const;

export const getMlPrediction = defineEndpoint({
  method: 'GET',
  path: base,
  summary: 'Card acceptance model versions with their training state and held-out evaluation',
  tags,
  responses: { 200: MlPredictionOverviewSchema },
  access: view,
});

export const trainMlModel = defineEndpoint({
  method: 'POST',
  path: `${base}/models`,
  summary: 'Queue the training of a new model version on the suppliers of every Completed job',
  tags,
  responses: { 201: MlModelVersionSchema },
  access: manage,
});

export const activateMlModel = defineEndpoint({
  method: 'POST',
  path: `${base}/models/:version/activate`,
  summary: 'Make a Ready model version the one jobs are scored with',
  tags,
  params: MlModelVersionParamsSchema,
  responses: { 200: MlModelVersionSchema },
  access: manage,
});

export const predictJobCardAcceptance = defineEndpoint({
  method: 'POST',
  path: '/api/v1/job-artifacts/:id/predicted-card-acceptance',
  summary: "Queue the active model's predictions for a Completed job's unmatched suppliers",
  tags,
  params: IdParamsSchema,
  responses: { 200: PredictJobResponseSchema },
  // As re-scoring a job (jobs rescore): the job's results change.
  access: { permissions: ['JobEdit'] },
});

export const getJobCardAcceptancePrediction = defineEndpoint({
  method: 'GET',
  path: '/api/v1/job-artifacts/:id/predicted-card-acceptance',
  summary: "The state of the job's latest queued card acceptance prediction (its ProQ command)",
  tags,
  params: IdParamsSchema,
  responses: { 200: JobPredictionStatusSchema },
  // Whoever may queue the prediction follows it (the ProQ screens need ProQ_VIEW, which a job
  // manager lacks).
  access: { permissions: ['JobEdit'] },
});
