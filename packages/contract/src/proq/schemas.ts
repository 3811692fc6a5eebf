import { z } from 'zod';
import { CommandStateSchema } from '../analysis/enums.js';

/** ProQ command, SPEC.md section 3. Error and completed lists also carry message. */
export const ProqCommandSchema = z.object({
  id: z.uuid(),
  priority: z.number().int(),
  prerequisite: z.uuid().nullable(),
  commandType: z.string(),
  category: z.string().nullable(),
  targetEntityId: z.string().nullable(),
  jobId: z.uuid().nullable(),
  correlationId: z.string().nullable(),
  payload: z.unknown(),
  queuedDate: z.string(),
  startedDate: z.string().nullable(),
  completedDate: z.string().nullable(),
  state: CommandStateSchema,
  /** Minutes since queued. */
  age: z.number(),
  tags: z.array(z.string()),
  environment: z.string().nullable(),
  processingGroup: z.string().nullable(),
  scheduledTime: z.string().nullable(),
  stuckTimeOutInSeconds: z.number().int(),
  batchId: z.string().nullable(),
  prerequisiteBatchId: z.string().nullable(),
  message: z.string().nullable().optional(),
});
export const ProqQuickViewRowSchema = z.object({
  commandType: z.string(),
  state: CommandStateSchema,
  age: z.number(),
  tags: z.array(z.string()),
  jobName: z.string().nullable(),
});
export const ProqMonitoringDataSchema = z.object({
  queueCounts: z.object({
    queuedCommandsCount: z.number().int(),
    queuedCompletedCommandsCount: z.number().int(),
    queuedErrorCommandsCount: z.number().int(),
  }),
  isRunning: z.boolean(),
});
export const ProqStatusDetailsSchema = z.object({
  queuedCommandCount: z.number().int(),
  isRunning: z.boolean(),
});
export const ProqBackoffStrategySchema = z.object({
  currentDelay: z.number(),
  minDelay: z.number(),
  maxDelay: z.number(),
  coefficient: z.number(),
  totalSecondsDiff: z.number(),
});
export const QueuedCommandCountsSchema = z.array(
  z.object({ name: z.string(), count: z.number().int() }),
);
