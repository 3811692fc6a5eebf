import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// E2E_PORT lets two runs share a machine (each also needs its own E2E_DATA_DIR, made per run).
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;

const DATA_DIR_PREFIX = 'b2b-e2e-';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A fresh embedded database for this run, named after the runner's process id. Playwright's
 * teardown hooks run while the server is still up, so a run cannot delete its own database;
 * instead each run deletes those of runs that have finished.
 */
function freshDataDir(): string {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(new RegExp(`^${DATA_DIR_PREFIX}(\\d+)-`).exec(name)?.[1]);
    if (pid && !isRunning(pid)) rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
  }
  return mkdtempSync(path.join(tmpdir(), `${DATA_DIR_PREFIX}${process.pid}-`));
}

// Playwright loads this file in the runner and again in every worker; workers inherit the
// runner's environment, so only the runner makes a database.
process.env.E2E_DATA_DIR ??= freshDataDir();

// Playwright reads the default export.
export default defineConfig({
  testDir: 'apps/web/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  // Generous: journeys share the machine with builds and other test runs.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    screenshot: 'only-on-failure',
    trace: 'off',
    // Debian's Chromium (scripts/ensure-browser.sh installs it): Playwright never downloads a
    // browser here.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'journeys', testIgnore: /system-mode\.spec\.ts/ },
    // The system mode is global state: switched only once every other journey has finished.
    { name: 'system-mode', testMatch: /system-mode\.spec\.ts/, dependencies: ['journeys'] },
  ],
  webServer: {
    // Serves the API and the built web app (run `npm run build -w @b2b/web` first).
    command: 'npm run start -w @b2b/server',
    url: `${baseURL}/api/v1/system-mode`,
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // Journeys run on localhost whatever the user's branding domain; the journey that checks
      // the move to one's own domain answers the site configuration as production would.
      CROSS_ORIGIN_MODE: 'true',
      // Every journey signs in from this one address, two at a time: more than a person would.
      LOGIN_ATTEMPTS_PER_MINUTE: '600',
      // The Companies House journey serves the API's documented shapes on this loopback port
      // (companies-house.spec.ts starts it; the port is E2E_PORT + 500 there too).
      COMPANIES_HOUSE_API_KEY: 'e2e-companies-house-key',
      COMPANIES_HOUSE_BASE_URL: `http://127.0.0.1:${PORT + 500}`,
      // The accounting journey's stand-in for the accounting API listens here
      // (accounting-links.spec.ts); the server only calls it when someone connects.
      MERGE_API_URL: `http://127.0.0.1:${PORT + 10000}/api`,
      MERGE_API_KEY: 'e2e-merge-key',
    },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // SIGTERM lets the server close its embedded database cleanly.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
