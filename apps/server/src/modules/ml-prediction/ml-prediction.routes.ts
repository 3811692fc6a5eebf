import { mlPredictionEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

/** ML prediction: the card acceptance model versions, training, activation, a job's predictions. */
export function registerMlPredictionRoutes(app: FastifyInstance, { services }: AppContext) {
  registerEndpoint(app, endpoints.getMlPrediction, () => services.mlPrediction.overview());
  registerEndpoint(app, endpoints.trainMlModel, async ({ actor, reply }) => {
    reply.code(201);
    return services.mlPrediction.train(actor);
  });
  registerEndpoint(app, endpoints.activateMlModel, ({ actor, params }) =>
    services.mlPrediction.activate(actor, params.version),
  );
  registerEndpoint(app, endpoints.predictJobCardAcceptance, ({ actor, params }) =>
    services.mlPrediction.queueJobPrediction(actor, params.id),
  );
  registerEndpoint(app, endpoints.getJobCardAcceptancePrediction, ({ actor, params }) =>
    services.mlPrediction.jobPredictionStatus(actor, params.id),
  );
}
