import type {
  AddressValidation,
  AddressValidationFile,
  ParseAddressFileQuery,
  ParseAddressRequest,
  ParsedAddress,
  ParsedAddressFile,
  ValidateAddressFileQuery,
  ValidateAddressRequest,
} from '@b2b/contract';
import { ADDRESS_COMPONENTS } from '@b2b/contract';
import { AddressFileError, readAddressFile } from '../../engine/addresses/address-file.js';
import { parseAddress } from '../../engine/addresses/parse-address.js';
import { validateAddress } from '../../engine/addresses/validate-address.js';
import { AppError } from '../../lib/app-error.js';
import { csvText } from '../../lib/csv.js';
import { type AddressModel, parseWithModel } from './model-address-parser.js';

/** A file's rows go to the model only up to this many (one call each); the rules do the rest. */
export const MODEL_FILE_MAX_ROWS = 100;
/** Model calls in flight at once for a file. */
const MODEL_CONCURRENCY = 4;

export type UploadedFile = { fileName: string; data: Buffer };

function fileRows(file: UploadedFile, options: { column?: string; countryColumn?: string }) {
  try {
    return readAddressFile(file.data, options);
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

/**
 * The address tools (SPEC §2 Tools): the AI address parser and the address validator, over
 * one address or a file. The parser asks the configured model when there is one and falls back
 * to the offline rules on any failure, saying which answered and why; without a model, and for
 * the validator, the rules alone (engine/addresses).
 */
export function createAddressToolsService(deps: { model: AddressModel | null }) {
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
    const parsed = parseAddress(address, defaultCountry ? { defaultCountry } : {});
    return {
      address,
      ...parsed,
      parser: 'rules',
      model: deps.model?.model ?? null,
      fallbackReason,
    };
  }

  return {
    parse(input: ParseAddressRequest): Promise<ParsedAddress> {
      return parseOne(input.address, input.defaultCountry, true);
    },

    async parseFile(file: UploadedFile, query: ParseAddressFileQuery): Promise<ParsedAddressFile> {
      const { column, rows } = fileRows(file, { column: query.column });
      const useModel = rows.length <= MODEL_FILE_MAX_ROWS;
      const results = await mapLimited(rows, MODEL_CONCURRENCY, async (row) => ({
        line: row.line,
        ...(await parseOne(row.address, query.defaultCountry, useModel)),
      }));
      const csv = csvText([
        ['line', 'address', ...ADDRESS_COMPONENTS, 'parser'],
        ...results.map((r) => [
          String(r.line),
          r.address,
          ...ADDRESS_COMPONENTS.map((c) => r.components[c]),
          r.parser,
        ]),
      ]);
      return { fileName: file.fileName, column, rows: results, csv: `\uFEFF${csv}` };
    },

    validate(input: ValidateAddressRequest): AddressValidation {
      return {
        address: input.address,
        country: input.country ?? null,
        ...validateAddress(input.address, input.country),
      };
    },

    validateFile(file: UploadedFile, query: ValidateAddressFileQuery): AddressValidationFile {
      if (query.countryColumn && !query.column)
        throw AppError.badRequest(
          'countryColumn: a country column needs the address column too',
          'countryColumn',
        );
      const { column, rows } = fileRows(file, {
        column: query.column,
        countryColumn: query.countryColumn,
      });
      const results = rows.map((row) => {
        const country = row.country || query.country || null;
        return {
          line: row.line,
          address: row.address,
          country,
          ...validateAddress(row.address, country),
        };
      });
      const validCount = results.filter((r) => r.valid).length;
      const csv = csvText([
        ['line', 'address', 'country', 'valid', 'problems'],
        ...results.map((r) => [
          String(r.line),
          r.address,
          r.country,
          r.valid ? 'yes' : 'no',
          r.problems.map((p) => `${p.severity}: ${p.message}`).join(' | '),
        ]),
      ]);
      return {
        fileName: file.fileName,
        column,
        validCount,
        invalidCount: results.length - validCount,
        rows: results,
        csv: `\uFEFF${csv}`,
      };
    },
  };
}
