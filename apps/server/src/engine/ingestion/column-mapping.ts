import {
  REQUIRED_ONE_OF,
  ingestionFieldsFor,
  type ColumnMapping,
  type ColumnMappingSuggestion,
  type DocumentType,
  type IngestionField,
  type JobType,
} from '@b2b/contract';
import { EngineError } from '../engine-error.js';
import { DOCUMENT_TYPE_SYNONYMS, HEADER_SYNONYMS } from './header-synonyms.js';

const CURRENCY_SUFFIX = /\s(gbp|usd|eur|cad|aud|chf|sek|nok|dkk|jpy|inr|local|lc|base)$/;
const OWNER_PREFIX = /^(supplier|vendor|payee|creditor|beneficiary|merchant)\s/;

/** Lower case, words only: "Supplier Name (Legal)" → "supplier name legal". */
export function normaliseHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/#/g, ' no ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** How well a header names a field: 1 = a known name, 0 = no resemblance. */
function headerScore(header: string, synonyms: string[], strongest: number): number {
  const variants = new Set([header, header.replace(CURRENCY_SUFFIX, '')]);
  variants.add(header.replace(OWNER_PREFIX, ''));
  let best = 0;
  synonyms.forEach((synonym, rank) => {
    const penalty = rank * 0.002;
    for (const variant of variants) {
      if (variant === synonym)
        best = Math.max(best, (variant === header ? strongest : 0.9) - penalty);
    }
    const words = new Set(header.split(' '));
    const synonymWords = synonym.split(' ');
    if (synonymWords.length > 1 && synonymWords.every((w) => words.has(w))) {
      best = Math.max(best, 0.75 - penalty);
    }
  });
  return best;
}

/**
 * Suggests which column holds which field, from the header names (exact known names first, then
 * names with a currency suffix or a "Supplier"/"Vendor" prefix, then names containing a known
 * multi-word name). Each column is used once; required fields left unmapped are listed.
 */
export function suggestColumnMapping(
  headers: string[],
  jobType: JobType,
  documentType?: DocumentType,
): ColumnMappingSuggestion {
  const fields = ingestionFieldsFor(jobType, documentType);
  const normalised = headers.map(normaliseHeader);
  const candidates: { field: IngestionField; column: number; score: number; order: number }[] = [];
  fields.forEach(({ field }, order) => {
    const specific = documentType ? (DOCUMENT_TYPE_SYNONYMS[documentType][field] ?? []) : [];
    normalised.forEach((header, column) => {
      const score = Math.max(
        headerScore(header, specific, 1),
        headerScore(header, HEADER_SYNONYMS[field], 0.97),
      );
      if (score >= 0.6) candidates.push({ field, column, score, order });
    });
  });
  candidates.sort((a, b) => b.score - a.score || a.order - b.order || a.column - b.column);
  const mapping: ColumnMapping = {};
  const usedColumns = new Set<number>();
  const suggestions: ColumnMappingSuggestion['suggestions'] = [];
  for (const c of candidates) {
    if (mapping[c.field] !== undefined || usedColumns.has(c.column)) continue;
    mapping[c.field] = c.column;
    usedColumns.add(c.column);
    suggestions.push({
      field: c.field,
      column: c.column,
      header: headers[c.column]!,
      confidence: Math.round(Math.min(1, c.score) * 100) / 100,
    });
  }
  return {
    mapping,
    suggestions,
    unmappedHeaders: headers.filter((_, i) => !usedColumns.has(i)),
    missingRequired: missingRequiredFields(mapping, jobType, documentType),
  };
}

/** Required fields (and required-one-of groups, by their first field) the mapping lacks. */
export function missingRequiredFields(
  mapping: ColumnMapping,
  jobType: JobType,
  documentType?: DocumentType,
): IngestionField[] {
  const missing = ingestionFieldsFor(jobType, documentType)
    .filter((f) => f.required && mapping[f.field] === undefined)
    .map((f) => f.field);
  for (const group of REQUIRED_ONE_OF[jobType]) {
    if (group.every((f) => mapping[f] === undefined)) missing.push(group[0]!);
  }
  return missing;
}

/** Refuses a mapping with unknown fields, columns outside the file, or missing required fields. */
export function validateColumnMapping(
  mapping: ColumnMapping,
  headers: string[],
  jobType: JobType,
  documentType?: DocumentType,
): void {
  const allowed = new Set(ingestionFieldsFor(jobType, documentType).map((f) => f.field));
  for (const [field, column] of Object.entries(mapping)) {
    if (!allowed.has(field as IngestionField)) {
      throw new EngineError('MAPPING_INVALID', `The field ${field} is not used by this upload.`);
    }
    if (column === undefined || column < 0 || column >= headers.length) {
      throw new EngineError('MAPPING_INVALID', `The field ${field} points at no column.`);
    }
  }
  const missing = missingRequiredFields(mapping, jobType, documentType);
  if (missing.length > 0) {
    throw new EngineError('MAPPING_INVALID', `Map a column to: ${missing.join(', ')}.`);
  }
}
