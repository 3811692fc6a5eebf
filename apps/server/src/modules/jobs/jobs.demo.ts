import fs from 'node:fs';
import path from 'node:path';
import { ANY_PERMISSIONS, type JobFileRole } from '@b2b/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { sqlString, withEngineDb } from '../../engine/duckdb.js';
import { listReferenceVersions } from '../../engine/reference-data/reference-version.js';
import type { Actor } from '../../lib/actor.js';
import { CURRENCY_SIGNS, DEMO_JOBS, type DemoJob } from './demo-jobs.js';
import type { JobsService } from './jobs.service.js';

/** Supplier rows derived from reference merchants (with the noise real files have) and look-alikes. */
function supplierSql(merchantsPath: string, job: DemoJob): string {
  const h = `hash(merchant_id || ${sqlString(job.key)})`;
  return `
    SELECT row_number() OVER (ORDER BY h) AS n, * FROM (SELECT h,
      CASE
        WHEN h % 100 < 15 THEN 'Demo ' || split_part(merchant_name, ' ', 1) || ' Holdings ' || CAST(h % 997 AS VARCHAR)
        WHEN h % 5 = 0 THEN upper(merchant_name)
        WHEN h % 5 = 1 THEN regexp_replace(merchant_name, ' Limited$', ' Ltd')
        WHEN h % 5 = 2 AND length(merchant_name) > 24 THEN left(merchant_name, 24)
        ELSE merchant_name END AS supplier_name,
      CASE WHEN h % 7 = 0 THEN NULL ELSE address_line1 END AS address,
      city, CASE WHEN h % 9 = 0 THEN NULL ELSE postcode END AS postcode, country,
      ['Cheque', 'BACS', 'Wire', 'Card', 'ACH', 'Cheque'][CAST(h % 6 AS INTEGER) + 1] AS method,
      [30, 45, 60, 30, 14][CAST(h % 5 AS INTEGER) + 1] AS terms
    FROM (SELECT *, ${h} AS h FROM read_parquet(${sqlString(merchantsPath)}))
    ORDER BY h LIMIT ${job.suppliers})`;
}

async function writeDemoFiles(
  merchantsPath: string,
  job: DemoJob,
  dir: string,
): Promise<{ role: JobFileRole; file: string; name: string }[]> {
  return withEngineDb({ threads: 2, memoryLimit: '512MB' }, async (db) => {
    await db.run(`CREATE TEMP TABLE demo_suppliers AS ${supplierSql(merchantsPath, job)}`);
    if (job.type !== 'advanced') {
      const file = path.join(dir, `${job.key}.csv`);
      await db.run(`COPY (
        SELECT 'V' || lpad(CAST(n AS VARCHAR), 6, '0') AS "Vendor ID", supplier_name AS "Supplier Name",
          address AS "Address", city AS "City", postcode AS "Post Code", country AS "Country",
          ${sqlString(CURRENCY_SIGNS[job.currency] ?? '')} || format('{:,.2f}', 250 + (h % 2000000) / 7.0) AS "Annual Spend",
          method AS "Payment Method", 'Net ' || terms AS "Payment Terms",
          CAST(h % 40 AS INTEGER) AS "No. of Invoices"
        FROM demo_suppliers ORDER BY n) TO ${sqlString(file)} (HEADER, DELIMITER ',')`);
      return [{ role: 'Suppliers', file, name: `${job.key}.csv` }];
    }
    const out: { role: JobFileRole; file: string; name: string }[] = [];
    for (const [documentType, count] of Object.entries(job.documents ?? {})) {
      const file = path.join(dir, `${job.key}-${documentType}.csv`);
      const dateHeader = documentType === 'Payment' ? 'Payment Date' : 'Invoice Date';
      await db.run(`COPY (
        SELECT s.supplier_name AS "Supplier", 'V' || lpad(CAST(s.n AS VARCHAR), 6, '0') AS "Supplier No",
          ${sqlString(documentType.slice(0, 3).toUpperCase())} || lpad(CAST(i AS VARCHAR), 7, '0') AS "Document No",
          strftime(DATE '2025-01-02' + CAST((hash(i) % 180) AS INTEGER), '%d/%m/%Y') AS "${dateHeader}",
          format('{:.2f}', 20 + (hash(i || 'a') % 900000) / 100.0) AS "Amount",
          s.method AS "Payment Method", 'Net ' || s.terms AS "Payment Terms"
        FROM range(${count}) r(i)
        JOIN demo_suppliers s ON s.n = 1 + (hash(i || ${sqlString(documentType)}) % ${job.suppliers})
        ORDER BY i) TO ${sqlString(file)} (HEADER, DELIMITER ',')`);
      out.push({ role: documentType as JobFileRole, file, name: `${job.key}-${documentType}.csv` });
    }
    return out;
  });
}

/**
 * `npm start` with the demo seed: a generated card-acceptance reference set (when none exists)
 * and a few demo jobs of each type, built from generated buyer files and run through ProQ like
 * any job. Idempotent: a demo job is created once (its demo key), and runs in the background.
 */
export async function prepareDemoJobs(
  jobs: JobsService,
  config: Config,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!config.jobs.demoJobs) return;
  try {
    const started = performance.now();
    const reference = await jobs.demo.ensureReferenceData(config.jobs.referenceDemoMerchants);
    if (reference.generated) {
      log.info(
        { versionId: reference.versionId, seconds: (performance.now() - started) / 1000 },
        'generated the demo card-acceptance reference data',
      );
    }
    const version = (await listReferenceVersions(jobs.demo.referenceRoot))[0]!;
    const merchantsPath = path.join(
      jobs.demo.referenceRoot,
      version.versionId,
      'merchants.parquet',
    );
    const owner = await jobs.demo.userByUsername('ptcojobmanager@example.com');
    if (!owner) return;
    const actor: Actor = {
      userId: owner.id,
      username: owner.username,
      sessionId: 'demo-seed',
      permissions: ANY_PERMISSIONS,
      issuerIds: [],
      managedIssuerIds: [],
      eligible: true,
    };
    const workDir = path.join(config.dataDir, 'tmp', 'demo-jobs');
    await fs.promises.mkdir(workDir, { recursive: true });
    for (const demo of DEMO_JOBS) {
      if (await jobs.demo.findByDemoKey(demo.key)) continue;
      const buyer = await jobs.demo.buyerOfIssuerKey(demo.issuerKey, demo.buyerName);
      if (!buyer) continue;
      const created = await jobs.wizard.create(
        actor,
        {
          type: demo.type,
          issuerId: buyer.issuerId,
          buyerId: buyer.id,
          name: demo.name,
          currency: demo.currency,
        },
        { analysisDate: '2025-06-30', demoKey: demo.key },
      );
      for (const generated of await writeDemoFiles(merchantsPath, demo, workDir)) {
        await jobs.files.attachGeneratedFile(
          { id: created.id, type: demo.type },
          generated,
          { dateOrder: 'DMY' },
          workDir,
        );
        await fs.promises.rm(generated.file, { force: true });
      }
      await jobs.workflow.submit(actor, created.id);
      log.info({ job: demo.name }, 'demo job submitted');
    }
  } catch (error) {
    log.error({ err: error }, 'could not prepare the demo jobs');
  }
}
