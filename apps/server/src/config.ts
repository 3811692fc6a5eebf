import path from 'node:path';
import { z } from 'zod';
import type { S3StorageSettings } from './storage/s3-file-storage.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every setting the server reads from the environment, typed and checked once at start. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** A real PostgreSQL server. Without it the embedded PGlite under DATA_DIR is used. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  /**
   * Where uploads, Parquet files and exports live: unset = the folder DATA_DIR/files; or
   * `s3://bucket/prefix` for an S3-compatible store that several nodes share (DESIGN §1).
   */
  STORAGE_URL: z.string().optional(),
  /** An S3-compatible endpoint (MinIO, Ceph, …); unset for AWS S3 itself. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Unset: the AWS SDK's default credential chain (environment, instance role, …). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Address buckets as `endpoint/bucket` instead of `bucket.endpoint` (most S3-compatible stores). */
  S3_FORCE_PATH_STYLE: bool.default(false),
  SESSION_SECRET: z.string().min(32).optional(),
  PUBLIC_URL: z.string().url().optional(),
  /** Where the PDF renderer's Chromium reaches this server; defaults to loopback on PORT. */
  REPORT_BASE_URL: z.string().url().optional(),
  /** Start Chromium when a ProQ worker starts, so the first PDF does not wait for it. */
  PDF_BROWSER_WARM: bool.optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('B2B Analytics <no-reply@b2b-analytics.local>'),
  /**
   * The mailbox campaign bounces arrive in (the sender address's), read every 5 minutes:
   * `imaps://user:password@host:993/INBOX`, or `imap://` for plain.
   */
  CAMPAIGN_BOUNCE_MAILBOX_URL: z.string().optional(),
  /** Seed demo data (brandings, issuers, one user per role). Defaults to on for the embedded database. */
  DEMO_SEED: bool.optional(),
  DEMO_PASSWORD: z.string().min(8).default('Demo-Password-1'),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  /** How long a resolved session is reused by this process; 0 = look it up on every request. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(10_000).optional(),
  IDLE_AUTO_LOGOUT_ENABLED: bool.default(true),
  /** Check every response against the contract with zod as well (lib/response-serializer.ts). */
  CHECK_RESPONSES: bool.optional(),
  /** On by default outside production, so demo users are not sent to their branding's *.localhost host. */
  CROSS_ORIGIN_MODE: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  /** Sign-in attempts per client address per minute, before 429 (every username counts). */
  LOGIN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  ENABLE_APP_CONFIG_VIEW: bool.default(false),
  ENABLE_MEMORY_HOG: bool.default(false),
  /** Deployment name the web build must agree with (else it shows /503). */
  ENVIRONMENT: z.string().min(1).max(50).default('local'),
  ENVIRONMENT_LABEL: z.string().max(50).optional(),
  SYSTEM_NOTIFICATION: z.string().max(1000).optional(),
  TRUST_POLICY_NOTE: z.string().max(1000).optional(),
  APP_VERSION_CHECK_SECONDS: z.coerce.number().int().positive().default(300),
  RELEASE_NOTICE_ID: z.string().default('release-2025-11'),
  RELEASE_NOTICE_FROM: z.iso.datetime({ offset: true }).default('2025-10-27T00:00:00Z'),
  RELEASE_NOTICE_TO: z.iso.datetime({ offset: true }).default('2025-11-07T23:59:59Z'),
  /** The version the release notice announces: its link opens that version's release note. */
  RELEASE_NOTICE_VERSION: z.string().min(1).max(50).default('1.4.0'),
  /** The release notes' Markdown files; the repository's docs/release-notes by default. */
  RELEASE_NOTES_DIR: z.string().optional(),
  /** In-process ProQ worker slots; 0 runs no worker in the server (use `npm run worker`). */
  WORKERS: z.coerce.number().int().min(0).max(256).default(2),
  PROQ_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  PROQ_BACKOFF_MIN_SECONDS: z.coerce.number().min(0).default(5),
  PROQ_BACKOFF_MAX_SECONDS: z.coerce.number().min(0).default(600),
  PROQ_BACKOFF_COEFFICIENT: z.coerce.number().min(1).default(2),
  PROQ_HEARTBEAT_SECONDS: z.coerce.number().positive().max(300).default(5),
  PROQ_POLL_MAX_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  PROQ_SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).default(20),
  /** `group=limit` pairs, e.g. `default=1,ingestion=2`: commands of a group running at once. */
  PROQ_GROUP_LIMITS: z
    .string()
    .regex(/^(\s*[\w.-]+\s*=\s*\d+\s*)(,\s*[\w.-]+\s*=\s*\d+\s*)*$/, 'expected group=limit,...')
    .optional(),
  /** Completed and Canceled commands are deleted this many days after they finished. */
  PROQ_RETENTION_DAYS: z.coerce.number().positive().default(30),
  /** A live chat/LLM endpoint (used by the chat issue; reported by the system audit). */
  LLM_BASE_URL: z.string().url().optional(),
  /** The model the chat asks at LLM_BASE_URL (required with it), e.g. `gpt-4o-mini`. */
  LLM_MODEL: z.string().min(1).optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(30),
  /** Chat exchanges are deleted this many days after they were logged. */
  CHAT_RETENTION_DAYS: z.coerce.number().int().positive().default(365),
  /** The time limit of one analytics query (SPEC §2 /admin/analytics-query), in seconds. */
  ANALYTICS_QUERY_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(30),
  /** Largest document one upload may carry. */
  CHAT_UPLOAD_MAX_MB: z.coerce.number().positive().max(1024).default(25),
  /** Analysis jobs: largest upload (default 1 GiB), workbook limits checked before unpacking. */
  JOB_UPLOAD_MAX_MB: z.coerce.number().positive().default(1024),
  JOB_XLSX_MAX_UNPACKED_MB: z.coerce.number().positive().default(512),
  JOB_XLSX_MAX_SHEETS: z.coerce.number().int().positive().default(20),
  /** DuckDB per pipeline step: memory limit and threads (one connection per step). */
  ENGINE_MEMORY_LIMIT: z
    .string()
    .regex(/^\d+(\.\d+)?\s*(MB|GB|MiB|GiB)$/)
    .default('1200MB'),
  ENGINE_THREADS: z.coerce.number().int().min(1).max(64).default(2),
  /** Merchants in the generated card-acceptance reference set made when none exists. */
  REFERENCE_DEMO_MERCHANTS: z.coerce.number().int().min(100).default(50_000),
  /** Create the finished demo jobs at start (defaults to DEMO_SEED). */
  DEMO_JOBS: bool.optional(),
  /**
   * Encrypts stored connection secrets (SFTP passwords and keys, single sign-on client secrets);
   * defaults to SESSION_SECRET.
   */
  SECRETS_KEY: z.string().min(32).optional(),
  /** How long an SFTP connection may take to be ready before it counts as unreachable. */
  SFTP_CONNECT_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(10),
  /**
   * The unified accounting API (Merge-style; issuer input data options MergeLink and
   * MergeMagicLink), e.g. `https://api.merge.dev/api`. Without it and MERGE_API_KEY, accounting
   * connections are off and their screens say how to configure them.
   */
  MERGE_API_URL: z.string().url().optional(),
  MERGE_API_KEY: z.string().optional(),
  /** The Merge Link script the browser loads to let a person connect their system. */
  MERGE_LINK_SCRIPT_URL: z.string().url().default('https://cdn.merge.dev/initialize.js'),
  MERGE_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(30),
  /**
   * The other environments endpoint comparison may call (DevOps), as comma-separated origins such
   * as `https://staging.example.com`. Unset: any http(s) address outside production, none in
   * production — a base URL typed on a screen must not let the server reach internal services.
   */
  COMPARISON_ALLOWED_ORIGINS: z.string().optional(),
  /** How often one call answered 429 (rate limited) is tried again before the sync fails. */
  MERGE_RATE_LIMIT_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  /**
   * The longest wait before one such retry: a Retry-After further away fails the sync at once,
   * with the time it names on the account.
   */
  MERGE_RETRY_MAX_WAIT_SECONDS: z.coerce.number().min(0).max(3600).default(60),
  /** The largest file a video resource may hold (SPEC §2 video-resources), in bytes: 500 MB. */
  VIDEO_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(500 * 1024 * 1024),
  /** The Companies House public data API (SPEC §2 Tools): without a key the tool says so. */
  COMPANIES_HOUSE_API_KEY: z.string().min(1).optional(),
  COMPANIES_HOUSE_BASE_URL: z
    .string()
    .url()
    .default('https://api.company-information.service.gov.uk'),
  COMPANIES_HOUSE_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(10),
  /** Requests per 5 minutes this server sends Companies House (the API allows 600 per key). */
  COMPANIES_HOUSE_REQUESTS_PER_5_MINUTES: z.coerce.number().int().min(1).max(600).default(600),
  /** The CSV anonymizer's default key (else derived from SESSION_SECRET). */
  ANONYMIZE_CSV_SECRET: z.string().min(1).optional(),
});

export type ProqConfig = {
  /** In-process worker slots (WORKERS). */
  workers: number;
  maxAttempts: number;
  backoff: { minSeconds: number; maxSeconds: number; coefficient: number };
  heartbeatMs: number;
  pollMaxMs: number;
  shutdownGraceMs: number;
  /** Commands of one processing group running at once: per group, and the default. */
  groupLimits: Record<string, number>;
  defaultGroupLimit: number;
  /** Days a Completed or Canceled command is kept (PROQ_RETENTION_DAYS). */
  retentionDays: number;
};

function parseGroupLimits(value: string | undefined): Record<string, number> {
  const limits: Record<string, number> = {};
  for (const pair of (value ?? '').split(',').filter((p) => p.trim())) {
    const [name, limit] = pair.split('=').map((p) => p.trim());
    limits[name!] = Math.max(1, Number(limit));
  }
  return limits;
}

/** A setting as the running server holds it (the AppConfig_VIEW screen; secrets masked). */
export type ConfigSetting = {
  name: string;
  value: string | null;
  source: 'environment' | 'default' | 'unset';
  masked: boolean;
};

const SECRET_NAME = /SECRET|PASSWORD|API_KEY|TOKEN/;
const MASK = '••••••••';

/** A value safe to show: a secret masked whole, a URL's password masked, the rest as it is. */
function shownValue(name: string, value: string): { value: string; masked: boolean } {
  if (SECRET_NAME.test(name)) return { value: MASK, masked: true };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      if (url.password) {
        return { value: value.replace(`:${url.password}@`, `:${MASK}@`), masked: true };
      }
    } catch {
      // Not a URL after all: shown as it is.
    }
  }
  return { value, masked: false };
}

/** Every setting the schema knows, with its value in effect and where it came from. */
function describeSettings(
  env: NodeJS.ProcessEnv,
  parsed: z.infer<typeof EnvSchema>,
): ConfigSetting[] {
  return Object.keys(EnvSchema.shape).map((name) => {
    const raw = env[name];
    const effective = (parsed as Record<string, unknown>)[name];
    const source =
      raw !== undefined && raw !== ''
        ? 'environment'
        : effective === undefined
          ? 'unset'
          : 'default';
    const text =
      source === 'environment' ? raw! : effective === undefined ? null : String(effective);
    if (text === null) return { name, value: null, source, masked: false };
    return { name, source, ...shownValue(name, text) };
  });
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** The file storage: the DATA_DIR/files folder, or an S3-compatible bucket. */
  storage: StorageConfig;
  /** Where the release notes are read from; undefined = the repository's docs/release-notes. */
  releaseNotesDir: string | undefined;
  sessionSecret: string | undefined;
  /** The CSV anonymizer's key when a request names none (SPEC §2 Dev). */
  anonymizeCsvSecret: string | undefined;
  publicUrl: string | undefined;
  /** The printable routes' base for the PDF renderer (loopback and the listening port). */
  reportBaseUrl: string;
  /** A process with a ProQ worker starts the PDF renderer's Chromium with it (PDF_BROWSER_WARM). */
  pdfBrowserWarm: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where campaign bounces are read from (CAMPAIGN_BOUNCE_MAILBOX_URL); undefined = not read. */
  campaignBounceMailbox: BounceMailboxSettings | undefined;
  demoSeed: boolean;
  demoPassword: string;
  sessionAbsoluteMs: number;
  sessionIdleMs: number;
  sessionCacheMs: number;
  /** Responses are also encoded by zod and compared with what the compiled writer wrote. */
  checkResponses: boolean;
  idleAutoLogoutEnabled: boolean;
  crossOriginMode: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  webDist: string | undefined;
  loginMaxFailures: number;
  analyticsQueryTimeoutMs: number;
  loginWindowMs: number;
  loginAttemptsPerMinute: number;
  environmentFlags: { appConfigView: boolean; memoryHog: boolean };
  client: {
    environment: string;
    environmentLabel: string | null;
    systemNotification: string | null;
    trustPolicyNote: string | null;
    appVersionCheckSeconds: number;
    releaseNotice: { id: string; from: string; to: string; version: string };
  };
  proq: ProqConfig;
  llmBaseUrl: string | undefined;
  chat: ChatConfig;
  jobs: JobsConfig;
  sftp: SftpConfig;
  merge: MergeConfig;
  videoResources: { maxBytes: number };
  companiesHouse: {
    apiKey: string | undefined;
    baseUrl: string;
    timeoutMs: number;
    rateLimit: number;
    rateWindowMs: number;
  };
  /** The key material stored secrets are sealed with (lib/secret-box.ts): SECRETS_KEY. */
  secretsKey: string;
  /** The origins endpoint comparison may call; `'any'` outside production when unset. */
  comparisonOrigins: string[] | 'any';
  /** Every setting with its source, secrets masked: for the AppConfig_VIEW screen only. */
  settings: readonly ConfigSetting[];
};

/** An IMAP mailbox, from CAMPAIGN_BOUNCE_MAILBOX_URL. */
export type BounceMailboxSettings = {
  host: string;
  port: number;
  /** TLS from the first byte (imaps://); imap:// is plain. */
  secure: boolean;
  user: string;
  password: string;
  mailbox: string;
};

/** `imap(s)://user:password@host[:port][/mailbox]`; anything else stops the start, naming it. */
function bounceMailbox(e: z.infer<typeof EnvSchema>): BounceMailboxSettings | undefined {
  const value = e.CAMPAIGN_BOUNCE_MAILBOX_URL;
  if (!value) return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || !/^imaps?:$/.test(url.protocol) || !url.hostname || !url.username) {
    throw new Error(
      `Invalid configuration: CAMPAIGN_BOUNCE_MAILBOX_URL: expected imaps://user:password@host:993/INBOX (or imap:// for plain), got ${JSON.stringify(value.replace(/:[^:/@]*@/, `:${MASK}@`))}`,
    );
  }
  const secure = url.protocol === 'imaps:';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    mailbox: decodeURIComponent(url.pathname.replace(/^\/+/, '')) || 'INBOX',
  };
}

export type StorageConfig = { kind: 'folder' } | ({ kind: 's3' } & S3StorageSettings);

/** COMPARISON_ALLOWED_ORIGINS as origins; a value that is not an http(s) origin stops the start. */
function comparisonOrigins(e: z.infer<typeof EnvSchema>): string[] | 'any' {
  if (e.COMPARISON_ALLOWED_ORIGINS === undefined) return e.NODE_ENV === 'production' ? [] : 'any';
  return e.COMPARISON_ALLOWED_ORIGINS.split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const url = URL.canParse(item) ? new URL(item) : undefined;
      const origin = url && /^https?:$/.test(url.protocol) && url.origin;
      if (!origin || `${origin}/` !== url.href) {
        throw new Error(
          `Invalid configuration: COMPARISON_ALLOWED_ORIGINS: expected comma-separated origins such as https://staging.example.com, got ${JSON.stringify(item)}`,
        );
      }
      return origin;
    });
}

/** `s3://bucket/prefix` and the S3_* settings; anything else stops the start with its reason. */
function storageConfig(e: z.infer<typeof EnvSchema>): StorageConfig {
  if (!e.STORAGE_URL) return { kind: 'folder' };
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(e.STORAGE_URL);
  const prefix = match?.[2]?.replace(/\/+$/, '') ?? '';
  if (!match || (prefix && prefix.split('/').some((p) => p === '' || p === '.' || p === '..'))) {
    throw new Error(
      `Invalid configuration: STORAGE_URL: expected s3://bucket or s3://bucket/prefix (a bucket name of 3-63 lower-case letters, digits, dots and hyphens), got ${JSON.stringify(e.STORAGE_URL)}`,
    );
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new Error(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all',
    );
  }
  return {
    kind: 's3',
    bucket: match[1]!,
    prefix,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    credentials: e.S3_ACCESS_KEY_ID
      ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY! }
      : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

export type JobsConfig = {
  uploadMaxBytes: number;
  xlsxMaxUnpackedBytes: number;
  xlsxMaxSheets: number;
  engineMemoryLimit: string;
  engineThreads: number;
  referenceDemoMerchants: number;
  demoJobs: boolean;
};

/** The accounting API: `api` undefined when MERGE_API_URL or MERGE_API_KEY is missing. */
export type MergeConfig = {
  api:
    | {
        baseUrl: string;
        apiKey: string;
        timeoutMs: number;
        /** 429 answers: retries of one call, and the longest wait before one. */
        rateLimitRetries: number;
        maxRetryWaitMs: number;
      }
    | undefined;
  linkScriptUrl: string;
  /** Account tokens are sealed with it (lib/secret-box.ts). */
  secretsKey: string;
};

export type SftpConfig = {
  /** The key material stored SFTP secrets are encrypted with (lib/secret-box.ts). */
  secretsKey: string;
  connectTimeoutMs: number;
};

/** Outside production only: stored secrets still get encrypted when no key is configured. */
const DEVELOPMENT_SECRETS_KEY = 'b2b-analytics-development-secrets-key-not-for-production';

export type ChatConfig = {
  /** An OpenAI-compatible model; without one the chat answers extractively, offline. */
  llm:
    { baseUrl: string; model: string; apiKey: string | undefined; timeoutMs: number } | undefined;
  retentionDays: number;
  uploadMaxBytes: number;
};

/** Reads and checks the environment; a wrong value stops the process with a line naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid configuration: ${String(issue?.path.join('.'))}: ${issue?.message}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) {
    throw new Error(
      'Invalid configuration: SESSION_SECRET is required in production (at least 32 characters)',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir: path.resolve(e.DATA_DIR),
    storage: storageConfig(e),
    releaseNotesDir: e.RELEASE_NOTES_DIR ? path.resolve(e.RELEASE_NOTES_DIR) : undefined,
    sessionSecret: e.SESSION_SECRET,
    anonymizeCsvSecret: e.ANONYMIZE_CSV_SECRET,
    publicUrl: e.PUBLIC_URL,
    reportBaseUrl: e.REPORT_BASE_URL ?? `http://127.0.0.1:${e.PORT}`,
    // Off by default in tests, whose many worker processes print no PDF.
    pdfBrowserWarm: e.PDF_BROWSER_WARM ?? e.NODE_ENV !== 'test',
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    campaignBounceMailbox: bounceMailbox(e),
    demoSeed: e.DEMO_SEED ?? (!e.DATABASE_URL && e.NODE_ENV !== 'production'),
    demoPassword: e.DEMO_PASSWORD,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    // Off in tests, which change users in the database directly and expect the next request
    // to see it; the cache has its own test.
    sessionCacheMs: e.SESSION_CACHE_MS ?? (e.NODE_ENV === 'test' ? 0 : 1000),
    idleAutoLogoutEnabled: e.IDLE_AUTO_LOGOUT_ENABLED,
    checkResponses: e.CHECK_RESPONSES ?? e.NODE_ENV !== 'production',
    crossOriginMode: e.CROSS_ORIGIN_MODE ?? e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    analyticsQueryTimeoutMs: Math.max(1, Math.round(e.ANALYTICS_QUERY_TIMEOUT_SECONDS * 1000)),
    loginWindowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
    loginAttemptsPerMinute: e.LOGIN_ATTEMPTS_PER_MINUTE,
    environmentFlags: { appConfigView: e.ENABLE_APP_CONFIG_VIEW, memoryHog: e.ENABLE_MEMORY_HOG },
    client: {
      environment: e.ENVIRONMENT,
      environmentLabel: e.ENVIRONMENT_LABEL || null,
      systemNotification: e.SYSTEM_NOTIFICATION || null,
      trustPolicyNote: e.TRUST_POLICY_NOTE || null,
      appVersionCheckSeconds: e.APP_VERSION_CHECK_SECONDS,
      releaseNotice: {
        id: e.RELEASE_NOTICE_ID,
        from: e.RELEASE_NOTICE_FROM,
        to: e.RELEASE_NOTICE_TO,
        version: e.RELEASE_NOTICE_VERSION,
      },
    },
    proq: proqConfig(e),
    llmBaseUrl: e.LLM_BASE_URL || undefined,
    chat: chatConfig(e),
    jobs: {
      uploadMaxBytes: Math.round(e.JOB_UPLOAD_MAX_MB * 1024 * 1024),
      xlsxMaxUnpackedBytes: Math.round(e.JOB_XLSX_MAX_UNPACKED_MB * 1024 * 1024),
      xlsxMaxSheets: e.JOB_XLSX_MAX_SHEETS,
      engineMemoryLimit: e.ENGINE_MEMORY_LIMIT.replace(/\s+/g, ''),
      engineThreads: e.ENGINE_THREADS,
      referenceDemoMerchants: e.REFERENCE_DEMO_MERCHANTS,
      demoJobs: e.DEMO_JOBS ?? e.DEMO_SEED ?? (!e.DATABASE_URL && e.NODE_ENV !== 'production'),
    },
    secretsKey: e.SECRETS_KEY ?? e.SESSION_SECRET ?? DEVELOPMENT_SECRETS_KEY,
    comparisonOrigins: comparisonOrigins(e),
    sftp: {
      secretsKey: e.SECRETS_KEY ?? e.SESSION_SECRET ?? DEVELOPMENT_SECRETS_KEY,
      connectTimeoutMs: e.SFTP_CONNECT_TIMEOUT_SECONDS * 1000,
    },
    merge: {
      api:
        e.MERGE_API_URL && e.MERGE_API_KEY
          ? {
              baseUrl: e.MERGE_API_URL.replace(/\/+$/, ''),
              apiKey: e.MERGE_API_KEY,
              timeoutMs: e.MERGE_TIMEOUT_SECONDS * 1000,
              rateLimitRetries: e.MERGE_RATE_LIMIT_RETRIES,
              maxRetryWaitMs: e.MERGE_RETRY_MAX_WAIT_SECONDS * 1000,
            }
          : undefined,
      linkScriptUrl: e.MERGE_LINK_SCRIPT_URL,
      secretsKey: e.SECRETS_KEY ?? e.SESSION_SECRET ?? DEVELOPMENT_SECRETS_KEY,
    },
    videoResources: { maxBytes: e.VIDEO_MAX_BYTES },
    companiesHouse: {
      apiKey: e.COMPANIES_HOUSE_API_KEY || undefined,
      baseUrl: e.COMPANIES_HOUSE_BASE_URL,
      timeoutMs: e.COMPANIES_HOUSE_TIMEOUT_SECONDS * 1000,
      rateLimit: e.COMPANIES_HOUSE_REQUESTS_PER_5_MINUTES,
      rateWindowMs: 5 * 60_000,
    },
    settings: describeSettings(env, e),
  };
}

function chatConfig(e: z.infer<typeof EnvSchema>): ChatConfig {
  if (e.LLM_BASE_URL && !e.LLM_MODEL) {
    throw new Error('Invalid configuration: LLM_MODEL is required when LLM_BASE_URL is set');
  }
  return {
    llm: e.LLM_BASE_URL
      ? {
          baseUrl: e.LLM_BASE_URL,
          model: e.LLM_MODEL!,
          apiKey: e.LLM_API_KEY || undefined,
          timeoutMs: e.LLM_TIMEOUT_SECONDS * 1000,
        }
      : undefined,
    retentionDays: e.CHAT_RETENTION_DAYS,
    uploadMaxBytes: Math.round(e.CHAT_UPLOAD_MAX_MB * 1024 * 1024),
  };
}

function proqConfig(e: z.infer<typeof EnvSchema>): ProqConfig {
  const { default: defaultGroupLimit = 1, ...groupLimits } = parseGroupLimits(e.PROQ_GROUP_LIMITS);
  if (e.PROQ_BACKOFF_MAX_SECONDS < e.PROQ_BACKOFF_MIN_SECONDS) {
    throw new Error(
      'Invalid configuration: PROQ_BACKOFF_MAX_SECONDS must not be below PROQ_BACKOFF_MIN_SECONDS',
    );
  }
  return {
    workers: e.WORKERS,
    maxAttempts: e.PROQ_MAX_ATTEMPTS,
    backoff: {
      minSeconds: e.PROQ_BACKOFF_MIN_SECONDS,
      maxSeconds: e.PROQ_BACKOFF_MAX_SECONDS,
      coefficient: e.PROQ_BACKOFF_COEFFICIENT,
    },
    heartbeatMs: e.PROQ_HEARTBEAT_SECONDS * 1000,
    pollMaxMs: e.PROQ_POLL_MAX_MS,
    shutdownGraceMs: e.PROQ_SHUTDOWN_GRACE_SECONDS * 1000,
    groupLimits,
    defaultGroupLimit,
    retentionDays: e.PROQ_RETENTION_DAYS,
  };
}
