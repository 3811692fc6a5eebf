import {
  type JobPredictionStatus,
  type MlModelEvaluation,
  type MlModelState,
  type MlModelVersion,
  type MlPredictionOverview,
  PROQ_COMMAND_TYPES,
} from '@b2b/contract';
import type { Database } from '../../db/client.js';
import { modelFromBytes, modelToBytes } from '../../engine/ml-prediction/logistic-regression.js';
import { FEATURE_SET, HASH_BITS } from '../../engine/ml-prediction/supplier-features.js';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/actor.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { authorize } from '../jobs/jobs.policy.js';
import type { ProqService } from '../proq/proq.service.js';
import type { SystemLogsService } from '../system-logs/system-logs.service.js';
import {
  type EngineAccess,
  predictJobSuppliers,
  trainCardAcceptanceModel,
} from './card-acceptance-model.js';
import { type MlModelSummaryRow, createMlModelsRepo } from './ml-models.repo.js';
import { uiText } from '../../lib/ui-text.js';

const ENTITY_TYPE = 'MlModel';

/** Versions trained before feature importances were measured have none stored: null. */
function evaluationOf(stored: unknown): MlModelEvaluation | null {
  if (!stored) return null;
  const evaluation = stored as Omit<MlModelEvaluation, 'featureImportances'> &
    Partial<Pick<MlModelEvaluation, 'featureImportances'>>;
  return { ...evaluation, featureImportances: evaluation.featureImportances ?? null };
}

function present(row: MlModelSummaryRow): MlModelVersion {
  return {
    version: row.version,
    state: row.state as MlModelState,
    isActive: row.isActive,
    requestedAt: row.requestedAt.toISOString(),
    trainedAt: row.trainedAt?.toISOString() ?? null,
    trainedBy: row.trainedByUsername,
    featureSet: row.featureSet,
    trainingSize: row.trainingSize,
    progress: row.progress,
    message: row.message,
    error: row.error,
    evaluation: evaluationOf(row.evaluation),
  };
}

/**
 * ML prediction (SPEC §2 analysis admin ml-prediction): card acceptance model versions trained
 * by a ProQ command on every Completed job's suppliers, one of them active; the active one
 * predicts, for a job's unmatched suppliers, the probability that they accept card.
 */
export function createMlPredictionService(
  db: Database,
  deps: {
    jobs: Pick<JobsService, 'completedJobIds' | 'replacePredictedCardAcceptance' | 'visible'>;
    proq: Pick<ProqService, 'enqueue' | 'latestJobCommand'>;
    systemLogs: Pick<SystemLogsService, 'record'>;
    engine: EngineAccess;
  },
) {
  const repo = createMlModelsRepo(db);

  async function found(version: number) {
    const row = await repo.find(version);
    if (!row) throw AppError.notFound(`There is no model version ${version}.`);
    return row;
  }

  return {
    async overview(): Promise<MlPredictionOverview> {
      const rows = await repo.list();
      return {
        activeVersion: rows.find((r) => r.isActive)?.version ?? null,
        versions: rows.map(present),
      };
    },

    /** Queues the training of a new version (the TrainMlModel command does the work). */
    async train(actor: Actor): Promise<MlModelVersion> {
      const row = await repo.insertNext({
        trainedById: actor.userId,
        trainedByUsername: actor.username,
        featureSet: FEATURE_SET,
        hashBits: HASH_BITS,
        message: uiText('Waiting for a worker'),
      });
      await deps.proq.enqueue([
        {
          commandType: PROQ_COMMAND_TYPES.trainMlModel,
          payload: { version: row.version },
          targetEntityId: String(row.version),
          category: 'Analysis',
          tags: [`v${row.version}`],
          // One training at a time: each reads every job's suppliers.
          processingGroup: 'ml-training',
        },
      ]);
      await deps.systemLogs.record(actor, {
        action: 'MlModelTrainingQueued',
        entityType: ENTITY_TYPE,
        entityId: String(row.version),
        entityName: `Card acceptance model v${row.version}`,
      });
      return present(row);
    },

    async activate(actor: Actor, version: number): Promise<MlModelVersion> {
      const row = await found(version);
      if (row.state !== 'Ready') {
        throw AppError.conflict(
          `Model version ${version} is ${row.state}: only a Ready version can be activated.`,
        );
      }
      const before = (await repo.active())?.version ?? null;
      await repo.activate(version);
      await deps.systemLogs.record(actor, {
        action: 'MlModelActivated',
        entityType: ENTITY_TYPE,
        entityId: String(version),
        entityName: `Card acceptance model v${version}`,
        before: { activeVersion: before },
        after: { activeVersion: version },
      });
      return present(await found(version));
    },

    /** Queues the active model's predictions for a job the actor may re-score. */
    async queueJobPrediction(actor: Actor, jobId: string) {
      const job = await deps.jobs.visible(actor, jobId); // 404 for a job the actor may not see
      authorize(actor, 'rescore', job); // a Completed job only (409 otherwise), as re-scoring
      const active = await repo.active();
      if (!active) {
        throw AppError.conflict(
          'No model version is active: train one and activate it on the ML prediction screen.',
        );
      }
      const [command] = await deps.proq.enqueue([
        {
          commandType: PROQ_COMMAND_TYPES.predictCardAcceptance,
          payload: { jobId: job.id },
          jobId: job.id,
          category: 'Analysis',
          tags: [`v${active.version}`],
        },
      ]);
      return { jobId: job.id, modelVersion: active.version, commandId: command!.id };
    },

    /** The job's latest PredictCardAcceptance command: what the suppliers tab waits for. */
    async jobPredictionStatus(actor: Actor, jobId: string): Promise<JobPredictionStatus> {
      const job = await deps.jobs.visible(actor, jobId); // 404 for a job the actor may not see
      const command = await deps.proq.latestJobCommand(
        job.id,
        PROQ_COMMAND_TYPES.predictCardAcceptance,
      );
      return {
        jobId: job.id,
        command: command
          ? {
              id: command.id,
              state: command.state,
              message: command.message,
              queuedDate: command.queuedDate,
              completedDate: command.completedDate,
            }
          : null,
      };
    },

    /** The TrainMlModel command's work; a version already finished is left as it is. */
    async runTraining(
      version: number,
      reportProgress: (percent: number, message?: string) => Promise<void>,
    ): Promise<string> {
      const row = await repo.find(version);
      if (!row) return uiText(`Model version ${version} no longer exists.`);
      if (row.state === 'Ready' || row.state === 'Error') return uiText(`Already ${row.state}.`);
      await repo.update(version, {
        state: 'Running',
        progress: 0,
        message: uiText('Reading jobs'),
      });
      const progress = async (percent: number, message: string) => {
        await repo.update(version, { progress: percent, message });
        await reportProgress(percent, message);
      };
      try {
        const jobIds = await deps.jobs.completedJobIds();
        const trained = await trainCardAcceptanceModel(deps.engine, jobIds, progress);
        const auc = trained.evaluation.rocAuc;
        const message = uiText(
          `Trained on ${trained.trainingSize} suppliers of ${trained.evaluation.trainingJobs} jobs; ROC AUC ${auc === null ? 'n/a' : auc.toFixed(3)} on ${trained.evaluation.heldOutJobs} held-out jobs`,
        );
        await repo.update(version, {
          state: 'Ready',
          progress: 100,
          message,
          trainedAt: new Date(),
          trainingSize: trained.trainingSize,
          evaluation: trained.evaluation,
          weights: modelToBytes(trained.model).toString('base64'),
        });
        return message;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await repo.update(version, { state: 'Error', error: message, message: null });
        return uiText(`Failed: ${message}`);
      }
    },

    /**
     * The active model's predictions for a job's unmatched suppliers, replacing earlier ones
     * (the PredictCardAcceptance command, and the end of a job's pipeline). Says what it did.
     */
    async predictJob(jobId: string): Promise<string> {
      const active = await repo.active();
      if (!active?.weights) return uiText('no card acceptance model is active');
      // Weights only mean something for features encoded as they were trained.
      if (active.featureSet !== FEATURE_SET || active.hashBits !== HASH_BITS) {
        return uiText(
          `card acceptance not predicted: model v${active.version} was trained on another feature set; train and activate a new version`,
        );
      }
      const model = modelFromBytes(Buffer.from(active.weights, 'base64'), active.hashBits);
      const predictions = await predictJobSuppliers(deps.engine, jobId, model);
      if (!predictions) return uiText('the job has no results to predict for');
      await deps.jobs.replacePredictedCardAcceptance(jobId, predictions);
      return uiText(
        `card acceptance predicted for ${predictions.length} unmatched suppliers (model v${active.version})`,
      );
    },

    /**
     * The end of a job's pipeline: its predictions with the active model. A failure here is
     * reported in the step's message, not as the job's failure (its results stand without).
     */
    async predictAfterPipeline(jobId: string): Promise<string> {
      try {
        return await this.predictJob(jobId);
      } catch (error) {
        return uiText(
          `card acceptance not predicted (${error instanceof Error ? error.message : String(error)})`,
        );
      }
    },
  };
}

export type MlPredictionService = ReturnType<typeof createMlPredictionService>;
