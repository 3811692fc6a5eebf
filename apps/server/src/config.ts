import path from 'node:path';
import { z } from 'zod';

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
  SESSION_SECRET: z.string().min(32).optional(),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('B2B Analytics <no-reply@b2b-analytics.local>'),
  /** Seed demo data (brandings, issuers, one user per role). Defaults to on for the embedded database. */
  DEMO_SEED: bool.optional(),
  DEMO_PASSWORD: z.string().min(8).default('Demo-Password-1'),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  IDLE_AUTO_LOGOUT_ENABLED: bool.default(true),
  CROSS_ORIGIN_MODE: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  ENABLE_APP_CONFIG_VIEW: bool.default(false),
  ENABLE_MEMORY_HOG: bool.default(false),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string | undefined;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  demoSeed: boolean;
  demoPassword: string;
  sessionAbsoluteMs: number;
  sessionIdleMs: number;
  idleAutoLogoutEnabled: boolean;
  crossOriginMode: boolean;
  logLevel: string;
  webDist: string | undefined;
  loginMaxFailures: number;
  loginWindowMs: number;
  environmentFlags: { appConfigView: boolean; memoryHog: boolean };
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
    sessionSecret: e.SESSION_SECRET,
    publicUrl: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    demoSeed: e.DEMO_SEED ?? (!e.DATABASE_URL && e.NODE_ENV !== 'production'),
    demoPassword: e.DEMO_PASSWORD,
    sessionAbsoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    idleAutoLogoutEnabled: e.IDLE_AUTO_LOGOUT_ENABLED,
    crossOriginMode: e.CROSS_ORIGIN_MODE,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginWindowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
    environmentFlags: { appConfigView: e.ENABLE_APP_CONFIG_VIEW, memoryHog: e.ENABLE_MEMORY_HOG },
  };
}
