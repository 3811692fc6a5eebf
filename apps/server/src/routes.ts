import type { FastifyInstance } from 'fastify';
import { registerAuthRoutes } from './modules/auth/auth.routes.js';
import { registerAuthorizationRoutes } from './modules/authorization/authorization.routes.js';
import { registerBrandingsRoutes } from './modules/brandings/brandings.routes.js';
import { registerChatRoutes } from './modules/chat/chat.routes.js';
import { registerInsightsRoutes } from './modules/insights/insights.routes.js';
import { registerGlobalInsightsRoutes } from './modules/insights/global-insights.routes.js';
import { registerJobsRoutes } from './modules/jobs/jobs.routes.js';
import { registerProqRoutes } from './modules/proq/proq.routes.js';
import { registerSystemAuditRoutes } from './modules/system-audit/system-audit.routes.js';
import { registerSystemRoutes } from './modules/system/system.routes.js';
import { registerUsersRoutes } from './modules/users/users.routes.js';
import { registerVendorsRoutes } from './modules/vendors/vendors.routes.js';
import { registerConcurrencyRoutes } from './modules/concurrency/concurrency.routes.js';
import { registerIssuersRoutes } from './modules/issuers/issuers.routes.js';
import { registerSystemLogsRoutes } from './modules/system-logs/system-logs.routes.js';
import { registerUserAdminRoutes } from './modules/users/user-admin.routes.js';
import { registerDatapointProfilesRoutes } from './modules/datapoint-profiles/datapoint-profiles.routes.js';
import { registerReferenceDataRoutes } from './modules/reference-data/reference-data.routes.js';
import { registerUseCasesRoutes } from './modules/use-cases/use-cases.routes.js';
import { registerCampaignsRoutes } from './modules/campaigns/campaigns.routes.js';
import { registerCampaignResponseLinkRoutes } from './modules/campaigns/response-link.routes.js';
import type { AppContext } from './services.js';

/** The whole API surface, module by module. */
export function registerRoutes(app: FastifyInstance, context: AppContext): void {
  registerAuthRoutes(app, context);
  registerUsersRoutes(app, context);
  registerAuthorizationRoutes(app, context);
  registerSystemRoutes(app, context);
  registerBrandingsRoutes(app, context);
  registerProqRoutes(app, context);
  registerSystemAuditRoutes(app, context);
  registerChatRoutes(app, context);
  registerJobsRoutes(app, context);
  registerInsightsRoutes(app, context);
  registerUseCasesRoutes(app, context);
  registerCampaignsRoutes(app, context);
  registerCampaignResponseLinkRoutes(app, context);
  registerGlobalInsightsRoutes(app, context);
  registerVendorsRoutes(app, context);
  registerIssuersRoutes(app, context);
  registerUserAdminRoutes(app, context);
  registerConcurrencyRoutes(app, context);
  registerSystemLogsRoutes(app, context);
  registerDatapointProfilesRoutes(app, context);
  registerReferenceDataRoutes(app, context);
}
