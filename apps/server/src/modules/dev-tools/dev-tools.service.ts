import { createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import { type AnonymizeCsvPreview, CsvTreatmentsSchema } from '@b2b/contract';
import {
  AnonymizeInputError,
  anonymizedCsv,
  type OpenedCsv,
  openCsv,
  planColumns,
} from '../../engine/anonymize/anonymize-csv-stream.js';
import { suggestTreatment } from '../../engine/anonymize/csv-anonymizer.js';
import { CsvShapeError } from '../../engine/anonymize/csv-records.js';
import { AppError } from '../../lib/app-error.js';

/** An uploaded CSV as it streams in; `truncated` says whether the size limit cut it. */
export type CsvUpload = {
  fileName: string;
  stream: AsyncIterable<Buffer>;
  truncated: () => boolean;
};

/** The anonymizer's request besides the file: multipart fields, as text (absent: undefined). */
export type AnonymizeFields = { treatments: string | undefined; key: string | undefined };

/** Used only where neither ANONYMIZE_CSV_SECRET nor SESSION_SECRET is set (development, tests). */
const DEVELOPMENT_KEY = 'b2b-analytics development anonymizer key';

const SAMPLE_ROWS = 5;

async function opened(upload: CsvUpload, afterEnd?: () => void): Promise<OpenedCsv> {
  try {
    return await openCsv(upload.stream, afterEnd);
  } catch (error) {
    if (error instanceof AnonymizeInputError) throw AppError.badRequest(error.message, error.field);
    if (error instanceof CsvShapeError) throw AppError.badRequest(`file: ${error.message}`, 'file');
    throw error;
  }
}

/**
 * The Developer area's CSV anonymizer (SPEC §2 Dev, /dev/tools/anonymize-csv): a file's header
 * with suggested treatments, and the file rewritten consistently under a secret key, streamed.
 */
export function createDevToolsService(deps: {
  anonymizeCsvSecret: string | undefined;
  sessionSecret: string | undefined;
}) {
  // A key of its own, so the anonymizer's outputs tell nothing about the session secret.
  const defaultKey =
    deps.anonymizeCsvSecret ??
    (deps.sessionSecret
      ? createHmac('sha256', deps.sessionSecret).update('anonymize-csv').digest('hex')
      : DEVELOPMENT_KEY);

  return {
    async previewCsv(upload: CsvUpload): Promise<AnonymizeCsvPreview> {
      const csv = await opened(upload);
      const sampleRows: string[][] = [];
      try {
        for await (const batch of csv.records) {
          sampleRows.push(...batch.slice(0, SAMPLE_ROWS - sampleRows.length));
          if (sampleRows.length >= SAMPLE_ROWS) break;
        }
      } catch (error) {
        // The page sends only the file's start: a quote it cut open is no fault of the file.
        if (!(error instanceof CsvShapeError)) throw error;
      }
      // The rest is read unparsed: a client sends the whole body before it reads the answer.
      await csv.skipRest();
      return {
        delimiter: csv.delimiter,
        columns: csv.header.map((name) => ({ name, suggested: suggestTreatment(name) })),
        sampleRows,
      };
    },

    /** Checks the fields and the header, then answers the anonymized CSV as a stream. */
    async anonymizeCsv(upload: CsvUpload, fields: AnonymizeFields) {
      if (fields.treatments === undefined)
        throw AppError.badRequest(
          'treatments: send the column treatments (JSON) before the file',
          'treatments',
        );
      let json: unknown;
      try {
        json = JSON.parse(fields.treatments);
      } catch {
        throw AppError.badRequest('treatments: not valid JSON', 'treatments');
      }
      const parsed = CsvTreatmentsSchema.safeParse(json);
      if (!parsed.success)
        throw AppError.badRequest(
          'treatments: expected column → keep, name, email, amount or text',
          'treatments',
        );
      if (fields.key !== undefined && fields.key.trim() === '')
        throw AppError.badRequest(
          'key: the key is empty; give one, or leave the field out to use the server’s default',
          'key',
        );
      const key = fields.key ?? defaultKey;
      const csv = await opened(upload, () => {
        // The limit cut the file: fail the download rather than hand over half a file.
        if (upload.truncated()) throw new Error('file: larger than the upload limit');
      });
      let plan;
      try {
        plan = planColumns(csv.header, parsed.data);
      } catch (error) {
        if (error instanceof AnonymizeInputError)
          throw AppError.badRequest(error.message, error.field);
        throw error;
      }
      const base = upload.fileName.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || 'file';
      return {
        fileName: `${base}-anonymized.csv`,
        body: Readable.from(anonymizedCsv(csv, plan, key)),
      };
    },
  };
}
