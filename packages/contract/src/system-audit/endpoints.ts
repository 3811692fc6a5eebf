import { defineEndpoint } from '../common/endpoint.js';
import {
  CommandExecuteValidateRequestSchema,
  CommandExecuteValidationSchema,
  HealthSchema,
  IntegrationConfigurationSchema,
  IntegrationResultsSchema,
  ReadinessSchema,
  SystemHealthCheckStartedSchema,
} from './schemas.js';

const tags = ['System audit'];

export const getIntegrationConfigurations = defineEndpoint({
  method: 'GET',
  path: '/api/v1/system-audit/get-integration-configurations',
  summary: 'Database, file storage, mail transport and LLM endpoint this installation uses',
  tags,
  responses: { 200: IntegrationConfigurationSchema },
  access: { permissions: ['SystemAudit_VIEW'] },
});

/** Really connects: a database round trip, a storage write/read/delete, an SMTP verify. */
export const verifyIntegrationsConfiguration = defineEndpoint({
  method: 'GET',
  path: '/api/v1/system-audit/verify-integrations-configuration',
  summary: 'Connect to every integration and report success and message for each',
  tags,
  responses: { 200: IntegrationResultsSchema },
  access: { permissions: ['IntegrationConfiguration_CHECK'] },
});

export const runSystemHealthCheck = defineEndpoint({
  method: 'POST',
  path: '/api/v1/system-audit/system-health-check',
  summary: 'Queue a health-check command; follow it with command-execute-validate',
  tags,
  responses: { 200: SystemHealthCheckStartedSchema },
  access: { permissions: ['SystemHealthCheck_RUN'] },
});

export const commandExecuteValidate = defineEndpoint({
  method: 'POST',
  path: '/api/v1/system-audit/command-execute-validate',
  summary: 'Whether the commands of a correlationId completed, and whether they succeeded',
  tags,
  body: CommandExecuteValidateRequestSchema,
  responses: { 200: CommandExecuteValidationSchema },
  access: { permissions: ['SystemHealthCheck_RUN'] },
});

/*
 * Probes for load balancers and orchestrators (docs/deploy.md): outside /api/v1, public, and
 * answered in every system mode, since a node in Maintenance is still alive and ready.
 */
export const health = defineEndpoint({
  method: 'GET',
  path: '/healthz',
  summary: 'Liveness: the process answers',
  tags: ['Health'],
  responses: { 200: HealthSchema },
  access: { public: true },
});

export const readiness = defineEndpoint({
  method: 'GET',
  path: '/readyz',
  summary: 'Readiness: the database and the file storage answer (503 names what does not)',
  tags: ['Health'],
  responses: { 200: ReadinessSchema, 503: ReadinessSchema },
  access: { public: true },
});
