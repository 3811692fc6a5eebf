import {
  INGESTION_FIELDS,
  type ColumnMapping,
  type IngestionField,
  type JobType,
} from '@b2b/contract';
import { sqlString } from '../duckdb.js';
import { RAW_TABLE } from './raw-table.js';
import { uiText } from '../../lib/ui-text.js';

export interface FieldSqlContext {
  mapping: ColumnMapping;
  jobType: JobType;
  /** SQL literal: '.', ',' or 'auto'. */
  decimalSeparator: string;
  dayFirst: boolean;
  jobCurrency: string;
  rejectRedacted: boolean;
}

/** A check whose failures are counted and reported as a warning (the row is kept). */
export interface WarningCheck {
  field: IngestionField;
  failed: string;
  raw: string;
  /** The warning with its field's name ("Annual spend: not an amount; left empty"). */
  message: string;
}

const DOLLAR_CURRENCIES = ['USD', 'CAD', 'AUD', 'NZD', 'SGD', 'HKD'];
const DATE_FIELDS = ['documentDate', 'invoiceDate', 'dueDate', 'paidDate'] as const;
const COUNT_FIELDS = ['poCount', 'invoiceCount', 'paymentCount'] as const;

/**
 * The query that parses `b2b_ingest_raw` into typed values, reject reasons and warning flags.
 *
 * Values with few distinct spellings (names, dates, countries, currencies, methods, terms,
 * counts, codes) are parsed once per distinct value into lookup tables (`b2b_l_<field>`)
 * joined back to the rows;
 * amounts, unique per row, go through cheap layered steps (a plain "1234.56" skips the
 * regular expressions). DuckDB expands macro arguments wherever they are used, so a parse written
 * as nested macros would run its inner steps many times per row.
 */
export function buildParseQuery(ctx: FieldSqlContext): {
  /** Statements creating the lookup tables (run them first). */
  lookupTables: string[];
  sql: string;
  warnings: WarningCheck[];
} {
  const col = (f: IngestionField) =>
    ctx.mapping[f] !== undefined ? `r.c${ctx.mapping[f]}` : 'NULL::VARCHAR';
  const mapped = (f: IngestionField) => ctx.mapping[f] !== undefined;
  const lookups: string[] = [];
  const joins: string[] = [];
  /**
   * A lookup of distinct raw values of a field: columns as [sql, type]; returns the SQL of a
   * column (a typed NULL when the field is not mapped).
   */
  const lookup = (f: IngestionField, columns: Record<string, [string, string]>) => {
    const alias = `l_${f}`;
    if (mapped(f)) {
      const select = Object.entries(columns)
        .map(([n, [sql, type]]) => `CAST(${sql} AS ${type}) AS ${n}`)
        .join(', ');
      lookups.push(`CREATE OR REPLACE TEMP TABLE b2b_${alias} AS SELECT raw, b2b_text(raw) AS t, ${select}
        FROM (SELECT DISTINCT c${ctx.mapping[f]} AS raw FROM ${RAW_TABLE} WHERE c${ctx.mapping[f]} IS NOT NULL)`);
      joins.push(`LEFT JOIN b2b_${alias} ${alias} ON ${alias}.raw = r.c${ctx.mapping[f]}`);
    }
    const types: Record<string, string> = {
      t: 'VARCHAR',
      ...Object.fromEntries(Object.entries(columns).map(([n, [, type]]) => [n, type])),
    };
    return (c: string) => (mapped(f) ? `${alias}.${c}` : `NULL::${types[c]}`);
  };

  const name = lookup('supplierName', {
    redacted: ['coalesce(b2b_is_redacted(raw), false)', 'BOOLEAN'],
  });
  const country = lookup('country', {
    iso3: [
      '(SELECT min(k.iso3) FROM b2b_countries k WHERE k.key = b2b_country_key(raw))',
      'VARCHAR',
    ],
  });
  const currency = lookup('currency', {
    code: [
      `CASE WHEN regexp_full_match(upper(b2b_text(raw)), '[A-Z]{3}') THEN upper(b2b_text(raw)) END`,
      'VARCHAR',
    ],
  });
  const method = lookup('paymentMethod', { method: ['b2b_payment_method(raw)', 'VARCHAR'] });
  const terms = lookup('paymentTerms', { days: ['b2b_terms_days(raw)', 'INTEGER'] });
  const dates = Object.fromEntries(
    DATE_FIELDS.map((f) => [
      f,
      lookup(f, { value: [`b2b_parse_date(raw, ${ctx.dayFirst})`, 'DATE'] }),
    ]),
  );
  const counts = Object.fromEntries(
    COUNT_FIELDS.map((f) => [f, lookup(f, { value: ['b2b_parse_count(raw)', 'INTEGER'] })]),
  );
  const code = (f: IngestionField, sql: string) => lookup(f, { value: [sql, 'VARCHAR'] })('value');

  const amountField: IngestionField = mapped('amount') ? 'amount' : 'annualSpend';
  const amount = (f: IngestionField) => (mapped(f) ? `x_${f}_value` : 'NULL::DECIMAL(18, 2)');
  const dollar = DOLLAR_CURRENCIES.includes(ctx.jobCurrency) ? ctx.jobCurrency : 'USD';
  const text = (f: IngestionField) => `b2b_text(${col(f)})`;

  const typed: Record<string, string> = {
    supplier_id: text('supplierId'),
    supplier_name: `CASE WHEN NOT ${name('redacted')} THEN ${name('t')} END`,
    name_redacted: `coalesce(${name('redacted')}, false)`,
    address_line1: text('addressLine1'),
    address_line2: text('addressLine2'),
    city: text('city'),
    region: text('region'),
    postcode: `upper(${text('postcode')})`,
    country: country('iso3'),
    country_raw: country('t'),
    tax_id: `upper(${text('taxId')})`,
    company_number: `upper(${text('companyNumber')})`,
    annual_spend: amount('annualSpend'),
    amount: amount('amount'),
    currency: `coalesce(${currency('code')},
      CASE WHEN NOT x_${amountField}_plain THEN replace(b2b_amount_currency(x_${amountField}_t), '$', ${sqlString(dollar)}) END,
      ${sqlString(ctx.jobCurrency)})`,
    po_count: counts.poCount!('value'),
    invoice_count: counts.invoiceCount!('value'),
    payment_count: counts.paymentCount!('value'),
    payment_method: `coalesce(${method('method')}, 'Unknown')`,
    payment_method_raw: method('t'),
    payment_terms_days: terms('days'),
    payment_terms_raw: terms('t'),
    mcc: code('mcc', 'b2b_parse_code(raw, 4)'),
    sic: code('sic', 'b2b_parse_code(raw, 4)'),
    naics: code('naics', `regexp_extract(b2b_text(raw), '\\d{2,6}', 0)`),
    unspsc: code('unspsc', `regexp_extract(b2b_text(raw), '\\d{2,8}', 0)`),
    contact_email: `CASE WHEN contains(${text('contactEmail')}, '@') THEN lower(${text('contactEmail')}) END`,
    contact_phone: text('contactPhone'),
    contact_name: text('contactName'),
    document_number: text('documentNumber'),
    document_date: dates.documentDate!('value'),
    invoice_date: dates.invoiceDate!('value'),
    due_date: dates.dueDate!('value'),
    paid_date: dates.paidDate!('value'),
    // Helpers for reasons and warnings (not in the output layouts).
    x_name_t: name('t'),
    x_currency_t: currency('t'),
    x_currency_code: currency('code'),
    ...Object.fromEntries(DATE_FIELDS.map((f) => [`x_${f}_t`, dates[f]!('t')])),
    ...Object.fromEntries(COUNT_FIELDS.map((f) => [`x_${f}_t`, counts[f]!('t')])),
    x_terms_t: terms('t'),
  };

  const { reasons, warnings } = checks(ctx, mapped);
  const amountLayers = (['amount', 'annualSpend'] as const).filter(mapped);
  let base = `SELECT * FROM ${RAW_TABLE}`;
  if (amountLayers.length === 0) {
    base = `SELECT *, NULL::VARCHAR AS x_${amountField}_t, true AS x_${amountField}_plain FROM ${RAW_TABLE}`;
  }
  for (const f of amountLayers)
    base = amountSteps(base, f, `c${ctx.mapping[f]}`, ctx.decimalSeparator);
  const sql = `WITH typed AS (
      SELECT r.*, ${Object.entries(typed)
        .map(([n, sql]) => `${sql} AS ${n}`)
        .join(',\n        ')}
      FROM (${base}) r ${joins.join('\n      ')}
    )
    SELECT *, ${warnings.map((w, i) => `coalesce(${w.failed}, false) AS w${i}, CASE WHEN ${w.failed} THEN ${w.raw} END AS w${i}_raw`).join(', ')}${warnings.length ? ',' : ''}
      nullif(concat_ws('; ', ${reasons.join(', ')}), '') AS reject_reason
    FROM typed`;
  return { lookupTables: lookups, sql, warnings };
}

/** Per-row amount parsing in layers: text, plain-number test, digits and sign, value. */
function amountSteps(source: string, f: string, column: string, sep: string): string {
  const x = (s: string) => `x_${f}_${s}`;
  return `SELECT *, try_cast(b2b_amount_digits(${x('digits')}, ${sep}) AS DECIMAL(18, 2))
      * CASE WHEN ${x('negative')} THEN -1 ELSE 1 END AS ${x('value')}
    FROM (SELECT *,
        CASE WHEN ${x('plain')} THEN ${x('t')}
          WHEN b2b_amount_shape(${x('t')}) THEN regexp_replace(${x('t')}, '[^0-9.,]', '', 'g') END AS ${x('digits')},
        CASE WHEN ${x('plain')} THEN false ELSE b2b_amount_negative(${x('t')}) END AS ${x('negative')}
      FROM (SELECT *, coalesce(regexp_full_match(${x('t')}, '[0-9]+([.,][0-9]+)*'), false) AS ${x('plain')}
        FROM (SELECT *, b2b_text(${column}) AS ${x('t')} FROM (${source}))))`;
}

/** Reject reasons (required fields, redacted names, too many columns) and warning checks. */
function checks(ctx: FieldSqlContext, mapped: (f: IngestionField) => boolean) {
  const label = (f: IngestionField) => INGESTION_FIELDS[f].label;
  // The reasons are texts of the catalogue (uiText): the web shows them in the user's language.
  // `cell` marks where a reason quotes the row's value, which the SQL puts there.
  const cell = '\u0000';
  const withCell = (text: string, t: string) =>
    text.split(cell).map(sqlString).join(` || left(${t}, 60) || `);
  const reasons = [
    `CASE WHEN c_extra IS NOT NULL THEN ${sqlString(uiText('Row has more columns than the header'))} END`,
  ];
  const requireValue = (
    f: IngestionField,
    t: string,
    value: string,
    notValid: (field: string) => string,
  ) => {
    const field = label(f);
    reasons.push(`CASE WHEN ${t} IS NULL THEN ${sqlString(uiText(`${field} is blank`))}
      WHEN ${value} IS NULL THEN ${withCell(notValid(field), t)} END`);
  };
  const redacted = sqlString(uiText('Supplier name is redacted personal data'));
  if (ctx.jobType === 'advanced') {
    const blank = sqlString(uiText('Supplier id and supplier name are blank'));
    reasons.push(`CASE WHEN supplier_id IS NULL AND x_name_t IS NULL THEN ${blank} END`);
    if (ctx.rejectRedacted) reasons.push(`CASE WHEN name_redacted THEN ${redacted} END`);
    requireValue('amount', 'x_amount_t', 'amount', (field) =>
      uiText(`${field} "${cell}" is not an amount`),
    );
    requireValue('documentDate', 'x_documentDate_t', 'document_date', (field) =>
      uiText(`${field} "${cell}" is not a date`),
    );
  } else {
    reasons.push(`CASE WHEN x_name_t IS NULL THEN ${sqlString(uiText('Supplier name is blank'))}
      ${ctx.rejectRedacted ? `WHEN name_redacted THEN ${redacted}` : ''} END`);
    if (ctx.jobType === 'base')
      requireValue('annualSpend', 'x_annualSpend_t', 'annual_spend', (field) =>
        uiText(`${field} "${cell}" is not an amount`),
      );
  }
  const warnings: WarningCheck[] = [];
  // A warning names its field: whole sentences, so another language words each (uiText).
  const warn = (
    f: IngestionField,
    t: string,
    value: string,
    sentence: (field: string) => string,
  ) => {
    if (!mapped(f)) return;
    const message = sentence(label(f));
    warnings.push({ field: f, failed: `${t} IS NOT NULL AND ${value} IS NULL`, raw: t, message });
  };
  if (ctx.jobType === 'matched-data-only')
    warn('annualSpend', 'x_annualSpend_t', 'annual_spend', (field) =>
      uiText(`${field}: not an amount; left empty`),
    );
  if (ctx.jobType === 'advanced') {
    warn('invoiceDate', 'x_invoiceDate_t', 'invoice_date', (field) =>
      uiText(`${field}: not a date; left empty`),
    );
    warn('dueDate', 'x_dueDate_t', 'due_date', (field) =>
      uiText(`${field}: not a date; left empty`),
    );
    warn('paidDate', 'x_paidDate_t', 'paid_date', (field) =>
      uiText(`${field}: not a date; left empty`),
    );
  }
  for (const f of COUNT_FIELDS)
    warn(
      f,
      `x_${f}_t`,
      f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      (field) => uiText(`${field}: not a count; left empty`),
    );
  warn('paymentTerms', 'x_terms_t', 'payment_terms_days', (field) =>
    uiText(`${field}: terms without a number of days`),
  );
  warn('country', 'country_raw', 'country', (field) =>
    uiText(`${field}: country not recognised; the job fallback country is used`),
  );
  warn('currency', 'x_currency_t', 'x_currency_code', (field) =>
    uiText(`${field}: not a 3-letter currency code; job currency used`),
  );
  warn('contactEmail', `b2b_text(c${ctx.mapping.contactEmail})`, 'contact_email', (field) =>
    uiText(`${field}: not an e-mail address; left empty`),
  );
  return { reasons, warnings };
}

/** Columns of the normalised document Parquet (Consultant Upload). */
export const DOCUMENT_COLUMNS = [
  'row_number',
  'document_type',
  'supplier_key',
  'supplier_id',
  'supplier_name',
  'name_redacted',
  'document_number',
  'document_date',
  'invoice_date',
  'due_date',
  'paid_date',
  'amount',
  'currency',
  'amount_job',
  'payment_method',
  'payment_method_raw',
  'payment_terms_days',
  'payment_terms_raw',
  'address_line1',
  'city',
  'postcode',
  'country',
  'tax_id',
  'mcc',
] as const;

/** Columns of the normalised supplier-row Parquet (Summary and Matched Data Only Uploads). */
export const SUPPLIER_ROW_COLUMNS = [
  'row_number',
  'supplier_key',
  'supplier_id',
  'supplier_name',
  'name_redacted',
  'address_line1',
  'address_line2',
  'city',
  'region',
  'postcode',
  'country',
  'tax_id',
  'company_number',
  'annual_spend',
  'currency',
  'annual_spend_job',
  'po_count',
  'invoice_count',
  'payment_count',
  'payment_method',
  'payment_method_raw',
  'payment_terms_days',
  'payment_terms_raw',
  'mcc',
  'sic',
  'naics',
  'unspsc',
  'contact_email',
  'contact_phone',
  'contact_name',
] as const;
