import {
  INGESTION_FIELDS,
  type ColumnMapping,
  type IngestionField,
  type JobType,
} from '@b2b/contract';
import { sqlString } from '../duckdb.js';

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
  message: string;
}

const DOLLAR_CURRENCIES = ['USD', 'CAD', 'AUD', 'NZD', 'SGD', 'HKD'];

/**
 * SQL for every field of the upload: typed values (`parsed`), reject reasons (required fields
 * that are blank or unreadable, redacted names, too many columns) and optional-field warnings.
 * Unmapped fields are typed NULLs so both output layouts can select from the same relation.
 */
export function buildFieldSql(ctx: FieldSqlContext) {
  const raw = (field: IngestionField) =>
    ctx.mapping[field] !== undefined ? `r.c${ctx.mapping[field]}` : 'NULL::VARCHAR';
  const mapped = (field: IngestionField) => ctx.mapping[field] !== undefined;
  const text = (f: IngestionField) => `b2b_text(${raw(f)})`;
  const amount = (f: IngestionField) => `b2b_parse_amount(${raw(f)}, ${ctx.decimalSeparator})`;
  const date = (f: IngestionField) => `b2b_parse_date(${raw(f)}, ${ctx.dayFirst})`;
  const amountRaw = mapped('amount') ? raw('amount') : raw('annualSpend');
  const dollar = DOLLAR_CURRENCIES.includes(ctx.jobCurrency) ? ctx.jobCurrency : 'USD';
  const currencyColumn = `CASE WHEN regexp_full_match(upper(${text('currency')}), '[A-Z]{3}') THEN upper(${text('currency')}) END`;
  const currencyFromAmount = `replace(b2b_amount_currency(${amountRaw}), '$', ${sqlString(dollar)})`;

  const parsed: Record<string, string> = {
    supplier_id: text('supplierId'),
    supplier_name: `CASE WHEN NOT coalesce(b2b_is_redacted(${raw('supplierName')}), false) THEN ${text('supplierName')} END`,
    name_redacted: `coalesce(b2b_is_redacted(${raw('supplierName')}), false)`,
    address_line1: text('addressLine1'),
    address_line2: text('addressLine2'),
    city: text('city'),
    region: text('region'),
    postcode: `upper(${text('postcode')})`,
    country: 'k.iso3',
    country_raw: text('country'),
    tax_id: `upper(${text('taxId')})`,
    company_number: `upper(${text('companyNumber')})`,
    annual_spend: amount('annualSpend'),
    amount: amount('amount'),
    currency: `coalesce(${currencyColumn}, ${currencyFromAmount}, ${sqlString(ctx.jobCurrency)})`,
    po_count: `b2b_parse_count(${raw('poCount')})`,
    invoice_count: `b2b_parse_count(${raw('invoiceCount')})`,
    payment_count: `b2b_parse_count(${raw('paymentCount')})`,
    payment_method: `b2b_payment_method(${raw('paymentMethod')})`,
    payment_method_raw: text('paymentMethod'),
    payment_terms_days: `b2b_terms_days(${raw('paymentTerms')})`,
    payment_terms_raw: text('paymentTerms'),
    mcc: `b2b_parse_code(${raw('mcc')}, 4)`,
    sic: `b2b_parse_code(${raw('sic')}, 4)`,
    naics: `regexp_extract(${text('naics')}, '\\d{2,6}', 0)`,
    unspsc: `regexp_extract(${text('unspsc')}, '\\d{2,8}', 0)`,
    contact_email: `CASE WHEN contains(${text('contactEmail')}, '@') THEN lower(${text('contactEmail')}) END`,
    contact_phone: text('contactPhone'),
    document_number: text('documentNumber'),
    document_date: date('documentDate'),
    invoice_date: date('invoiceDate'),
    due_date: date('dueDate'),
    paid_date: date('paidDate'),
  };

  const label = (f: IngestionField) => INGESTION_FIELDS[f].label;
  const quoted = (f: IngestionField) => `'"' || left(${text(f)}, 60) || '"'`;
  const reasons: string[] = [
    `CASE WHEN r.c_extra IS NOT NULL THEN 'Row has more columns than the header' END`,
  ];
  const requireValue = (f: IngestionField, parsedSql: string, what: string) => {
    reasons.push(`CASE WHEN ${text(f)} IS NULL THEN '${label(f)} is blank'
      WHEN ${parsedSql} IS NULL THEN '${label(f)} ' || ${quoted(f)} || ' is not ${what}' END`);
  };
  const redacted = `'Supplier name is redacted personal data'`;
  if (ctx.jobType === 'advanced') {
    reasons.push(`CASE WHEN ${text('supplierId')} IS NULL AND ${text('supplierName')} IS NULL
      THEN 'Supplier id and supplier name are blank' END`);
    if (ctx.rejectRedacted) {
      reasons.push(`CASE WHEN ${parsed.name_redacted} THEN ${redacted} END`);
    }
    requireValue('amount', parsed.amount!, 'an amount');
    requireValue('documentDate', parsed.document_date!, 'a date');
  } else {
    reasons.push(`CASE WHEN ${text('supplierName')} IS NULL THEN 'Supplier name is blank'
      ${ctx.rejectRedacted ? `WHEN ${parsed.name_redacted} THEN ${redacted}` : ''} END`);
    if (ctx.jobType === 'base') requireValue('annualSpend', parsed.annual_spend!, 'an amount');
  }

  const warnings: WarningCheck[] = [];
  const warnIfUnreadable = (f: IngestionField, parsedSql: string, message: string) => {
    if (mapped(f))
      warnings.push({
        field: f,
        failed: `${text(f)} IS NOT NULL AND ${parsedSql} IS NULL`,
        raw: text(f),
        message,
      });
  };
  if (ctx.jobType === 'matched-data-only') {
    warnIfUnreadable('annualSpend', parsed.annual_spend!, 'not an amount; left empty');
  }
  for (const f of ['invoiceDate', 'dueDate', 'paidDate'] as const) {
    if (ctx.jobType === 'advanced') warnIfUnreadable(f, date(f), 'not a date; left empty');
  }
  for (const f of ['poCount', 'invoiceCount', 'paymentCount'] as const) {
    warnIfUnreadable(f, `b2b_parse_count(${raw(f)})`, 'not a count; left empty');
  }
  warnIfUnreadable('paymentTerms', parsed.payment_terms_days!, 'terms without a number of days');
  warnIfUnreadable('country', 'k.iso3', 'country not recognised; the job fallback country is used');
  warnIfUnreadable('currency', currencyColumn, 'not a 3-letter currency code; job currency used');
  warnIfUnreadable('contactEmail', parsed.contact_email!, 'not an e-mail address; left empty');
  return { parsed, reasons, warnings };
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
] as const;
