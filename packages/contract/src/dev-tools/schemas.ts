import { z } from 'zod';

/**
 * How the CSV anonymizer (SPEC §2 Dev, /dev/tools/anonymize-csv) rewrites a column: `name` → a
 * consistent pseudonym made of words, `email` → a pseudonym at example.com, `amount` → the
 * number times a keyed factor within ±10 % (sign and 2 decimals kept), `text` → redacted,
 * `keep` → unchanged.
 */
export const CSV_TREATMENTS = ['keep', 'name', 'email', 'amount', 'text'] as const;
export const CsvTreatmentSchema = z.enum(CSV_TREATMENTS);
export type CsvTreatment = z.infer<typeof CsvTreatmentSchema>;

/** Column name (as in the file's header) → its treatment; an unlisted column is kept. */
export const CsvTreatmentsSchema = z.record(z.string(), CsvTreatmentSchema);
export type CsvTreatments = z.infer<typeof CsvTreatmentsSchema>;

/** One header column of the file, with the treatment its name suggests. */
export const AnonymizeCsvColumnSchema = z.object({
  name: z.string(),
  suggested: CsvTreatmentSchema,
});

/** The file's header with suggested treatments and its first rows, as read. */
export const AnonymizeCsvPreviewSchema = z.object({
  delimiter: z.string(),
  columns: z.array(AnonymizeCsvColumnSchema),
  sampleRows: z.array(z.array(z.string())),
});
export type AnonymizeCsvPreview = z.infer<typeof AnonymizeCsvPreviewSchema>;

/** pino's levels, quietest last; the server's log level is one of these (SPEC §2 Dev). */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
export const LogLevelSchema = z.enum(LOG_LEVELS);
export type LogLevel = z.infer<typeof LogLevelSchema>;

/** A debug-logging window may last from one minute to four hours, then the level goes back. */
export const DEBUG_LOGGING_MAX_MINUTES = 240;

/** Raise (or lower) every server process's log level until a time (/dev/exercise/debug-logging). */
export const StartDebugLoggingSchema = z.object({
  level: LogLevelSchema,
  minutes: z.number().int().min(1).max(DEBUG_LOGGING_MAX_MINUTES),
});
export type StartDebugLogging = z.infer<typeof StartDebugLoggingSchema>;

export const DebugLoggingWindowSchema = z.object({
  level: LogLevelSchema,
  until: z.string(),
  setBy: z.string(),
  setAt: z.string(),
});
export type DebugLoggingWindow = z.infer<typeof DebugLoggingWindowSchema>;

/** One line the answering server process logged, newest last. */
export const RecentLogLineSchema = z.object({
  at: z.string(),
  level: LogLevelSchema,
  message: z.string(),
  /** The line's other fields (request id, module, error…) as JSON, cut at 2,000 characters. */
  context: z.string(),
});
export type RecentLogLine = z.infer<typeof RecentLogLineSchema>;

export const RecentLogLinesQuerySchema = z.object({
  /** Only lines at this level or louder. */
  level: LogLevelSchema.default('trace'),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

export const DebugLoggingStateSchema = z.object({
  /** LOG_LEVEL: the level outside a window ('silent' logs nothing). */
  defaultLevel: z.enum([...LOG_LEVELS, 'silent']),
  /** The level the answering process logs at now. */
  effectiveLevel: z.enum([...LOG_LEVELS, 'silent']),
  /** The window in force; null when none is (or it has ended). */
  window: DebugLoggingWindowSchema.nullable(),
  /** Which process's lines these are: each server process keeps its own last lines in memory. */
  process: z.string(),
  lines: z.array(RecentLogLineSchema),
});
export type DebugLoggingState = z.infer<typeof DebugLoggingStateSchema>;

/** What /dev/tools/reset-all-jobs must be sent, typed by the person, before it runs. */
export const RESET_ALL_JOBS_CONFIRMATION = 'RESET ALL JOBS';
export const ResetAllJobsSchema = z.object({ confirmation: z.string() });
export const ResetAllJobsResultSchema = z.object({
  /** Submitted jobs whose pipeline was started over from Ingest. */
  resetCount: z.number().int(),
  /** Draft jobs: nothing to reset. */
  skippedDraftCount: z.number().int(),
});
export type ResetAllJobsResult = z.infer<typeof ResetAllJobsResultSchema>;

/** Typed to anonymize a copy; the live database needs `force` and the longer text. */
export const ANONYMIZE_COPY_CONFIRMATION = 'ANONYMIZE';
export const ANONYMIZE_LIVE_CONFIRMATION = 'ANONYMIZE THE LIVE DATABASE';

/**
 * /dev/tools/database-anonymizer (SPEC §2 Dev): rewrite the personal data of a copy of the
 * database (a PostgreSQL URL), or of the live one when forced.
 */
export const AnonymizeDatabaseSchema = z.object({
  /** postgres://… of the copy; absent: the live database (needs `force`). */
  targetDatabaseUrl: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, { error: 'targetDatabaseUrl must start with postgres://' })
    .max(2000)
    .optional(),
  force: z.boolean().default(false),
  confirmation: z.string().max(100),
  /** Keys the pseudonyms (same key, same pseudonyms on another copy); random when absent. */
  key: z.string().min(8).max(200).optional(),
  /** Every user's new password, so testers can sign in as anyone; absent: passwords removed. */
  newPassword: z.string().min(12).max(200).optional(),
});
export type AnonymizeDatabase = z.input<typeof AnonymizeDatabaseSchema>;

export const AnonymizeDatabaseResultSchema = z.object({
  /** The database rewritten, without its password ("the live database" when it was). */
  target: z.string(),
  live: z.boolean(),
  /** Rows changed per table.column, or per emptied table. */
  counts: z.array(z.object({ target: z.string(), rows: z.number().int() })),
  passwords: z.enum(['replaced', 'removed']),
  millis: z.number().int(),
});
export type AnonymizeDatabaseResult = z.infer<typeof AnonymizeDatabaseResultSchema>;
