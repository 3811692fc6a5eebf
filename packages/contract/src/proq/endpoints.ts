import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import { IdParamsSchema } from '../common/ids.js';
import { WrappedPagedListRequestSchema, pagedResponseSchema } from '../common/paged-list.js';
import {
  ProqBackoffStrategySchema,
  ProqCommandDetailSchema,
  ProqCommandSchema,
  ProqCommandsInfoSchema,
  ProqJobActionResultSchema,
  ProqJobWorkflowSchema,
  ProqWorkflowJobSchema,
  ProqMonitoringDataSchema,
  ProqPauseRequestSchema,
  ProqQuickViewRowSchema,
  ProqStatusDetailsSchema,
  QueuedCommandCountsSchema,
} from './schemas.js';

const tags = ['ProQ'];
const view = { permissions: ['ProQ_VIEW'] } as const;
const quickView = { permissions: ['QuickView_ProQ_VIEW'] } as const;
const manage = { permissions: ['ProQ_MANAGE'] } as const;
const pauseCommands = { permissions: ['Workflow_PauseCommands'] } as const;
const PagedCommandsSchema = pagedResponseSchema(ProqCommandSchema);
const JobParamsSchema = z.strictObject({ jobId: z.uuid() });

export const getMonitoringData = defineEndpoint({
  method: 'GET',
  path: '/api/v1/proq/get-proqmonitoring-data',
  summary: 'Queue counts (queued, completed, error) and whether any worker is running',
  tags,
  responses: { 200: ProqMonitoringDataSchema },
  access: view,
});

export const getQueuedCommandsCount = defineEndpoint({
  method: 'GET',
  path: '/api/v1/proq/queued-commands-count',
  summary: 'Queued (Blocked, Pending, InProgress) commands per command type',
  tags,
  responses: { 200: QueuedCommandCountsSchema },
  access: view,
});

export const getStatusDetails = defineEndpoint({
  method: 'GET',
  path: '/api/v1/proq/proq-status-details',
  summary: 'Queued command count, running and paused flags, and the workers with their heartbeats',
  tags,
  responses: { 200: ProqStatusDetailsSchema },
  access: view,
});

export const getCommandsInfo = defineEndpoint({
  method: 'GET',
  path: '/api/v1/proq/proq-commands-info',
  summary: 'Command counts per state, overall and per command type',
  tags,
  responses: { 200: ProqCommandsInfoSchema },
  access: view,
});

export const getQuickView = defineEndpoint({
  method: 'GET',
  path: '/api/v1/proq/queued-commands-quick-view',
  summary: 'The latest 100 commands of every job, Blocked ones hidden (navbar quick view)',
  tags,
  responses: { 200: z.array(ProqQuickViewRowSchema) },
  access: quickView,
});

export const getJobQuickView = defineEndpoint({
  method: 'GET',
  path: '/api/v1/proq/queued-commands-quick-view/:jobId',
  summary: 'The latest 100 commands of one job, Blocked ones hidden',
  tags,
  params: z.strictObject({ jobId: z.uuid() }),
  responses: { 200: z.array(ProqQuickViewRowSchema) },
  access: quickView,
});

export const getBackoffStrategyData = defineEndpoint({
  method: 'GET',
  path: '/api/v1/proq/get-proq-backoff-strategy-data',
  summary: 'The retry back-off figures: current, minimum and maximum delay, coefficient',
  tags,
  responses: { 200: ProqBackoffStrategySchema },
  access: view,
});

export const getCommandTypes = defineEndpoint({
  method: 'GET',
  path: '/api/v1/proq/get-proq-command-types',
  summary: 'Every command type a handler is registered for',
  tags,
  responses: { 200: z.array(z.string()) },
  access: view,
});

export const listQueuedCommands = defineEndpoint({
  method: 'POST',
  path: '/api/v1/proq/queued-commands',
  summary: 'Blocked, Pending and InProgress commands: a paged, filtered list',
  tags,
  body: WrappedPagedListRequestSchema,
  readsOnly: true,
  responses: { 200: PagedCommandsSchema },
  access: view,
});

export const listErrorCommands = defineEndpoint({
  method: 'POST',
  path: '/api/v1/proq/error-commands',
  summary: 'Error and Canceled commands with their message: a paged, filtered list',
  tags,
  body: WrappedPagedListRequestSchema,
  readsOnly: true,
  responses: { 200: PagedCommandsSchema },
  access: view,
});

export const listCompletedCommands = defineEndpoint({
  method: 'POST',
  path: '/api/v1/proq/completed-commands',
  summary: 'Completed commands with their message: a paged, filtered list',
  tags,
  body: WrappedPagedListRequestSchema,
  readsOnly: true,
  responses: { 200: PagedCommandsSchema },
  access: view,
});

/** `id` is a job id or a target entity id: true while any of its commands is still queued. */
export const checkQueuedCommands = defineEndpoint({
  method: 'POST',
  path: '/api/v1/proq/:id/check-queued-commands',
  summary: 'Whether a job or entity still has Blocked, Pending or InProgress commands',
  tags,
  params: z.strictObject({ id: z.string().min(1).max(200) }),
  responses: { 200: z.boolean() },
  access: view,
});

export const getCommand = defineEndpoint({
  method: 'GET',
  path: '/api/v1/proq/commands/:id',
  summary: 'One command with its payload, attempts, progress, result and log lines',
  tags,
  params: IdParamsSchema,
  responses: { 200: ProqCommandDetailSchema },
  access: view,
});

export const retryCommand = defineEndpoint({
  method: 'POST',
  path: '/api/v1/proq/commands/:id/retry',
  summary:
    'Queue an Error or Canceled command again (attempts reset); dependants canceled because of it are restored',
  tags,
  params: IdParamsSchema,
  responses: { 200: ProqCommandSchema },
  access: manage,
});

export const cancelCommand = defineEndpoint({
  method: 'POST',
  path: '/api/v1/proq/commands/:id/cancel',
  summary: 'Cancel a Pending or Blocked command; its dependants are canceled with it',
  tags,
  params: IdParamsSchema,
  responses: { 200: ProqCommandSchema },
  access: manage,
});

export const pauseQueue = defineEndpoint({
  method: 'POST',
  path: '/api/v1/proq/pause',
  summary: "Pause the queue (or, with jobId, one job's commands): workers claim nothing new",
  tags,
  body: ProqPauseRequestSchema,
  responses: { 200: ProqStatusDetailsSchema },
  access: pauseCommands,
});

export const resumeQueue = defineEndpoint({
  method: 'POST',
  path: '/api/v1/proq/resume',
  summary: "Resume the queue (or, with jobId, one job's commands)",
  tags,
  body: ProqPauseRequestSchema,
  responses: { 200: ProqStatusDetailsSchema },
  access: pauseCommands,
});

/** Workflow management: the jobs that have ProQ commands, each summarised. */
export const listWorkflowJobs = defineEndpoint({
  method: 'POST',
  path: '/api/v1/proq/jobs',
  summary: 'Jobs with ProQ commands and their workflow state: a paged, filtered list',
  tags,
  body: WrappedPagedListRequestSchema,
  readsOnly: true,
  responses: { 200: pagedResponseSchema(ProqWorkflowJobSchema) },
  access: view,
});

export const getJobWorkflow = defineEndpoint({
  method: 'GET',
  path: '/api/v1/proq/jobs/:jobId/workflow',
  summary: "One job's workflow: its steps (command types, in queue order) and their commands",
  tags,
  params: JobParamsSchema,
  responses: { 200: ProqJobWorkflowSchema },
  access: view,
});

/** The developer's workflow permission, as pausing a job's commands. */
export const restartJobWorkflow = defineEndpoint({
  method: 'POST',
  path: '/api/v1/proq/jobs/:jobId/restart',
  summary:
    "Queue a job's Error and Canceled commands again, prerequisites first; dependants wait for them",
  tags,
  params: JobParamsSchema,
  responses: { 200: ProqJobActionResultSchema },
  access: pauseCommands,
});

/** Job maintenance: stops what a job still has queued (DevOps_JobMaintenance_UPDATE). */
export const cancelJobCommands = defineEndpoint({
  method: 'POST',
  path: '/api/v1/proq/jobs/:jobId/cancel',
  summary: "Cancel a job's Pending and Blocked commands (running ones finish)",
  tags,
  params: JobParamsSchema,
  responses: { 200: ProqJobActionResultSchema },
  access: { permissions: ['DevOps_JobMaintenance_UPDATE'] },
});
