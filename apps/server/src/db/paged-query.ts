import type { ComparisonOperator, FilterItem, PagedListRequest } from '@b2b/contract';
import { type Placeholder, type SQL, and, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../lib/app-error.js';

/** How a list property is stored, which decides the operators and values it accepts. */
export type FilterKind = 'text' | 'uuid' | 'number' | 'date' | 'tags' | 'json';

export type ListColumn = {
  column: PgColumn | SQL;
  kind: FilterKind;
  /** Restricts Equal/NotEqual values to these (an enum stored as text). */
  values?: readonly string[];
  /**
   * A stored lower-case copy of the column with a text_pattern_ops index (issuer name and key,
   * migration 0022): StartsWith is asked of the copy as one index range (startsWith).
   */
  lowerCopy?: PgColumn;
  /**
   * Stored lower-case (a CHECK constraint says so): text operators take the value lower-cased
   * and compare with plain LIKE and =, which a text_pattern_ops index answers as a range with
   * no lower() per row (half of a username prefix filter's time).
   */
  lowerCase?: true;
};

/** Where a filter item's parts sit in the request body, for 400 messages naming the field. */
export type FilterFieldNames = (
  index: number,
  part: 'propertyName' | 'operator' | 'value',
) => string;

export const plainFilterFields: FilterFieldNames = (i, part) =>
  `body.filters[${i}].${part === 'operator' ? 'comparisonOperator' : part}`;
export const wrappedFilterFields: FilterFieldNames = (i, part) =>
  `body.filters.filterItems[${i}].${
    part === 'operator' ? 'itemComparisonOperator' : part === 'value' ? 'itemValue' : part
  }`;

const COMPARE: Partial<Record<ComparisonOperator, string>> = {
  Equal: '=',
  NotEqual: '<>',
  GreaterThan: '>',
  GreaterThanOrEqual: '>=',
  LessThan: '<',
  LessThanOrEqual: '<=',
};
const PATTERN: Partial<Record<ComparisonOperator, (v: string) => string>> = {
  Contains: (v) => `%${v}%`,
  StartsWith: (v) => `${v}%`,
  EndsWith: (v) => `%${v}`,
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Escapes LIKE's wildcards (and its escape character) so a value matches as written. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The first text after every text that starts with `prefix`, in byte (code point) order: its
 * last character moved one on, or nothing when there is no next character.
 */
function afterPrefix(prefix: string): string | undefined {
  const chars = [...prefix];
  const last = chars.pop()?.codePointAt(0);
  if (last === undefined || last >= 0x10ffff) return undefined;
  const next = last === 0xd7ff ? 0xe000 : last + 1; // surrogates are no characters
  return chars.join('') + String.fromCodePoint(next);
}

/**
 * `column` starts with `prefix`, compared byte-wise: a range a text_pattern_ops index answers
 * even in a plan made before the value is known (LIKE 'x%' becomes a range only when the
 * planner sees 'x'). The LIKE keeps the meaning exact whatever the range lets through.
 */
function startsWith(column: PgColumn | SQL, prefix: string, bind: Bind): SQL {
  const after = afterPrefix(prefix);
  return sql`${column} ~>=~ ${bind(prefix)}${after === undefined ? sql`` : sql` and ${column} ~<~ ${bind(after)}`} and ${column} like ${bind(`${escapeLike(prefix)}%`)}`;
}

function findKey(columns: Record<string, ListColumn>, name: string): string | undefined {
  return Object.keys(columns).find((k) => k.toLowerCase() === name.toLowerCase());
}

function findColumn(columns: Record<string, ListColumn>, name: string): ListColumn | undefined {
  const key = findKey(columns, name);
  return key ? columns[key] : undefined;
}

/** How a value enters the SQL: as a bound parameter, or as a placeholder filled later. */
type Bind = (value: unknown) => unknown;

/**
 * One filter item as SQL, or a 400 naming the part of the item that is wrong. Its text depends
 * only on the property, the operator and whether the value is null (see `shape`).
 */
function filterCondition(
  item: FilterItem,
  spec: ListColumn,
  field: (p: 'operator' | 'value') => string,
  bind: Bind,
): SQL {
  const op = item.comparisonOperator;
  const col = spec.column;
  const refuse = (part: 'operator' | 'value', why: string): never => {
    throw AppError.badRequest(`${field(part)} ${why}`, field(part));
  };
  if (item.value === null) {
    if (op === 'Equal') return sql`${col} is null`;
    if (op === 'NotEqual') return sql`${col} is not null`;
    return refuse('value', `must not be null with ${op}`);
  }
  const text = String(item.value);
  const pattern = PATTERN[op];
  const compare = COMPARE[op];
  switch (spec.kind) {
    case 'tags':
      if (op === 'Equal' || op === 'Contains') return sql`${bind(text)} = any(${col})`;
      if (op === 'NotEqual') return sql`not (${bind(text)} = any(${col}))`;
      if (pattern)
        return sql`exists (select 1 from unnest(${col}) as tag where tag ilike ${bind(pattern(escapeLike(text)))})`;
      return refuse('operator', `${op} does not apply to a list of tags`);
    case 'json':
      if (pattern) return sql`${col}::text ilike ${bind(pattern(escapeLike(text)))}`;
      return refuse('operator', `${op} does not apply to this property; use Contains`);
    case 'number': {
      const n = typeof item.value === 'number' ? item.value : Number(text);
      if (!compare) return refuse('operator', `${op} does not apply to a number`);
      if (text.trim() === '' || !Number.isFinite(n)) return refuse('value', 'must be a number');
      return sql`${col} ${sql.raw(compare)} ${bind(n)}`;
    }
    case 'date': {
      if (!compare) return refuse('operator', `${op} does not apply to a date`);
      const at = new Date(text);
      if (Number.isNaN(at.getTime())) return refuse('value', 'must be a date (ISO 8601)');
      return sql`${col} ${sql.raw(compare)} ${bind(at.toISOString())}::timestamptz`;
    }
    case 'uuid':
      if (pattern) return sql`${col}::text ilike ${bind(pattern(escapeLike(text)))}`;
      if (op !== 'Equal' && op !== 'NotEqual')
        return refuse('operator', `${op} does not apply to an id`);
      if (!UUID.test(text)) return refuse('value', 'must be a UUID');
      return sql`${col} ${sql.raw(compare!)} ${bind(text)}::uuid`;
    case 'text': {
      const value = spec.lowerCase ? text.toLowerCase() : text;
      if (op === 'StartsWith' && spec.lowerCase) return startsWith(col, value, bind);
      if (op === 'StartsWith' && spec.lowerCopy)
        return startsWith(spec.lowerCopy, value.toLowerCase(), bind);
      if (pattern && spec.lowerCase) return sql`${col} like ${bind(pattern(escapeLike(value)))}`;
      if (pattern) return sql`${col} ilike ${bind(pattern(escapeLike(value)))}`;
      if (spec.values && (op === 'Equal' || op === 'NotEqual') && !spec.values.includes(value))
        return refuse('value', `must be one of ${spec.values.join(', ')}`);
      return sql`${col} ${sql.raw(compare!)} ${bind(value)}`;
    }
  }
}

/**
 * How an index can look up a filter item's text pattern, whatever else its value holds:
 * 'range', a prefix of a lower-case column (startsWith); 'trigrams', three letters or digits in
 * a row, which a trigram index finds ('%rossi%'); 'scan' when neither ('%ro%' has no trigram).
 * Undefined for an item that is no pattern.
 */
function patternLookup(
  item: FilterItem,
  spec: ListColumn,
): 'range' | 'trigrams' | 'scan' | undefined {
  if (item.value === null || !(item.comparisonOperator in PATTERN)) return undefined;
  if (item.comparisonOperator === 'StartsWith' && (spec.lowerCase || spec.lowerCopy))
    return 'range';
  return /[\p{L}\p{N}]{3}/u.test(String(item.value)) ? 'trigrams' : 'scan';
}

type OrderTerm = { property: string; descending: boolean; term: SQL };

/** `property` or `property desc|asc` → an ORDER BY term, or a 400 naming the field. */
function orderTerm(columns: Record<string, ListColumn>, value: string, field: string): OrderTerm {
  const [name = '', direction = 'asc', ...rest] = value.trim().split(/\s+/);
  const property = findKey(columns, name);
  const dir = direction.toLowerCase();
  if (!property || rest.length > 0 || (dir !== 'asc' && dir !== 'desc')) {
    throw AppError.badRequest(
      `${field} must be a property name optionally followed by asc or desc`,
      field,
    );
  }
  const spec = columns[property]!;
  if (spec.kind === 'tags' || spec.kind === 'json')
    throw AppError.badRequest(`${field}: ${name} cannot be sorted`, field);
  const descending = dir === 'desc';
  const term = descending
    ? sql`${spec.column} desc nulls last`
    : sql`${spec.column} asc nulls first`;
  return { property, descending, term };
}

/**
 * Turns a paged list request into WHERE and ORDER BY over the given properties (matched
 * case-insensitively). Bad input becomes a 400 naming the field, never a database error.
 *
 * The tie-breaker keeps pages stable among equal values. Given as `{ asc, desc }`, it follows
 * the direction of the last sort term, so a descending page is an index read backwards to the
 * end, id included, rather than a sort of every match.
 */
export function pagedQueryParts(
  request: PagedListRequest,
  columns: Record<string, ListColumn>,
  options: {
    fields: FilterFieldNames;
    defaultOrder: SQL[];
    tieBreaker: SQL | { asc: SQL; desc: SQL };
    /**
     * Filter values as placeholders (named in `values`), for a query prepared once per `shape`
     * and executed with each request's values.
     */
    placeholders?: boolean;
  },
) {
  const values: Record<string, unknown> = {};
  const bind: Bind = options.placeholders
    ? (value) => {
        const name = `v${Object.keys(values).length}`;
        values[name] = value;
        return sql.placeholder(name);
      }
    : (value) => value;
  const conditions = request.filters.map((item, i) => {
    const spec = findColumn(columns, item.propertyName);
    if (!spec) {
      const field = options.fields(i, 'propertyName');
      throw AppError.badRequest(
        `${field} must be one of ${Object.keys(columns).join(', ')}`,
        field,
      );
    }
    const condition = filterCondition(item, spec, (part) => options.fields(i, part), bind);
    return item.allowNullValue ? sql`(${spec.column} is null or ${condition})` : condition;
  });
  // Validated above: every filter names a known property.
  const lookups = request.filters.map((item) =>
    patternLookup(item, findColumn(columns, item.propertyName)!),
  );
  const orderBy = [
    ...(request.orderBy ? [orderTerm(columns, request.orderBy, 'body.orderBy')] : []),
    ...(request.secondaryOrderBy
      ? [orderTerm(columns, request.secondaryOrderBy, 'body.secondaryOrderBy')]
      : []),
  ];
  const { tieBreaker } = options;
  const descending = orderBy.at(-1)?.descending ?? false;
  const tie = 'asc' in tieBreaker ? tieBreaker[descending ? 'desc' : 'asc'] : tieBreaker;
  return {
    where: conditions.length > 0 ? and(...conditions) : undefined,
    hasFilters: conditions.length > 0,
    orderBy: [...(orderBy.length > 0 ? orderBy.map((o) => o.term) : options.defaultOrder), tie],
    /** The properties the filters name. */
    filtered: new Set(request.filters.map((item) => findKey(columns, item.propertyName)!)),
    /** The properties the request sorts by, first first (none: the list's default order). */
    orderProperties: orderBy.map((o) => o.property),
    /**
     * Whether every filter compares `property` (=, <>, <, >, <=, >=) without letting nulls in:
     * sorted by that property, the matches are then one stretch of its index.
     */
    filtersCompareOnly: (property: string) =>
      request.filters.length > 0 &&
      request.filters.every(
        (item) =>
          findKey(columns, item.propertyName) === property &&
          item.comparisonOperator in COMPARE &&
          item.value !== null &&
          !item.allowNullValue,
      ),
    limit: request.pageSize,
    offset: offsetOf(request),
    /**
     * The text patterns among the filters, whose values the best plan hangs on: 'indexed' when
     * an index can look each one up whatever its value (patternLookup), though how many match
     * still decides between walking the sort order's index and sorting the matches; 'scanned'
     * when one may need a scan. See db/prepared-queries.ts.
     */
    patterns: lookups.reduce<'none' | 'indexed' | 'scanned'>((found, lookup) => {
      if (!lookup) return found;
      return lookup === 'scan' || found === 'scanned' ? 'scanned' : 'indexed';
    }, 'none'),
    /** The placeholders' values (with `placeholders`). */
    values,
    /** What decides the SQL's text: the same shape, the same statement with other values. */
    shape: JSON.stringify([
      request.filters.map((item, i) => [
        findKey(columns, item.propertyName),
        item.comparisonOperator,
        item.value === null,
        Boolean(item.allowNullValue),
        lookups[i] ?? null,
      ]),
      orderBy.map((o) => [o.property, o.descending]),
      request.pageSize, // written into the SQL (pageLimit), as are the first pages' offsets
      pageOffsetWritten(offsetOf(request)) ? offsetOf(request) : 'bound',
    ]),
  };
}

const offsetOf = (request: PagedListRequest) => (request.pageNumber - 1) * request.pageSize;

/** Offsets below this are written into the SQL (pageOffset); from it on they are bound. */
const WRITTEN_OFFSET_BELOW = 250;
const pageOffsetWritten = (offset: number) => offset < WRITTEN_OFFSET_BELOW;

/**
 * A page size written into the SQL rather than bound. A statement planned once, before its
 * values are known, takes a bound LIMIT for a tenth of the table: page 200 of the active
 * users then hashed all 100,000 of them (25 ms) instead of fetching 25 by id (0.6 ms).
 * Typed as a placeholder because drizzle's limit() takes only those or numbers it binds.
 */
export function pageLimit(pageSize: number): Placeholder {
  if (!Number.isSafeInteger(pageSize) || pageSize < 0) throw new Error('pageSize: not a count');
  return sql.raw(String(pageSize)) as unknown as Placeholder;
}

/**
 * The first pages' offsets are written into the SQL too (a statement for each, keyed by the
 * `shape`): a generic plan takes a bound OFFSET to skip a tenth of the table, costs itself
 * above planning for each value, and PostgreSQL keeps planning every execution (more than
 * half of a first page's database time: 0.16 ms against 0.07). Deeper pages bind it as the
 * placeholder `offset`.
 */
export function pageOffset(offset: number): Placeholder {
  if (!Number.isSafeInteger(offset) || offset < 0) throw new Error('offset: not a count');
  return pageOffsetWritten(offset)
    ? (sql.raw(String(offset)) as unknown as Placeholder)
    : sql.placeholder('offset');
}

/** The paged response envelope of SPEC.md section 3. */
export function pagedResponse<T>(collection: T[], totalCount: number, request: PagedListRequest) {
  const totalPages = Math.ceil(totalCount / request.pageSize);
  return {
    collection,
    currentPage: request.pageNumber,
    hasNextPage: request.pageNumber < totalPages,
    hasPreviousPage: request.pageNumber > 1,
    pageSize: request.pageSize,
    totalCount,
    totalPages,
  };
}
