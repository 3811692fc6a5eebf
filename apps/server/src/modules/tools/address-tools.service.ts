import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import type {
  AddressFileOperation,
  AddressFileRun,
  AddressFileRunState,
  AddressValidation,
  AddressValidationFile,
  ParseAddressFileQuery,
  ParseAddressRequest,
  ParsedAddress,
  ParsedAddressFile,
  ValidateAddressFileQuery,
  ValidateAddressRequest,
} from '@b2b/contract';
import { ADDRESS_COMPONENTS, PROQ_COMMAND_TYPES, formatLimitBytes } from '@b2b/contract';
import type { Database } from '../../db/client.js';
import {
  ADDRESS_FILE_MAX_ROWS,
  AddressFileError,
  type AddressFileRow,
  readAddressFile,
  readAddressRows,
} from '../../engine/addresses/address-file.js';
import { parseAddress } from '../../engine/addresses/parse-address.js';
import { validateAddress } from '../../engine/addresses/validate-address.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { csvText } from '../../lib/csv.js';
import type { FileStorage } from '../../storage/file-storage.js';
import type { ProqService } from '../proq/proq.service.js';
import type { ResourceGuardService } from '../resource-guard/resource-guard.service.js';
import { type AddressFileRunRow, createAddressFileRunsRepo } from './address-file-runs.repo.js';
import { type AddressModel, parseWithModel } from './model-address-parser.js';
import { abandonWriteStream } from '../../lib/write-stream.js';

/** A file's rows go to the model only up to this many (one call each); the rules do the rest. */
export const MODEL_FILE_MAX_ROWS = 100;
/** Model calls in flight at once for a file. */
const MODEL_CONCURRENCY = 4;
/**
 * A file up to this size is read in the request (10,000 addresses of 500 characters fit); a
 * larger one, up to the resource guard's upload limit, is stored and queued without reading it.
 */
export const IN_REQUEST_MAX_BYTES = 5 * 1024 * 1024;

/** An uploaded file as it arrives: its bytes stream in; `truncated` once past `maxBytes`. */
export type AddressUpload = {
  fileName: string;
  stream: AsyncIterable<Buffer>;
  /** True once the stream was cut at the size limit it was opened with. */
  truncated: () => boolean;
};

const PARSE_HEADER = ['line', 'address', ...ADDRESS_COMPONENTS, 'parser'];
const VALIDATE_HEADER = ['line', 'address', 'country', 'valid', 'problems'];

function parsedCells(r: ParsedAddress & { line: number }) {
  return [String(r.line), r.address, ...ADDRESS_COMPONENTS.map((c) => r.components[c]), r.parser];
}

function validationCells(r: AddressValidation & { line: number }) {
  return [
    String(r.line),
    r.address,
    r.country,
    r.valid ? 'yes' : 'no',
    r.problems.map((p) => `${p.severity}: ${p.message}`).join(' | '),
  ];
}

function validateRow(row: AddressFileRow, country: string | undefined) {
  const rowCountry = row.country || country || null;
  return {
    line: row.line,
    address: row.address,
    country: rowCountry,
    ...validateAddress(row.address, rowCountry),
  };
}

/** The result CSV's name: the upload's stem, ASCII (a Content-Disposition name), and the verb. */
function resultFileName(fileName: string, operation: AddressFileOperation) {
  const stem =
    fileName
      .replace(/\.[^.]*$/, '')
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[-.]+|-+$/g, '')
      .slice(0, 80) || 'addresses';
  return `${stem}-${operation === 'parse' ? 'parsed' : 'validated'}.csv`;
}

function presentRun(row: AddressFileRunRow): AddressFileRun {
  return {
    id: row.id,
    operation: row.operation as AddressFileOperation,
    fileName: row.fileName,
    state: row.state as AddressFileRunState,
    progress: row.progress,
    rowCount: row.rowCount,
    validCount: row.validCount,
    invalidCount: row.invalidCount,
    errorMessage: row.errorMessage,
    resultFileName: row.state === 'Ready' ? row.resultFileName : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

function fileRows(data: Buffer, options: { column?: string; countryColumn?: string }) {
  try {
    return readAddressFile(data, options);
  } catch (error) {
    if (error instanceof AddressFileError) throw AppError.badRequest(error.message, error.field);
    throw error;
  }
}

async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Writes to a file stream, waiting when it asks to (a million rows never queue in memory). */
async function write(out: fs.WriteStream, data: string | Buffer) {
  if (!out.write(data)) await once(out, 'drain');
}

/** What the ProcessAddressFile command is told while it runs one file. */
export type AddressFileCommand = {
  attempt: number;
  maxAttempts: number;
  signal: AbortSignal;
  reportProgress: (percent: number, message?: string) => Promise<void>;
};

/**
 * The address tools (SPEC §2 Tools): the AI address parser and the address validator, over
 * one address or a file. The parser asks the configured model when there is one and falls back
 * to the offline rules on any failure, saying which answered and why; without a model, and for
 * the validator, the rules alone (engine/addresses). A file of more than 10,000 rows is not
 * read in the request: it is stored and queued as an address file run (ProcessAddressFile),
 * which streams it row by row into a result CSV the user downloads when it is Ready.
 */
/** How long a finished address file run and its result CSV are kept, as prepared downloads are. */
export const ADDRESS_FILE_KEEP_DAYS = 7;
const PURGE_BATCH = 500;

export function createAddressToolsService(
  db: Database,
  deps: {
    model: AddressModel | null;
    storage: () => FileStorage;
    proq: Pick<ProqService, 'enqueue'>;
    guard: Pick<ResourceGuardService, 'uploadMaxBytes'>;
  },
) {
  const runs = createAddressFileRunsRepo(db);

  async function parseOne(
    address: string,
    defaultCountry: ParseAddressRequest['defaultCountry'],
    useModel: boolean,
  ): Promise<ParsedAddress> {
    let fallbackReason: string | null = null;
    if (deps.model && useModel) {
      try {
        const components = await parseWithModel(deps.model, address, defaultCountry);
        return {
          address,
          components,
          countrySource: 'model',
          parser: 'model',
          model: deps.model.model,
          fallbackReason: null,
        };
      } catch (error) {
        fallbackReason = (error as Error).message;
      }
    }
    return parseWithRules(address, defaultCountry, fallbackReason);
  }

  function parseWithRules(
    address: string,
    defaultCountry: ParseAddressRequest['defaultCountry'],
    fallbackReason: string | null = null,
  ): ParsedAddress {
    const parsed = parseAddress(address, defaultCountry ? { defaultCountry } : {});
    return {
      address,
      ...parsed,
      parser: 'rules',
      model: deps.model?.model ?? null,
      fallbackReason,
    };
  }

  /**
   * Takes in an upload: up to IN_REQUEST_MAX_BYTES it stays in memory (`data`); past that it
   * streams into the storage under the run's key (`stored`). Past the upload limit: a 400, and
   * nothing is kept.
   */
  async function receive(upload: AddressUpload) {
    const maxBytes = await deps.guard.uploadMaxBytes();
    const runId = randomUUID();
    const key = `address-files/${runId}/upload`;
    const chunks: Buffer[] = [];
    let size = 0;
    let out: fs.WriteStream | null = null;
    let path = '';
    try {
      for await (const chunk of upload.stream) {
        size += chunk.length;
        if (!out && size <= IN_REQUEST_MAX_BYTES) {
          chunks.push(chunk);
          continue;
        }
        if (!out) {
          path = await deps.storage().localWritePath(key);
          out = fs.createWriteStream(path);
          for (const c of chunks.splice(0)) await write(out, c);
        }
        await write(out, chunk);
      }
      if (out) {
        out.end();
        await once(out, 'finish');
      }
    } catch (error) {
      if (out) abandonWriteStream(out);
      if (path) await fs.promises.rm(path, { force: true });
      throw error;
    }
    if (upload.truncated()) {
      if (path) await fs.promises.rm(path, { force: true });
      throw AppError.badRequest(
        `file: larger than ${formatLimitBytes(maxBytes)}, the upload size limit; split it into several files`,
        'file',
      );
    }
    if (out) await deps.storage().commitLocal(key);
    return { runId, key, data: out ? null : Buffer.concat(chunks), maxBytes };
  }

  async function queue(
    actor: Actor,
    operation: AddressFileOperation,
    fileName: string,
    received: { runId: string; key: string; data: Buffer | null },
    options: Record<string, string | undefined>,
  ): Promise<AddressFileRun> {
    if (received.data) await deps.storage().put(received.key, received.data);
    const row = await runs.insert({
      id: received.runId,
      userId: actor.userId,
      operation,
      fileName,
      options: Object.fromEntries(
        Object.entries(options).filter((e): e is [string, string] => e[1] !== undefined),
      ),
      uploadKey: received.key,
    });
    await deps.proq.enqueue({
      commandType: PROQ_COMMAND_TYPES.processAddressFile,
      payload: { runId: row.id },
      targetEntityId: row.id,
      stuckTimeOutInSeconds: 3600,
    });
    return presentRun(row);
  }

  async function ownRun(actor: Actor, runId: string) {
    const row = await runs.find(runId);
    // Another user's file is not revealed: 404 as for none.
    if (!row || row.userId !== actor.userId) throw AppError.notFound('No such address file.');
    return row;
  }

  return {
    parse(input: ParseAddressRequest): Promise<ParsedAddress> {
      return parseOne(input.address, input.defaultCountry, true);
    },

    async parseFile(
      actor: Actor,
      upload: AddressUpload,
      query: ParseAddressFileQuery,
    ): Promise<ParsedAddressFile> {
      const received = await receive(upload);
      const file = received.data ? fileRows(received.data, { column: query.column }) : null;
      if (!file || file.rows.length > ADDRESS_FILE_MAX_ROWS) {
        const run = await queue(actor, 'parse', upload.fileName, received, {
          column: query.column,
          defaultCountry: query.defaultCountry,
        });
        return { fileName: upload.fileName, column: file?.column ?? null, rows: [], csv: '', run };
      }
      const useModel = file.rows.length <= MODEL_FILE_MAX_ROWS;
      const results = await mapLimited(file.rows, MODEL_CONCURRENCY, async (row) => ({
        line: row.line,
        ...(await parseOne(row.address, query.defaultCountry, useModel)),
      }));
      const csv = csvText([PARSE_HEADER, ...results.map(parsedCells)]);
      return {
        fileName: upload.fileName,
        column: file.column,
        rows: results,
        csv: `\uFEFF${csv}`,
        run: null,
      };
    },

    validate(input: ValidateAddressRequest): AddressValidation {
      return {
        address: input.address,
        country: input.country ?? null,
        ...validateAddress(input.address, input.country),
      };
    },

    async validateFile(
      actor: Actor,
      upload: AddressUpload,
      query: ValidateAddressFileQuery,
    ): Promise<AddressValidationFile> {
      if (query.countryColumn && !query.column)
        throw AppError.badRequest(
          'countryColumn: a country column needs the address column too',
          'countryColumn',
        );
      const received = await receive(upload);
      const options = { column: query.column, countryColumn: query.countryColumn };
      const file = received.data ? fileRows(received.data, options) : null;
      if (!file || file.rows.length > ADDRESS_FILE_MAX_ROWS) {
        const run = await queue(actor, 'validate', upload.fileName, received, {
          ...options,
          country: query.country,
        });
        return {
          fileName: upload.fileName,
          column: file?.column ?? null,
          validCount: 0,
          invalidCount: 0,
          rows: [],
          csv: '',
          run,
        };
      }
      const results = file.rows.map((row) => validateRow(row, query.country));
      const validCount = results.filter((r) => r.valid).length;
      const csv = csvText([VALIDATE_HEADER, ...results.map(validationCells)]);
      return {
        fileName: upload.fileName,
        column: file.column,
        validCount,
        invalidCount: results.length - validCount,
        rows: results,
        csv: `\uFEFF${csv}`,
        run: null,
      };
    },

    async getRun(actor: Actor, runId: string): Promise<AddressFileRun> {
      return presentRun(await ownRun(actor, runId));
    },

    /**
     * Deletes runs finished more than ADDRESS_FILE_KEEP_DAYS ago with their files (the result,
     * and the upload an Error run keeps), files first, a batch at a time; a file already gone is
     * no error, so a purge stopped half-way is finished by the next. Queued and Running runs stay.
     */
    async purgeFinishedRuns(now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - ADDRESS_FILE_KEEP_DAYS * 86_400_000);
      const storage = deps.storage();
      let deleted = 0;
      for (;;) {
        const rows = await runs.finishedBefore(cutoff, PURGE_BATCH);
        for (const row of rows) {
          await storage.delete(row.uploadKey);
          if (row.resultKey) await storage.delete(row.resultKey);
        }
        await runs.deleteMany(rows.map((r) => r.id));
        deleted += rows.length;
        if (rows.length < PURGE_BATCH) return deleted;
      }
    },

    /** The result CSV of a Ready run (409 naming its state otherwise). */
    async runFile(actor: Actor, runId: string) {
      const row = await ownRun(actor, runId);
      if (row.state !== 'Ready' || !row.resultKey || !row.resultFileName)
        throw AppError.conflict(
          row.state === 'Error'
            ? `This address file failed: ${row.errorMessage ?? 'no reason recorded'}`
            : `This address file is ${row.state} (${row.progress}%); its results are not ready yet.`,
        );
      return {
        fileName: row.resultFileName,
        contentType: 'text/csv; charset=utf-8',
        body: await deps.storage().openRead(row.resultKey),
      };
    },

    /**
     * The ProcessAddressFile command's work: streams the stored upload row by row through the
     * rules (a model call per row would take hours for 100,000 rows) into the result CSV, every
     * cell formula-safe, and marks the run Ready; a file the tools refuse (empty, not UTF-8, no
     * such column) ends it in Error with the same message the request would give. A second
     * delivery of a finished run does nothing; of an unfinished one writes the file again.
     */
    async processRun(runId: string, command: AddressFileCommand) {
      const row = await runs.find(runId);
      if (!row) return { state: 'gone' as const };
      if (row.state === 'Ready' || row.state === 'Error')
        return { state: row.state, rowCount: row.rowCount };
      await runs.update(row.id, { state: 'Running', progress: 0, rowCount: 0, errorMessage: null });
      const storage = deps.storage();
      const operation = row.operation as AddressFileOperation;
      const { column, countryColumn, country, defaultCountry } = row.options;
      const name = resultFileName(row.fileName, operation);
      const key = `address-files/${row.id}/${name}`;
      const totalBytes = (await storage.stat(row.uploadKey))?.size ?? 0;
      const out = fs.createWriteStream(await storage.localWritePath(key));
      let readBytes = 0;
      let rowCount = 0;
      let validCount = 0;
      let reported = 0;
      try {
        await write(
          out,
          `\uFEFF${csvText([operation === 'parse' ? PARSE_HEADER : VALIDATE_HEADER])}`,
        );
        const rows = readAddressRows(
          (await storage.openRead(row.uploadKey)) as AsyncIterable<Buffer>,
          {
            column,
            countryColumn,
            onBytes: async (bytes) => {
              readBytes += bytes;
              // Progress by the bytes read, written at most once per 5 % (one UPDATE each).
              const percent = totalBytes ? Math.floor((readBytes / totalBytes) * 100) : 0;
              if (percent >= reported + 5 && percent < 100) {
                reported = percent;
                await runs.updateProgress(row.id, percent, rowCount);
                await command.reportProgress(percent, `${rowCount} addresses`);
              }
            },
          },
        );
        for await (const batch of rows) {
          if (command.signal.aborted) throw new Error('The address file run was stopped');
          let lines: (string | null)[][];
          if (operation === 'parse') {
            lines = batch.rows.map((r) =>
              parsedCells({
                line: r.line,
                ...parseWithRules(
                  r.address,
                  defaultCountry as ParseAddressRequest['defaultCountry'],
                ),
              }),
            );
          } else {
            lines = batch.rows.map((r) => {
              const result = validateRow(r, country);
              if (result.valid) validCount += 1;
              return validationCells(result);
            });
          }
          rowCount += batch.rows.length;
          await write(out, csvText(lines));
        }
        out.end();
        await once(out, 'finish');
        await storage.commitLocal(key);
        await runs.update(row.id, {
          state: 'Ready',
          progress: 100,
          rowCount,
          ...(operation === 'validate' ? { validCount, invalidCount: rowCount - validCount } : {}),
          resultFileName: name,
          resultKey: key,
          finishedAt: new Date(),
        });
        // The upload has served its purpose; the result is what the user downloads.
        await storage.delete(row.uploadKey);
        return { state: 'Ready' as const, rowCount };
      } catch (error) {
        abandonWriteStream(out);
        const message = error instanceof Error ? error.message : String(error);
        const final = error instanceof AddressFileError || command.attempt >= command.maxAttempts;
        await runs.update(row.id, {
          state: final ? 'Error' : 'Queued',
          errorMessage: message,
          ...(final ? { finishedAt: new Date() } : {}),
        });
        throw error;
      }
    },
  };
}
export type AddressToolsService = ReturnType<typeof createAddressToolsService>;
