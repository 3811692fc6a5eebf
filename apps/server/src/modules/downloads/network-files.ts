import {
  type CardNetwork,
  type NetworkAnswerImport,
  type SupplierMatchDecisionItem,
  type SupplierResult,
} from '@b2b/contract';
import ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { csvText } from '../../lib/csv.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { createDownloadsRepo } from './downloads.repo.js';

/**
 * One column of a network's supplier file: its header and how a supplier fills it (empty when
 * our results have no such datapoint). docs/network-files.md gives each layout and says which
 * parts are assumptions.
 */
type Column = { header: string; value: (s: SupplierResult, currency: string) => string | null };

const num = (v: number | null) => (v === null ? null : String(v));
const spendOf = (s: SupplierResult) => num(s.annualSpend ?? s.spend);

export const NETWORK_LAYOUTS: Record<CardNetwork, { columns: Column[]; reference: string }> = {
  visa: {
    reference: 'Client Reference',
    columns: [
      { header: 'Supplier Name', value: (s) => s.supplierName },
      { header: 'Address Line 1', value: () => null },
      { header: 'City', value: (s) => s.city },
      { header: 'State/Province', value: () => null },
      { header: 'Postal Code', value: (s) => s.postcode },
      { header: 'Country Code', value: (s) => s.country },
      { header: 'Tax ID', value: () => null },
      { header: 'Annual Spend', value: spendOf },
      { header: 'Currency', value: (_, c) => c },
      { header: 'Transaction Count', value: (s) => num(s.paymentCount) },
      { header: 'Client Reference', value: (s) => s.supplierKey },
    ],
  },
  mastercard: {
    reference: 'Customer Vendor ID',
    columns: [
      { header: 'Customer Vendor ID', value: (s) => s.supplierKey },
      { header: 'Vendor Name', value: (s) => s.supplierName },
      { header: 'Street Address', value: () => null },
      { header: 'City', value: (s) => s.city },
      { header: 'State/Province/Region', value: () => null },
      { header: 'Postal Code', value: (s) => s.postcode },
      { header: 'Country', value: (s) => s.country },
      { header: 'Vendor Tax ID', value: () => null },
      { header: 'Total Spend', value: spendOf },
      { header: 'Spend Currency', value: (_, c) => c },
    ],
  },
};

/** Who goes to the network: suppliers we could not match, or matched with Low/None confidence. */
export const sendToNetwork = (s: SupplierResult) =>
  s.matchStatus === 'UNMATCHED' || s.confidence === 'Low' || s.confidence === 'None';

/** Answer file headers (case and spacing ignored) → what they carry. */
const ANSWER_HEADERS = {
  reference: [
    'client reference',
    'customer vendor id',
    'your reference',
    'reference',
    'supplier key',
  ],
  status: ['match status', 'status', 'result'],
  merchantId: ['merchant id', 'visa merchant id', 'mastercard merchant id', 'network merchant id'],
  accepts: ['accepts card', 'card acceptance', 'accepts visa', 'accepts mastercard', 'acceptance'],
  mcc: ['mcc', 'merchant category code'],
};
const MATCHED = new Set(['matched', 'match', 'found', 'y', 'yes']);
const NOT_FOUND = new Set(['not found', 'notfound', 'no match', 'unmatched', 'n', 'no']);
const YES = new Set(['y', 'yes', 'true', '1']);
const NO = new Set(['n', 'no', 'false', '0']);
const MAX_ROWS = 100_000;

const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  if (typeof value === 'object' && 'result' in value) return String(value.result ?? '');
  return String(value).trim();
};

async function readCsv(data: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  const text = data.toString('utf8').replace(/^\uFEFF/, '');
  const sheet = await workbook.csv.read(Readable.from([text]), {
    parserOptions: { trim: true },
    // Text stays text: a reference like 0001 or an MCC like 0742 keeps its zeros.
    map: (v: unknown) => v,
  } as never);
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    rows.push((row.values as ExcelJS.CellValue[]).slice(1).map(cellText));
  });
  return rows;
}

/** Network vendor files: the export of suppliers to send, and the import of the answer file. */
export function createNetworkFiles(deps: {
  results: Pick<JobsService['results'], 'exportReader' | 'decideMatches'>;
  repo: ReturnType<typeof createDownloadsRepo>;
}) {
  async function completedReader(actor: Actor, jobId: string) {
    return requireCompleted(await deps.results.exportReader(actor, jobId));
  }
  function requireCompleted<R extends { job: { status: string } }>(reader: R): R {
    if (reader.job.status !== 'Completed') {
      throw AppError.conflict(
        `Network files need the job’s results, and this job is ${reader.job.status}; try again when it is Completed.`,
      );
    }
    return reader;
  }

  return {
    /** The CSV to send to the network (formula-safe, UTF-8 with BOM) and its file name. */
    async export(actor: Actor, jobId: string, network: CardNetwork) {
      const reader = await completedReader(actor, jobId);
      const layout = NETWORK_LAYOUTS[network];
      const rows: (string | null)[][] = [layout.columns.map((c) => c.header)];
      for await (const batch of reader.batches()) {
        for (const s of batch) {
          if (sendToNetwork(s))
            rows.push(layout.columns.map((c) => c.value(s, reader.job.currency)));
        }
      }
      return { job: reader.job, csv: `\uFEFF${csvText(rows)}`, suppliers: rows.length - 1 };
    },

    /**
     * The network's answer file as match decisions: every row is checked first (a supplier of
     * this job sent to the network, once, a known status, a Y/N acceptance, a 4-digit MCC); bad
     * rows are listed as rejects and the good ones applied together — matched confirms the
     * candidate we had, not found rejects the match — through the jobs service, which records
     * them as people's decisions and runs Match again. Nothing is applied when no row is good.
     */
    async importAnswers(
      actor: Actor,
      jobId: string,
      network: CardNetwork,
      file: { fileName: string; data: Buffer },
    ): Promise<NetworkAnswerImport> {
      if (!file.fileName.toLowerCase().endsWith('.csv'))
        throw AppError.badRequest('file: send the network’s answer as a .csv file', 'file');
      // The job must be visible (404) before the file is read, and Completed (409) once the
      // file is known to be well-formed.
      const reader = await deps.results.exportReader(actor, jobId);
      const [header, ...body] = await readCsv(file.data);
      if (!header) throw AppError.badRequest('file: the file is empty', 'file');
      if (body.length > MAX_ROWS)
        throw AppError.badRequest(`file: at most ${MAX_ROWS} rows per file`, 'file');
      const names = header.map((h) =>
        h
          .toLowerCase()
          .replace(/[_\s]+/g, ' ')
          .trim(),
      );
      const col = (aliases: string[]) => names.findIndex((n) => aliases.includes(n));
      const at = {
        reference: col(ANSWER_HEADERS.reference),
        status: col(ANSWER_HEADERS.status),
        merchantId: col(ANSWER_HEADERS.merchantId),
        accepts: col(ANSWER_HEADERS.accepts),
        mcc: col(ANSWER_HEADERS.mcc),
      };
      if (at.reference < 0)
        throw AppError.badRequest(
          `file: needs a ${NETWORK_LAYOUTS[network].reference} column (the reference we sent)`,
          'file',
        );
      if (at.status < 0) throw AppError.badRequest('file: needs a Match Status column', 'file');
      requireCompleted(reader);

      const sent = new Map<string, SupplierResult>();
      for await (const batch of reader.batches()) {
        for (const s of batch) sent.set(s.supplierKey, s);
      }
      const rejects: NetworkAnswerImport['rejects'] = [];
      const decisions: SupplierMatchDecisionItem[] = [];
      const answers: Parameters<typeof deps.repo.saveNetworkAnswers>[0] = [];
      const seen = new Set<string>();
      body.forEach((cells, i) => {
        const row = i + 2;
        const cell = (c: number) => (c >= 0 ? (cells[c] ?? '').trim() : '');
        const key = cell(at.reference);
        const supplier = sent.get(key);
        const reject = (field: string, message: string) =>
          rejects.push({ row, supplierKey: key || null, field, message });
        if (!supplier)
          return reject(
            NETWORK_LAYOUTS[network].reference,
            `Unknown supplier in this job: ${key || '(empty)'}`,
          );
        if (seen.has(key))
          return reject(
            NETWORK_LAYOUTS[network].reference,
            `Supplier ${key} is answered twice in this file`,
          );
        const statusText = cell(at.status).toLowerCase();
        const matched = MATCHED.has(statusText);
        if (!matched && !NOT_FOUND.has(statusText))
          return reject(
            'Match Status',
            `Unknown match status "${cell(at.status)}": use Matched or Not Found`,
          );
        const acceptsText = cell(at.accepts).toLowerCase();
        if (acceptsText && !YES.has(acceptsText) && !NO.has(acceptsText))
          return reject('Accepts Card', `Not Y or N: ${cell(at.accepts)}`);
        const mcc = cell(at.mcc);
        if (mcc && !/^\d{4}$/.test(mcc)) return reject('MCC', `An MCC has four digits: ${mcc}`);
        if (matched && !supplier.candidateMerchantId)
          return reject(
            'Match Status',
            `The network matched ${key}, but this job’s reference data has no candidate merchant for it to confirm`,
          );
        seen.add(key);
        // Matched confirms the candidate we had (a MATCHED High override, as a reviewer's
        // choice of it); not found rejects the match.
        decisions.push(
          matched
            ? { supplierKey: key, decision: 'merchant', merchantId: supplier.candidateMerchantId! }
            : { supplierKey: key, decision: 'rejected' },
        );
        answers.push({
          jobId: reader.job.id,
          supplierKey: key,
          network,
          status: matched ? 'matched' : 'not-found',
          networkMerchantId: cell(at.merchantId) || null,
          acceptsCard: acceptsText ? YES.has(acceptsText) : null,
          mcc: mcc || null,
          importedBy: actor.userId,
          importedAt: new Date(),
        });
      });
      if (decisions.length > 0) {
        // One transaction in the jobs service: every decision or none.
        await deps.results.decideMatches(actor, reader.job.id, decisions);
        await deps.repo.saveNetworkAnswers(answers);
      }
      return {
        rows: body.length,
        matched: answers.filter((a) => a.status === 'matched').length,
        notFound: answers.filter((a) => a.status === 'not-found').length,
        rejects,
      };
    },
  };
}
