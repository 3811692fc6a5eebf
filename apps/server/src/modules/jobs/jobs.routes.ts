import { jobsEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';
import { registerJobAccessRoutes } from './job-access.routes.js';
import { registerJobFilesRoutes } from './job-files.routes.js';
import { registerJobResultsRoutes } from './job-results.routes.js';
import { registerJobWizardRoutes } from './job-wizard.routes.js';
import { registerJobWorkflowRoutes } from './job-workflow.routes.js';

/** The jobs module's API, part by part as the contract's sections and the web's api files. */
export function registerJobsRoutes(app: FastifyInstance, context: AppContext): void {
  const { jobs } = context.services;

  // Job list and detail, publishing, renaming and deleting.
  registerEndpoint(app, endpoints.listJobs, ({ actor, body }) => jobs.list(actor, body));
  registerEndpoint(app, endpoints.getJob, ({ actor, params }) => jobs.get(actor, params.id));
  registerEndpoint(app, endpoints.getJobOwnersFilterItems, ({ actor }) =>
    jobs.ownerFilterItems(actor),
  );
  registerEndpoint(app, endpoints.publishJob, ({ actor, params, body }) =>
    jobs.publish(actor, params.id, body.isPublished),
  );
  registerEndpoint(app, endpoints.renameJob, ({ actor, params, body }) =>
    jobs.rename(actor, params.id, body.name),
  );
  registerEndpoint(app, endpoints.deleteJob, ({ actor, params }) => jobs.delete(actor, params.id));

  registerJobAccessRoutes(app, context);
  registerJobWizardRoutes(app, context);
  registerJobFilesRoutes(app, context);
  registerJobWorkflowRoutes(app, context);
  registerJobResultsRoutes(app, context);
}
