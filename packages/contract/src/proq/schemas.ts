import { z } from 'zod';
import { COMMAND_STATES, CommandStateSchema } from '../analysis/enums.js';

/** Command types the product itself enqueues; later modules add theirs. */
export const PROQ_COMMAND_TYPES = {
  systemHealthCheck: 'SystemHealthCheck',
  purgeExpiredSessions: 'PurgeExpiredSessions',
  /** Prepared downloads past their expiry: the file and the row. */
  purgeExpiredDownloads: 'PurgeExpiredDownloads',
  /** Chat log retention (chat issue). */
  purgeChatLogs: 'PurgeChatLogs',
  /** Retention of finished commands (PROQ_RETENTION_DAYS). */
  purgeProqCommands: 'PurgeProqCommands',
  /** Saved reports due to be mailed: runs each and mails its CSV (analytics). */
  mailScheduledReports: 'MailScheduledReports',
  /** Campaign outreach: sends the due e-mail steps and closes campaigns past their close day. */
  campaignOutreach: 'CampaignOutreach',
  /** Every 5 minutes: bounces in CAMPAIGN_BOUNCE_MAILBOX_URL recorded on the campaigns' suppliers. */
  readCampaignBounces: 'ReadCampaignBounces',
  /** A prepared download: runs the producer of its kind into a stored file (downloads). */
  prepareDownload: 'PrepareDownload',
  /** A ruleset dry-run on a completed job: counts and changed suppliers, no results written. */
  rulesetDryRun: 'RulesetDryRun',
  /** Every minute: queues a poll of each enabled SFTP inbox whose schedule is due. */
  scheduleSftpPolls: 'ScheduleSftpPolls',
  /** One SFTP inbox: new remote files downloaded once, their jobs created and submitted. */
  pollSftpInbox: 'PollSftpInbox',
  /** A job's UK suppliers matched to Companies House companies (number, status, SIC codes). */
  enrichSuppliersFromCompaniesHouse: 'EnrichSuppliersFromCompaniesHouse',
  /** One linked accounting system: its vendors, invoices and payments into a submitted job. */
  syncLinkedAccount: 'SyncLinkedAccount',
  /** Every 15 minutes: queues a sync of each linked account whose sync schedule is due. */
  scheduleLinkedAccountSyncs: 'ScheduleLinkedAccountSyncs',
  /** A card acceptance model version: trained on every Completed job, evaluated on held-out ones. */
  trainMlModel: 'TrainMlModel',
  /** The active card acceptance model's predictions for one job's unmatched suppliers. */
  predictCardAcceptance: 'PredictCardAcceptance',
  /** An address file over the in-request limit split or checked row by row into a result CSV. */
  processAddressFile: 'ProcessAddressFile',
  /** Address file runs finished over a week ago: their files and rows. */
  purgeAddressFileRuns: 'PurgeAddressFileRuns',
  /** Jobs held back by a queueing resource limit started, oldest first, as slots free up. */
  startWaitingJobs: 'StartWaitingJobs',
} as const;

/** ProQ command, SPEC.md section 3. Error and completed lists also carry message. */
export const ProqCommandSchema = z.object({
  id: z.uuid(),
  priority: z.number().int(),
  prerequisite: z.uuid().nullable(),
  commandType: z.string(),
  category: z.string().nullable(),
  targetEntityId: z.string().nullable(),
  jobId: z.uuid().nullable(),
  correlationId: z.string().nullable(),
  payload: z.unknown(),
  queuedDate: z.string(),
  startedDate: z.string().nullable(),
  completedDate: z.string().nullable(),
  state: CommandStateSchema,
  /** Whole minutes since queued. */
  age: z.number(),
  tags: z.array(z.string()),
  environment: z.string().nullable(),
  processingGroup: z.string().nullable(),
  scheduledTime: z.string().nullable(),
  stuckTimeOutInSeconds: z.number().int(),
  batchId: z.string().nullable(),
  prerequisiteBatchId: z.string().nullable(),
  message: z.string().nullable().optional(),
});
export type ProqCommand = z.infer<typeof ProqCommandSchema>;

/** One line a command handler wrote while running. */
export const ProqJobLogLineSchema = z.object({
  at: z.string(),
  level: z.enum(['info', 'warn', 'error']),
  message: z.string(),
});

/** The command detail screen: the command plus what the engine knows about its runs. */
export const ProqCommandDetailSchema = ProqCommandSchema.extend({
  message: z.string().nullable(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** When a Pending command may next be claimed (scheduled time or retry back-off). */
  availableAt: z.string(),
  progress: z.number().nullable(),
  progressMessage: z.string().nullable(),
  /** The worker running it (InProgress only). */
  lockedBy: z.string().nullable(),
  result: z.unknown(),
  logs: z.array(ProqJobLogLineSchema),
});

export const ProqQuickViewRowSchema = z.object({
  id: z.uuid(),
  jobId: z.uuid().nullable(),
  commandType: z.string(),
  state: CommandStateSchema,
  age: z.number(),
  tags: z.array(z.string()),
  /** The analysis job's name; null for commands without a job (or of a deleted job). */
  jobName: z.string().nullable(),
});
export const ProqMonitoringDataSchema = z.object({
  queueCounts: z.object({
    /** Blocked, Pending and InProgress. */
    queuedCommandsCount: z.number().int(),
    queuedCompletedCommandsCount: z.number().int(),
    /** Error and Canceled: the commands that did not complete. */
    queuedErrorCommandsCount: z.number().int(),
  }),
  /** True while any worker heart-beats. */
  isRunning: z.boolean(),
  /** True while the whole queue is paused (workers claim nothing). */
  isPaused: z.boolean(),
});

export const ProqWorkerSchema = z.object({
  id: z.string(),
  hostname: z.string(),
  pid: z.number().int(),
  concurrency: z.number().int(),
  startedAt: z.string(),
  heartbeatAt: z.string(),
  isAlive: z.boolean(),
});
export const ProqStatusDetailsSchema = z.object({
  queuedCommandCount: z.number().int(),
  isRunning: z.boolean(),
  isPaused: z.boolean(),
  /** Jobs whose commands are paused while the rest of the queue runs. */
  pausedJobIds: z.array(z.uuid()),
  workers: z.array(ProqWorkerSchema),
});
export type ProqStatusDetails = z.infer<typeof ProqStatusDetailsSchema>;

/**
 * The retry back-off, in seconds: a failed attempt n waits
 * min(maxDelay, minDelay × coefficient^(n−1)). currentDelay is the delay given to the latest
 * failed attempt still waiting (0 when none waits); totalSecondsDiff is how long until the last
 * waiting retry becomes due.
 */
export const ProqBackoffStrategySchema = z.object({
  currentDelay: z.number(),
  minDelay: z.number(),
  maxDelay: z.number(),
  coefficient: z.number(),
  totalSecondsDiff: z.number(),
});
export const QueuedCommandCountsSchema = z.array(
  z.object({ name: z.string(), count: z.number().int() }),
);

const stateCounts = z.object(
  Object.fromEntries(COMMAND_STATES.map((s) => [s, z.number().int()])) as Record<
    (typeof COMMAND_STATES)[number],
    z.ZodNumber
  >,
);
/** Counts per state, overall and per command type (the monitoring screen's table). */
export const ProqCommandsInfoSchema = z.object({
  totals: stateCounts,
  byCommandType: z.array(stateCounts.extend({ commandType: z.string() })),
});

/** Pause or resume the whole queue, or only one job's commands (no body: the whole queue). */
export const ProqPauseRequestSchema = z
  .strictObject({ jobId: z.uuid().optional() })
  .nullish()
  .transform((body) => body ?? {});

/**
 * One job's commands in ProQ, summarised (workflow management). `state` is the workflow's
 * overall state: Error if any command failed, else InProgress, Pending, Blocked, Canceled in
 * that order, Completed once every command completed.
 */
export const ProqWorkflowJobSchema = z.object({
  jobId: z.uuid(),
  /** The analysis job's name; null when no job has this id (commands outlive deleted jobs). */
  jobName: z.string().nullable(),
  state: CommandStateSchema,
  commandCount: z.number().int(),
  /** Blocked, Pending and InProgress. */
  queuedCount: z.number().int(),
  completedCount: z.number().int(),
  errorCount: z.number().int(),
  canceledCount: z.number().int(),
  firstQueuedDate: z.string(),
  /** The latest time any of its commands was queued, started or finished. */
  lastActivityDate: z.string(),
  /** Whether the job's commands are paused (Workflow_PauseCommands). */
  isPaused: z.boolean(),
});
export type ProqWorkflowJob = z.infer<typeof ProqWorkflowJobSchema>;

/** A workflow step: the commands of one command type within a job, in queue order. */
export const ProqWorkflowStepSchema = z.object({
  commandType: z.string(),
  /** The step's overall state, by the same rule as the job's. */
  state: CommandStateSchema,
  commands: z.array(ProqCommandSchema),
});
export const ProqJobWorkflowSchema = ProqWorkflowJobSchema.extend({
  steps: z.array(ProqWorkflowStepSchema),
});
export type ProqJobWorkflow = z.infer<typeof ProqJobWorkflowSchema>;

/** What a workflow restart or a job's cancel did, and the workflow afterwards. */
export const ProqJobActionResultSchema = z.object({
  /** Commands queued again (restart) or canceled (cancel), dependants included. */
  affected: z.number().int(),
  workflow: ProqJobWorkflowSchema,
});

/** ProQ screen constants, SPEC.md section 9. */
export const PROQ_LIMITS = {
  /** ProQ quick views (and the monitoring screen) refetch every 4 s. */
  refetchIntervalMs: 4000,
  /** The quick-view table is at most 512 px tall and scrolls. */
  quickViewMaxHeightPx: 512,
} as const;
