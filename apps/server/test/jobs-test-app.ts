import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { useTestApp } from './harness.js';
import { JOBS_BASE, type ReferenceMerchant, jobPipeline } from './job-pipeline.js';
import { PROQ_TEST_ENV, workerPool } from './proq-kit.js';

/**
 * The app the jobs module's test files share: its own data folder, 3,000 demo reference
 * merchants, a 64 KiB upload limit, one in-process worker, and the system administrator signed
 * in with forty British merchants picked for the test files. `signedIn()` gives the session and
 * the merchants once the file's first `beforeAll` (registered here) has run.
 */
export function useJobsTestApp(
  name: string,
  options: {
    /** Settings known only once a peer the test starts is up (an S3 server's address). */
    env?: () => Promise<Record<string, string>>;
  } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `b2b-${name}-test-`));
  const env: Record<string, string> = {
    ...PROQ_TEST_ENV,
    DATA_DIR: dataDir,
    REFERENCE_DEMO_MERCHANTS: '3000',
    // 64 KiB: small enough to test the limit, big enough for the test files.
    JOB_UPLOAD_MAX_MB: '0.0625',
    JOB_XLSX_MAX_SHEETS: '5',
    ENGINE_MEMORY_LIMIT: '256MB',
  };
  // Registered before the app's own beforeAll, which reads `env` when it builds the app.
  const { env: more } = options;
  if (more) beforeAll(async () => void Object.assign(env, await more()));
  const t = useTestApp(env);
  const workers = workerPool(t);
  const pipeline = jobPipeline(t);
  let admin = '';
  let merchants: ReferenceMerchant[] = [];

  beforeAll(async () => {
    admin = await t.signIn('sysadmin@example.com');
    merchants = await pipeline.referenceMerchants<ReferenceMerchant>(
      (source) =>
        `SELECT merchant_name, postcode, country FROM ${source} WHERE country = 'GBR' ORDER BY merchant_id LIMIT 40`,
    );
    await workers.start({ concurrency: 1 });
  }, 180_000);

  afterAll(async () => {
    await workers.stopAll();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    t,
    workers,
    pipeline,
    dataDir,
    base: JOBS_BASE,
    signedIn: () => ({ admin, merchants }),
  };
}
