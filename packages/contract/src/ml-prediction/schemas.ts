import { z } from 'zod';
import { CommandStateSchema } from '../analysis/enums.js';

/*
 * ML prediction (SPEC §2 Analysis admin ml-prediction; issue 20): a model of the probability that
 * a supplier the reference data does not match accepts card, trained as a ProQ command on the
 * suppliers of every job the platform holds. Only aggregate figures leave the server.
 */

/** Queued until a worker takes the training command, Ready once trained and evaluated. */
export const ML_MODEL_STATES = ['Queued', 'Running', 'Ready', 'Error'] as const;
export const MlModelStateSchema = z.enum(ML_MODEL_STATES);
export type MlModelState = z.infer<typeof MlModelStateSchema>;

/** One decile of held-out suppliers ranked by prediction: predicted against observed. */
export const MlCalibrationBinSchema = z.object({
  decile: z.number().int().min(1).max(10),
  suppliers: z.number().int(),
  meanPredicted: z.number().min(0).max(1),
  observedRate: z.number().min(0).max(1),
});
export type MlCalibrationBin = z.infer<typeof MlCalibrationBinSchema>;

/**
 * The groups of buyer-file facts the model learns from (issue 20), each shuffled as a whole for
 * its permutation importance.
 */
export const ML_FEATURE_GROUPS = [
  'nameTokens',
  'industry',
  'spend',
  'paymentPatterns',
  'country',
  'jobAcceptance',
] as const;
export const MlFeatureGroupSchema = z.enum(ML_FEATURE_GROUPS);
export type MlFeatureGroup = z.infer<typeof MlFeatureGroupSchema>;

/**
 * A feature group's permutation importance on the held-out jobs: the mean drop in ROC AUC when
 * its facts are shuffled across the held-out suppliers (fixed seed), and the spread (max − min)
 * of the drops over the shuffles. Near 0 (or slightly below, by chance): the model ignores it.
 */
export const MlFeatureImportanceSchema = z.object({
  group: MlFeatureGroupSchema,
  rocAucDrop: z.number(),
  spread: z.number().min(0),
});
export type MlFeatureImportance = z.infer<typeof MlFeatureImportanceSchema>;

/** The evaluation on held-out jobs (whole jobs, never rows of a training job). */
export const MlModelEvaluationSchema = z.object({
  trainingJobs: z.number().int(),
  heldOutJobs: z.number().int(),
  heldOutSuppliers: z.number().int(),
  /** Share of held-out suppliers that accept card. */
  baseRate: z.number().min(0).max(1).nullable(),
  /** Null when the held-out suppliers hold one class only. */
  rocAuc: z.number().min(0).max(1).nullable(),
  precisionAtTopDecile: z.number().min(0).max(1).nullable(),
  calibration: z.array(MlCalibrationBinSchema),
  /**
   * Largest drop first; null for a version trained before importances were computed, empty when
   * the held-out suppliers hold one class only.
   */
  featureImportances: z.array(MlFeatureImportanceSchema).nullable(),
});
export type MlModelEvaluation = z.infer<typeof MlModelEvaluationSchema>;

/** A model version: who asked for it, how far its training is, and how it did. */
export const MlModelVersionSchema = z.object({
  version: z.number().int().positive(),
  state: MlModelStateSchema,
  isActive: z.boolean(),
  requestedAt: z.string(),
  /** When training finished (Ready). */
  trainedAt: z.string().nullable(),
  trainedBy: z.string(),
  featureSet: z.string(),
  /** Suppliers the model was trained on (the held-out jobs' are not counted). */
  trainingSize: z.number().int().nullable(),
  progress: z.number().int().min(0).max(100),
  message: z.string().nullable(),
  error: z.string().nullable(),
  evaluation: MlModelEvaluationSchema.nullable(),
});
export type MlModelVersion = z.infer<typeof MlModelVersionSchema>;

/** The admin screen: every version, newest first, and the active one. */
export const MlPredictionOverviewSchema = z.object({
  activeVersion: z.number().int().nullable(),
  versions: z.array(MlModelVersionSchema),
});
export type MlPredictionOverview = z.infer<typeof MlPredictionOverviewSchema>;

export const MlModelVersionParamsSchema = z.strictObject({
  version: z.coerce.number().int().positive(),
});

/** What queueing a job's predictions answers: the command's id to follow on ProQ screens. */
export const PredictJobResponseSchema = z.object({
  jobId: z.uuid(),
  modelVersion: z.number().int(),
  commandId: z.uuid(),
});

/**
 * A job's latest card acceptance prediction command (the suppliers tab follows it and reads the
 * list again once it has run); `command` is null when none was queued for the job.
 */
export const JobPredictionStatusSchema = z.object({
  jobId: z.uuid(),
  command: z
    .object({
      id: z.uuid(),
      state: CommandStateSchema,
      /** The command's outcome ("card acceptance predicted for 120 unmatched suppliers …"). */
      message: z.string().nullable(),
      queuedDate: z.string(),
      completedDate: z.string().nullable(),
    })
    .nullable(),
});
export type JobPredictionStatus = z.infer<typeof JobPredictionStatusSchema>;
