import { jobsEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

/** The pipeline: submit, retry a failed step, reset (DevOps), and the job's log. */
export function registerJobWorkflowRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { workflow } = services.jobs;
  registerEndpoint(app, endpoints.submitJob, ({ actor, params }) =>
    workflow.submit(actor, params.id),
  );
  registerEndpoint(app, endpoints.retryJobStep, ({ actor, params }) =>
    workflow.retry(actor, params.id, params.step),
  );
  registerEndpoint(app, endpoints.resetJob, ({ actor, params }) =>
    workflow.reset(actor, params.id),
  );
  registerEndpoint(app, endpoints.getJobLogs, ({ actor, params, query }) =>
    workflow.logs(actor, params.id, query.afterId, query.limit),
  );
}
