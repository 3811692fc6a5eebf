import { dashboardEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerDashboardRoutes(app: FastifyInstance, { services }: AppContext): void {
  registerEndpoint(app, endpoints.getJobActivity, async ({ actor, query }) =>
    services.dashboard.jobActivity(actor, query.interval),
  );
  registerEndpoint(app, endpoints.getJobsNow, async ({ actor }) =>
    services.dashboard.jobsNow(actor),
  );
  registerEndpoint(app, endpoints.getAnalysis, async ({ actor, query }) =>
    services.dashboard.analysis(actor, query.currency),
  );
  registerEndpoint(app, endpoints.getCampaigns, async ({ actor }) =>
    services.dashboard.campaigns(actor),
  );
  registerEndpoint(app, endpoints.getProqHealth, async () => services.dashboard.proqHealth());
  registerEndpoint(app, endpoints.getActiveUsers, async ({ actor }) =>
    services.dashboard.activeUsers(actor),
  );
}
