import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { CampaignOutcome } from '@b2b/contract';
import ExcelJS from 'exceljs';
import type { Database } from '../../db/client.js';
import { EngineError } from '../../engine/engine-error.js';
import { checkUploadedFile } from '../../engine/ingestion/file-type.js';
import { readSheetRows } from '../../engine/ingestion/xlsx.js';
import { inTransaction } from '../../db/transaction.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { csvText } from '../../lib/csv.js';
import type { VisibleCampaign } from './campaign-lookup.js';
import { authorize } from './campaigns.policy.js';
import { createCampaignsRepo } from './campaigns.repo.js';
import { createTrackerRepo } from './tracker.repo.js';
import { uiText } from '../../lib/ui-text.js';

type Reject = { row: number; supplierKey: string | null; field: string; message: string };

/** Status words an outcomes file may use, to the outcome they record. */
const STATUS: Record<string, CampaignOutcome> = {
  succeeded: 'Succeeded',
  enrolled: 'Succeeded',
  accepted: 'Succeeded',
  declined: 'Declined',
  failed: 'Failed',
  bounced: 'Failed',
  noresponse: 'NoResponse',
  'no response': 'NoResponse',
};
const HEADERS = {
  key: ['supplierkey', 'supplier key', 'key'],
  name: ['suppliername', 'supplier name', 'supplier', 'name'],
  status: ['status', 'outcome'],
  date: ['date', 'outcome date'],
  reason: ['reason', 'comment'],
};
const MAX_ROWS = 100_000;

const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  if (typeof value === 'object' && 'result' in value) return String(value.result ?? '');
  return String(value).trim();
};

/**
 * A workbook's first sheet, read as the analysis reads uploads: the archive's declared sizes
 * checked before anything is unpacked, then streamed, stopping one row past the limit.
 */
async function readXlsxRows(fileName: string, data: Buffer): Promise<string[][]> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'b2b-outcomes-'));
  try {
    const file = path.join(dir, 'outcomes.xlsx');
    await fs.promises.writeFile(file, data);
    await checkUploadedFile(file, fileName);
    const { rows } = await readSheetRows(file, { maxRows: MAX_ROWS + 2 });
    return rows.map((cells) => cells.map((text) => text.trim()));
  } catch (error) {
    if (error instanceof EngineError) throw AppError.badRequest(`file: ${error.message}`, 'file');
    throw error;
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

async function readRows(fileName: string, data: Buffer): Promise<string[][]> {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.xlsx')) return readXlsxRows(fileName, data);
  if (!lower.endsWith('.csv')) throw AppError.badRequest('file: send a .csv or .xlsx file', 'file');
  const workbook = new ExcelJS.Workbook();
  await workbook.csv.read(Readable.from(data), { parserOptions: { trim: true } } as never);
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet?.eachRow({ includeEmpty: false }, (row) => {
    const values = (row.values as ExcelJS.CellValue[]).slice(1);
    rows.push(values.map(cellText));
  });
  return rows;
}

/** External outcomes: a file of supplier outcomes applied row by row, bad rows rejected. */
export function createOutcomesService(db: Database, deps: { visibleCampaign: VisibleCampaign }) {
  const campaigns = createCampaignsRepo(db);
  const tracker = createTrackerRepo(db);

  return {
    async upload(actor: Actor, campaignId: string, file: { fileName: string; data: Buffer }) {
      const { campaign } = await deps.visibleCampaign(actor, campaignId);
      authorize(actor, 'uploadOutcomes', campaign);
      const [header, ...body] = await readRows(file.fileName, file.data);
      if (!header) throw AppError.badRequest('file: the file is empty', 'file');
      if (body.length > MAX_ROWS)
        throw AppError.badRequest(`file: at most ${MAX_ROWS} rows per file`, 'file');
      const names = header.map((h) => h.toLowerCase().replace(/_/g, ' ').trim());
      const col = (aliases: string[]) => names.findIndex((n) => aliases.includes(n));
      const at = {
        key: col(HEADERS.key),
        name: col(HEADERS.name),
        status: col(HEADERS.status),
        date: col(HEADERS.date),
        reason: col(HEADERS.reason),
      };
      if (at.key < 0 && at.name < 0)
        throw AppError.badRequest('file: needs a supplierKey or supplierName column', 'file');
      if (at.status < 0) throw AppError.badRequest('file: needs a status column', 'file');

      const byKey = new Map<string, { supplierKey: string }>();
      const byName = new Map<string, string[]>();
      for (const s of await tracker.allKeys(campaign.id)) {
        byKey.set(s.supplierKey, s);
        const name = s.supplierName.toLowerCase();
        byName.set(name, [...(byName.get(name) ?? []), s.supplierKey]);
      }

      const rejects: Reject[] = [];
      const apply: { key: string; outcome: CampaignOutcome; date: Date; reason: string | null }[] =
        [];
      body.forEach((cells, i) => {
        const row = i + 2; // the header is row 1
        const keyText = at.key >= 0 ? (cells[at.key] ?? '') : '';
        const nameText = at.name >= 0 ? (cells[at.name] ?? '') : '';
        let key: string | undefined;
        if (keyText) key = byKey.has(keyText) ? keyText : undefined;
        else if (nameText) {
          const keys = byName.get(nameText.toLowerCase()) ?? [];
          if (keys.length > 1) {
            rejects.push({
              row,
              supplierKey: null,
              field: 'supplierName',
              message: uiText(`Several suppliers are called ${nameText}: give the supplier key`),
            });
            return;
          }
          key = keys[0];
        }
        if (!key) {
          rejects.push({
            row,
            supplierKey: keyText || null,
            field: keyText ? 'supplierKey' : 'supplierName',
            message: uiText(
              `Unknown supplier in this campaign: ${keyText || nameText || '(empty)'}`,
            ),
          });
          return;
        }
        const outcome = STATUS[(cells[at.status] ?? '').toLowerCase()];
        if (!outcome) {
          rejects.push({
            row,
            supplierKey: key,
            field: 'status',
            message: uiText(
              `Unknown status ${cells[at.status] ?? ''}: use Succeeded, Declined, Failed or NoResponse`,
            ),
          });
          return;
        }
        const dateText = at.date >= 0 ? (cells[at.date] ?? '') : '';
        const date = dateText ? new Date(dateText) : new Date();
        if (Number.isNaN(date.getTime()) || (dateText && !/^\d{4}-\d{2}-\d{2}/.test(dateText))) {
          rejects.push({
            row,
            supplierKey: key,
            field: 'date',
            message: uiText(`Not a date (YYYY-MM-DD): ${dateText}`),
          });
          return;
        }
        apply.push({
          key,
          outcome,
          date,
          reason: at.reason >= 0 ? cells[at.reason] || null : null,
        });
      });

      const upload = await inTransaction(db, async (tx) => {
        for (const a of apply)
          await tracker.updateSupplier(
            campaign.id,
            a.key,
            {
              status: 'Completed',
              outcome: a.outcome,
              outcomeReason: a.reason,
              outcomeAt: a.date,
              nextDueAt: null,
              lastEventAt: new Date(),
            },
            tx,
          );
        await tracker.addEvents(
          apply.map((a) => ({
            campaignId: campaign.id,
            supplierKey: a.key,
            type: 'OutcomeImported',
            detail: `${a.outcome}${a.reason ? `: ${a.reason}` : ''} (${file.fileName})`,
            at: new Date(),
          })),
          tx,
        );
        return campaigns.outcomeUploads.insert(
          {
            campaignId: campaign.id,
            fileName: file.fileName,
            rowCount: body.length,
            applied: apply.length,
            rejects,
            createdBy: actor.userId,
          },
          tx,
        );
      });
      return {
        uploadId: upload.id,
        rowCount: body.length,
        applied: apply.length,
        rejected: rejects.length,
        rejects: rejects.slice(0, 1000),
      };
    },

    /** The rejected rows of an upload, formula-safe CSV. */
    async rejectsCsv(actor: Actor, campaignId: string, uploadId: string): Promise<string> {
      const { campaign } = await deps.visibleCampaign(actor, campaignId);
      const upload = await campaigns.outcomeUploads.find(campaign.id, uploadId);
      if (!upload) throw AppError.notFound('Upload not found.');
      return csvText([
        ['row', 'supplierKey', 'field', 'message'],
        ...upload.rejects.map((r) => [String(r.row), r.supplierKey, r.field, r.message]),
      ]);
    },
  };
}
