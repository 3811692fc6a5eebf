import { PROQ_COMMAND_TYPES } from '@b2b/contract';
import { z } from 'zod';
import { type CommandRegistry, defineCommandHandler } from '../proq/command-registry.js';
import type { MlPredictionService } from './ml-prediction.service.js';

type Work = Pick<MlPredictionService, 'runTraining' | 'predictJob'>;

/**
 * A training runs once: its outcome (Ready, or Error with the reason) is the version's state,
 * which the admin screen shows; a second delivery finds it finished and does nothing.
 */
function trainHandler(ml: Work) {
  return defineCommandHandler({
    commandType: PROQ_COMMAND_TYPES.trainMlModel,
    payloadSchema: z.object({ version: z.number().int().positive() }),
    maxAttempts: 1,
    stuckTimeOutInSeconds: 3600,
    async run({ payload, reportProgress }) {
      return { message: await ml.runTraining(payload.version, reportProgress) };
    },
  });
}

/** Predictions replace the job's earlier ones, so running twice gives the same rows. */
function predictHandler(ml: Work) {
  return defineCommandHandler({
    commandType: PROQ_COMMAND_TYPES.predictCardAcceptance,
    payloadSchema: z.object({ jobId: z.uuid() }),
    maxAttempts: 2,
    stuckTimeOutInSeconds: 900,
    async run({ payload }) {
      return { message: await ml.predictJob(payload.jobId) };
    },
  });
}

/** The ML prediction module's ProQ commands, registered by services.ts. */
export function registerMlPredictionCommands(
  registry: CommandRegistry,
  services: { mlPrediction: Work },
): void {
  registry.register(trainHandler(services.mlPrediction));
  registry.register(predictHandler(services.mlPrediction));
}
