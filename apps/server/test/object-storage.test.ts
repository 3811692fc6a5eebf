import fs from 'node:fs';
import path from 'node:path';
import type { SupplierResult } from '@b2b/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { JOBS_BASE, messySummaryCsv } from './job-pipeline.js';
import { useJobsTestApp } from './jobs-test-app.js';
import { type TestS3Server, startS3Server } from './s3-server.js';

/*
 * The product on object storage: STORAGE_URL points at a real S3-protocol server (s3rver) on
 * loopback, and a job goes through upload, pipeline and results as on the local folder.
 */
let s3: TestS3Server | undefined;
const { t, pipeline, dataDir, signedIn } = useJobsTestApp('object-storage', {
  env: async () => {
    s3 = await startS3Server();
    return s3.env('b2b');
  },
});
afterAll(async () => {
  await s3?.close();
});

describe('the product on S3 object storage', () => {
  it('uploads a job, runs its pipeline and shows its results with every file in the bucket', async () => {
    const { admin, merchants } = signedIn();
    const storage = t.app.ctx.services.storage();
    expect(storage.kind).toBe('s3');
    const job = await pipeline.completedJob({
      cookie: admin,
      issuerName: 'PayTech Bank',
      csv: messySummaryCsv(merchants),
      name: 'On S3',
    });
    expect(job.supplierCount).toBeGreaterThan(25);

    const page = await t.request({
      method: 'POST',
      url: `${JOBS_BASE}/${job.id}/suppliers`,
      cookie: admin,
      payload: { pageSize: 100 },
    });
    expect(page.statusCode, page.body).toBe(200);
    const suppliers = page.json<{ collection: SupplierResult[] }>().collection;
    expect(suppliers.length).toBe(job.supplierCount);
    expect(suppliers.filter((s) => s.merchantId).length).toBeGreaterThan(20);

    // The upload, its Parquet files and the reference data are objects in the bucket …
    const keys = (await storage.list(`jobs/${job.id}/`)).map((f) => f.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^jobs/${job.id}/uploads/`)),
        `jobs/${job.id}/parquet/suppliers.parquet`,
        `jobs/${job.id}/parquet/matches.parquet`,
        `jobs/${job.id}/parquet/scores.parquet`,
      ]),
    );
    const reference = await storage.list('reference/');
    expect(reference.some((f) => f.key.endsWith('/manifest.json'))).toBe(true);
    // … none went to the local folder, and every local copy DuckDB read has been removed.
    expect(fs.existsSync(path.join(dataDir, 'files', 'jobs'))).toBe(false);
    const copies = path.join(dataDir, 'tmp', 'storage');
    expect(fs.existsSync(copies) ? fs.readdirSync(copies) : []).toEqual([]);
  });

  it('answers its readiness probe from the bucket', async () => {
    const ready = await t.request({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true, notReady: [] });
  });
});
