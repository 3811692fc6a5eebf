import { proqEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerProqRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { proq } = services;
  registerEndpoint(app, endpoints.getMonitoringData, () => proq.getMonitoringData());
  registerEndpoint(app, endpoints.getQueuedCommandsCount, () => proq.getQueuedCommandsCount());
  registerEndpoint(app, endpoints.getStatusDetails, () => proq.getStatusDetails());
  registerEndpoint(app, endpoints.getCommandsInfo, () => proq.getCommandsInfo());
  registerEndpoint(app, endpoints.getQuickView, () => proq.getQuickView());
  registerEndpoint(app, endpoints.getJobQuickView, ({ params }) => proq.getQuickView(params.jobId));
  registerEndpoint(app, endpoints.getBackoffStrategyData, () => proq.getBackoffStrategyData());
  registerEndpoint(app, endpoints.getCommandTypes, () => proq.getCommandTypes());
  registerEndpoint(app, endpoints.listQueuedCommands, ({ body }) =>
    proq.listCommands('queued', body),
  );
  registerEndpoint(app, endpoints.listErrorCommands, ({ body }) =>
    proq.listCommands('error', body),
  );
  registerEndpoint(app, endpoints.listCompletedCommands, ({ body }) =>
    proq.listCommands('completed', body),
  );
  registerEndpoint(app, endpoints.checkQueuedCommands, ({ params }) =>
    proq.checkQueuedCommands(params.id),
  );
  registerEndpoint(app, endpoints.getCommand, ({ params }) => proq.getCommand(params.id));
  registerEndpoint(app, endpoints.retryCommand, ({ actor, params }) =>
    proq.retry(actor, params.id),
  );
  registerEndpoint(app, endpoints.cancelCommand, ({ actor, params }) =>
    proq.cancel(actor, params.id),
  );
  registerEndpoint(app, endpoints.pauseQueue, ({ actor, body }) => proq.pause(actor, body));
  registerEndpoint(app, endpoints.resumeQueue, ({ actor, body }) => proq.resume(actor, body));
  registerEndpoint(app, endpoints.listWorkflowJobs, ({ body }) => proq.listWorkflowJobs(body));
  registerEndpoint(app, endpoints.getJobWorkflow, ({ params }) =>
    proq.getJobWorkflow(params.jobId),
  );
  registerEndpoint(app, endpoints.restartJobWorkflow, ({ actor, params }) =>
    proq.restartJob(actor, params.jobId),
  );
  registerEndpoint(app, endpoints.cancelJobCommands, ({ actor, params }) =>
    proq.cancelJob(actor, params.jobId),
  );
}
