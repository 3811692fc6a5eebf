import type { ProqCommandListKind } from './list-commands';

/**
 * Query keys of the DevOps screens; actions invalidate through the same keys. Other modules
 * invalidate `proq` when they queue commands (a job step re-run, a job reset).
 */
export const devopsQueryKeys = {
  proq: ['proq'] as const,
  monitoring: ['proq', 'monitoring'] as const,
  commandsInfo: ['proq', 'commands-info'] as const,
  statusDetails: ['proq', 'status-details'] as const,
  quickView: ['proq', 'quick-view'] as const,
  jobQuickView: (jobId: string) => ['proq', 'quick-view', jobId] as const,
  list: (kind: ProqCommandListKind) => ['proq', 'list', kind] as const,
  command: (id: string) => ['proq', 'command', id] as const,
  workflowJobs: ['proq', 'workflow-jobs'] as const,
  jobWorkflow: (jobId: string) => ['proq', 'workflow', jobId] as const,
  integrationConfiguration: ['system-audit', 'integration-configuration'] as const,
  healthCheck: (correlationId: string) => ['system-audit', 'health-check', correlationId] as const,
  appConfig: ['runtime', 'app-config'] as const,
  backgroundService: ['runtime', 'background-service'] as const,
  memoryHog: ['runtime', 'memory-hog'] as const,
  referenceVersions: ['reference-data', 'versions'] as const,
  referenceImport: (commandId: string) => ['reference-data', 'import', commandId] as const,
};
