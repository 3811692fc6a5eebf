import path from 'node:path';
import type { JobDetails } from '@b2b/contract';
import { expect } from 'vitest';
import { openEngineDb, sqlString } from '../src/engine/duckdb.js';
import { multipart } from './chat-files.js';
import type { TestApp } from './harness.js';
import { waitFor } from './proq-kit.js';

export const JOBS_BASE = '/api/v1/job-artifacts';

type JobType = 'base' | 'matched-data-only' | 'advanced';

export type ReferenceMerchant = {
  merchant_name: string;
  postcode: string | null;
  country: string;
};

/** A Summary Upload export as buyers send it: BOM, currency signs, thousands separators, junk rows. */
export function messySummaryCsv(merchants: readonly ReferenceMerchant[]): string {
  const lines = ['Supplier Name,Vendor No,Post Code,Country,Annual Spend (GBP),Payment Method'];
  merchants.slice(0, 30).forEach((m, i) => {
    const name = i % 3 === 0 ? m.merchant_name.toUpperCase() : m.merchant_name;
    const spend = `"£${(1000 + i * 1234.5).toLocaleString('en-GB', { minimumFractionDigits: 2 })}"`;
    lines.push(
      `"${name}",V${1000 + i},${m.postcode ?? ''},GB,${spend},${i % 2 ? 'Cheque' : 'BACS'}`,
    );
  });
  lines.push('Totally Unknown Widgets Ltd,V9001,ZZ1 1ZZ,GB,"£5,000.00",Cheque');
  lines.push('REDACTED PERSONAL DATA,V9002,,GB,"£120.00",Cheque');
  lines.push('=HYPERLINK("http://evil.example"),V9003,,GB,,Cheque');
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The mapping a person saves for `messySummaryCsv` in the wizard. */
export const MESSY_SUMMARY_MAPPING = {
  mapping: {
    supplierName: 0,
    supplierId: 1,
    postcode: 2,
    country: 3,
    annualSpend: 4,
    paymentMethod: 5,
  },
  options: { dateOrder: 'DMY' },
};

/** How far `jobAt` takes a Summary Upload job of `messySummaryCsv`. */
export type JobStage = 'draft' | 'uploaded' | 'mapped' | 'completed';

/**
 * Sets up analysis jobs through the API as a user would: the card-acceptance reference data,
 * a job of an issuer, its files, and its pipeline run by the test's ProQ workers.
 */
export function jobPipeline(t: TestApp) {
  async function issuersFor(cookie: string) {
    const res = await t.request({ url: `${JOBS_BASE}/wizard/issuers`, cookie });
    return res.json<{ id: string; name: string; buyers: { id: string }[] }[]>();
  }

  const kit = {
    issuersFor,

    /**
     * Makes sure a reference version exists (the seeded demo set of 3000 merchants) and reads
     * its merchants with `select`, given the merchants Parquet file as a DuckDB source.
     */
    async referenceMerchants<T extends object>(
      select: (merchants: string) => string,
    ): Promise<T[]> {
      const { demo } = t.app.ctx.services.jobs;
      const { versionId } = await demo.ensureReferenceData(3000);
      const db = await openEngineDb({ threads: 1, memoryLimit: '256MB' });
      try {
        const parquet = path.join(demo.referenceRoot, versionId, 'merchants.parquet');
        return await db.all<T>(select(`read_parquet(${sqlString(parquet)})`));
      } finally {
        db.close();
      }
    },

    /** A Draft job of the issuer whose name starts with `issuerName` (its first buyer, or `buyer`). */
    async createJob(options: {
      cookie: string;
      issuerName: string;
      type?: JobType;
      name?: string;
      currency?: string;
      buyer?: number;
    }): Promise<JobDetails> {
      const { cookie, type = 'base', buyer = 0 } = options;
      const issuers = await issuersFor(cookie);
      const issuer = issuers.find((i) => i.name.startsWith(options.issuerName)) ?? issuers[0]!;
      const name = encodeURIComponent(options.name ?? `Test ${type}`);
      const res = await t.request({
        method: 'POST',
        url: `${JOBS_BASE}?type=${type}&issuerId=${issuer.id}&buyerId=${issuer.buyers[buyer]!.id}&name=${name}&currency=${options.currency ?? 'gbp'}`,
        cookie,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<JobDetails>();
    },

    upload(
      jobId: string,
      role: string,
      filename: string,
      content: string | Buffer,
      cookie: string,
    ) {
      return t.request({
        method: 'POST',
        url: `${JOBS_BASE}/${jobId}/files?role=${role}`,
        cookie,
        ...multipart([{ filename, content }], 'file'),
      });
    },

    submit(jobId: string, cookie: string) {
      return t.request({ method: 'POST', url: `${JOBS_BASE}/${jobId}/submit`, cookie });
    },

    /** The job once its pipeline has finished, Completed or in Error. */
    async waitUntilFinished(jobId: string, cookie: string): Promise<JobDetails> {
      return waitFor(
        async () => (await t.request({ url: `${JOBS_BASE}/${jobId}`, cookie })).json<JobDetails>(),
        (job) => job.status === 'Completed' || job.status === 'Error',
        120_000,
        'the job pipeline',
      );
    },

    /**
     * A job run to completion from one supplier file (its suggested mapping): created, uploaded,
     * submitted and waited for. ProQ workers must be running.
     */
    async completedJob(options: {
      cookie: string;
      issuerName: string;
      csv: string;
      type?: JobType;
      name?: string;
      currency?: string;
      buyer?: number;
    }): Promise<JobDetails> {
      const job = await kit.createJob(options);
      const up = await kit.upload(
        job.id,
        'Suppliers',
        'suppliers.csv',
        options.csv,
        options.cookie,
      );
      expect(up.statusCode, up.body).toBe(201);
      const submit = await kit.submit(job.id, options.cookie);
      expect(submit.statusCode, submit.body).toBeLessThan(300);
      const done = await kit.waitUntilFinished(job.id, options.cookie);
      expect(done.status, JSON.stringify(done.steps)).toBe('Completed');
      return done;
    },

    /**
     * A fixture: a Summary Upload job of `messySummaryCsv` taken to `stage` (uploaded, its
     * mapping saved, its pipeline run to completion), with its file's id once it has one.
     */
    async jobAt(
      stage: JobStage,
      options: { cookie: string; merchants: readonly ReferenceMerchant[]; issuerName?: string },
    ): Promise<{ job: JobDetails; fileId: string }> {
      const { cookie } = options;
      const job = await kit.createJob({ cookie, issuerName: options.issuerName ?? 'PayTech Bank' });
      if (stage === 'draft') return { job, fileId: '' };
      const up = await kit.upload(
        job.id,
        'Suppliers',
        'AP export.csv',
        messySummaryCsv(options.merchants),
        cookie,
      );
      expect(up.statusCode, up.body).toBe(201);
      const fileId = up.json<{ id: string }>().id;
      if (stage === 'uploaded') return { job, fileId };
      const mapped = await t.request({
        method: 'PUT',
        url: `${JOBS_BASE}/${job.id}/files/${fileId}/mapping`,
        cookie,
        payload: MESSY_SUMMARY_MAPPING,
      });
      expect(mapped.statusCode, mapped.body).toBe(200);
      if (stage === 'mapped') return { job, fileId };
      const submit = await kit.submit(job.id, cookie);
      expect(submit.statusCode, submit.body).toBe(200);
      const done = await kit.waitUntilFinished(job.id, cookie);
      expect(done.status, JSON.stringify(done.steps)).toBe('Completed');
      return { job: done, fileId };
    },

    /** Publishes a job, so its issuer's plain members see it (SPEC §3 job visibility). */
    async publish(jobId: string, cookie: string): Promise<void> {
      const res = await t.request({
        method: 'PUT',
        url: `${JOBS_BASE}/${jobId}/publish`,
        cookie,
        payload: { isPublished: true },
      });
      expect(res.statusCode, res.body).toBe(200);
    },
  };
  return kit;
}
