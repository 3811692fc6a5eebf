import fs from 'node:fs';
import type {
  ColumnMapping,
  DocumentType,
  FileSniff,
  IngestOptions,
  IngestionField,
  JobType,
  PreviewRow,
} from '@b2b/contract';
import type { EngineDb } from '../duckdb.js';
import { createParsedTable, dropParseTables } from './parse-table.js';
import { loadRawTable, PARSED_TABLE } from './raw-table.js';
import { prepareCsv } from './sniff-file.js';

/** The parsed column that shows a field's value. */
export function parsedColumnOf(field: IngestionField): string {
  if (field === 'paymentTerms') return 'payment_terms_days';
  if (field === 'addressLine1') return 'address_line1';
  if (field === 'addressLine2') return 'address_line2';
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

const NUMERIC = new Set<IngestionField>(['annualSpend', 'amount']);

export interface PreviewInput {
  db: EngineDb;
  file: string;
  sniff: FileSniff;
  jobType: JobType;
  documentType?: DocumentType;
  mapping: ColumnMapping;
  currency: string;
  options?: IngestOptions;
  workDir: string;
  /** Rows to show; default 20. */
  n?: number;
}

/**
 * The first rows of an upload as ingestion will parse them (same SQL as `ingest`), with the reason
 * each rejected row would be refused. Converts only the start of large or re-encoded files.
 */
export async function previewRows(input: PreviewInput): Promise<PreviewRow[]> {
  const n = input.n ?? 20;
  const csv = await prepareCsv(input.file, input.sniff, input.workDir, {
    maxBytes: 4 * 1024 * 1024,
    maxRows: n + 10,
  });
  try {
    await loadRawTable(input.db, csv, input.sniff.headers.length, n);
    const parsed = await createParsedTable(input.db, {
      mapping: input.mapping,
      jobType: input.jobType,
      jobCurrency: input.currency.toUpperCase(),
      options: input.options ?? {},
    });
    // The parse's own mapping: a split address column shows the town, postcode… it fills.
    const fields = Object.keys(parsed.mapping) as IngestionField[];
    const select = fields.map((f) => {
      const column = parsedColumnOf(f);
      return `${NUMERIC.has(f) ? `CAST(${column} AS DOUBLE)` : column} AS "${f}"`;
    });
    const rows = await input.db.all(
      `SELECT row_number, reject_reason${select.length ? `, ${select.join(', ')}` : ''}
       FROM ${PARSED_TABLE} ORDER BY row_number`,
    );
    return rows.map((row) => ({
      rowNumber: Number(row.row_number),
      rejectedReason: (row.reject_reason as string | null) ?? null,
      values: Object.fromEntries(
        fields.map((f) => [f, (row[f] as string | number | boolean | null) ?? null]),
      ) as PreviewRow['values'],
    }));
  } finally {
    await dropParseTables(input.db);
    if (csv.converted) await fs.promises.rm(csv.csvPath, { force: true });
  }
}
