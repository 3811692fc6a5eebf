import {
  ChartKindSchema,
  INSIGHT_CHART_LIMITS,
  type CardProduct,
  type SLICERS,
} from '@b2b/contract';
import { uiText } from '../../lib/ui-text.js';
import { copyToParquet, sqlString, type EngineDb } from '../duckdb.js';
import { loadMccCodes } from '../reference-data/mcc.js';
import { PRODUCT_COLUMNS } from '../scoring/score-suppliers.js';
import { mccTypeSql, naicsSectorSql, sicDivisionSql, ukSicSectionSql } from './industry-codes.js';

/**
 * Every grouping the insights screens draw: the chart kinds of SPEC.md section 3, `Bands` (the
 * spend bands every band chart is read from: Spends, Documents, Suppliers, SuppliersAverage,
 * DocumentsAverage are measures of the same groups), `Totals` (the summary tiles),
 * `MatchConfidence` (the summary's match outcome by confidence level), `MatchStatus` (MATCHED /
 * UNMATCHED, whatever the merchant accepts) and `CardAcceptance` (matched suppliers by whether
 * their merchant accepts cards: YES / NO / UNKNOWN; unmatched ones are Unclassified).
 */
export const INSIGHT_GROUPINGS = [
  'Totals',
  'MatchConfidence',
  'MatchStatus',
  'CardAcceptance',
  'Bands',
  ...ChartKindSchema.options,
] as const;
export type InsightGrouping = (typeof INSIGHT_GROUPINGS)[number];

/**
 * Band charts that measure documents: without a single PO, invoice or payment count they have
 * nothing to draw (the spend bands themselves always do).
 */
const DOCUMENT_BAND_CHARTS = ['Documents', 'DocumentsAverage'] as const;

/** Products a supplier counts towards in per-product insights: those it scores Medium or High for. */
export const PRODUCT_APPLIES_AT = ['High', 'Medium'] as const;

/** One bar of one chart, for one slicer value and one product ('All' when not per product). */
export interface InsightBar {
  slicer: keyof typeof SLICERS;
  slicer_value: string;
  product: CardProduct | 'All';
  grouping: InsightGrouping;
  bucket: string;
  label: string;
  /** Natural order for ordered groupings (bands, frequencies, terms); null: order by spend. */
  sort_key: number | null;
  suppliers: number;
  spend: number;
  pos: number;
  invoices: number;
  payments: number;
  /** Averages over the suppliers that have the value; null when none has it. */
  avg_terms_days: number | null;
  avg_days_to_pay: number | null;
}

export interface JobInsightsInput {
  db: EngineDb;
  /** Per-supplier Parquet (`SUPPLIER_COLUMNS`). */
  suppliersPath: string;
  /** Scores Parquet (features, slicers, product levels) from `scoreSuppliers`. */
  scoresPath: string;
  job: { id: string; name: string };
  /** Spend band labels in ascending order (the scoring ruleset's `spendBands`). */
  spendBands: readonly string[];
  outPath: string;
  /**
   * Companies House SIC codes (UK SIC 2007) of suppliers, as newline-delimited JSON rows
   * `{ supplier_key, sic }` (issue 21: the Companies House enrichment). They classify a supplier
   * the file gives no SIC, NAICS or UNSPSC code and the match no MCC.
   */
  companySicPath?: string;
  /**
   * Longest chart kept per slicer value and product: the most bars a chart draws (SPEC.md:
   * about 4317); 'By Job', capped at 1000, is a global insights chart.
   */
  maxBarsPerChart?: number;
}

export interface JobInsightsResult {
  barCount: number;
  /**
   * Groupings (and document band charts) the job's data cannot fill, with the reason the chart
   * shows instead of zeros.
   */
  unavailable: Partial<Record<InsightGrouping | (typeof DOCUMENT_BAND_CHARTS)[number], string>>;
}

const FREQUENCY_ORDER = [
  'Weekly or more',
  'Monthly',
  'Quarterly',
  'Less than quarterly',
  'One-off',
];
const TERMS_BANDS = [
  { label: 'Immediate', max: 0 },
  { label: '1–30 days', max: 30 },
  { label: '31–45 days', max: 45 },
  { label: '46–60 days', max: 60 },
  { label: '61–90 days', max: 90 },
  { label: 'Over 90 days', max: null },
];
const UNCLASSIFIED = 'Unclassified';

interface Grouping {
  name: InsightGrouping;
  /** Bucket key; NULL rows go to the 'Unclassified' bucket. */
  bucket: string;
  label?: string;
  sortKey?: string;
  /**
   * A column that must hold a value somewhere for the chart to mean anything, and what the data
   * lacks when none does ("This job's data has no <missing>.").
   */
  requires?: { column: string; missing: string };
}

/** MCC codes come from the matched merchant, else the buyer's file: say which was missing. */
const MCC_MISSING = uiText('MCC codes: no matched merchant has one and the file gives none');

function orderCase(column: string, values: readonly string[]): string {
  return `CASE ${column} ${values.map((v, i) => `WHEN ${sqlString(v)} THEN ${i}`).join(' ')} END`;
}

function groupings(input: JobInsightsInput): Grouping[] {
  const termsBand = `CASE ${TERMS_BANDS.map((b) =>
    b.max === null
      ? `ELSE ${sqlString(b.label)}`
      : `WHEN payment_terms_days <= ${b.max} THEN ${sqlString(b.label)}`,
  ).join(' ')} END`;
  // UK SIC 2007 codes (from Companies House) are kept apart from the 1987 SIC codes of files:
  // the same digits name other industries in the two schemes.
  const sic = (digits: number) =>
    `CASE WHEN length(sic) >= ${digits} THEN CASE WHEN sic_uk THEN 'UK ' ELSE '' END || left(sic, ${digits}) END`;
  const division = 'try_cast(CASE WHEN length(sic) >= 2 THEN left(sic, 2) END AS INTEGER)';
  const sicLabel = (digits: number) =>
    `CASE WHEN sic_uk THEN 'UK SIC 2007 ' ELSE 'SIC ' END || left(sic, ${digits})`;
  return [
    { name: 'Totals', bucket: `'All'`, label: `'All suppliers'` },
    {
      name: 'MatchConfidence',
      bucket: 'confidence',
      sortKey: orderCase('confidence', ['High', 'Medium', 'Low', 'None']),
    },
    {
      name: 'MatchStatus',
      bucket: 'match_status',
      sortKey: orderCase('match_status', ['MATCHED', 'UNMATCHED']),
    },
    {
      name: 'CardAcceptance',
      bucket: `CASE WHEN match_status = 'MATCHED' THEN CASE WHEN accepts_card THEN 'YES'
        WHEN NOT accepts_card THEN 'NO' ELSE 'UNKNOWN' END END`,
      sortKey: `CASE WHEN accepts_card THEN 0 WHEN NOT accepts_card THEN 1 ELSE 2 END`,
    },
    {
      name: 'Bands',
      bucket: 'spend_band',
      sortKey: orderCase('spend_band', input.spendBands),
    },
    {
      name: 'Countries',
      bucket: 'country',
      requires: { column: 'country', missing: uiText('countries') },
    },
    { name: 'Jobs', bucket: sqlString(input.job.id), label: sqlString(input.job.name) },
    {
      name: 'DocTransactionFrequencies',
      bucket: 'payment_frequency',
      sortKey: orderCase('payment_frequency', FREQUENCY_ORDER),
      requires: { column: 'payment_frequency', missing: uiText('payment counts or dates') },
    },
    {
      name: 'PaymentMethods',
      bucket: 'payment_method',
      requires: { column: 'payment_method', missing: uiText('payment methods') },
    },
    {
      name: 'PaymentMethodCount',
      bucket: `CASE WHEN method_count >= 4 THEN '4 or more' ELSE CAST(method_count AS VARCHAR) END`,
      sortKey: 'least(method_count, 4)',
      requires: { column: 'method_count', missing: uiText('payment documents with methods') },
    },
    {
      name: 'InvoicePaymentTerms',
      bucket: `CASE WHEN payment_terms_days IS NOT NULL THEN ${termsBand} END`,
      sortKey: `CASE WHEN payment_terms_days IS NOT NULL THEN ${orderCase(
        termsBand,
        TERMS_BANDS.map((b) => b.label),
      )} END`,
      requires: { column: 'payment_terms_days', missing: uiText('invoice payment terms') },
    },
    {
      name: 'IndustriesMccDescription',
      bucket: `lpad(CAST(mcc_number AS VARCHAR), 4, '0')`,
      label: `coalesce(mcc_description, lpad(CAST(mcc_number AS VARCHAR), 4, '0'))`,
      requires: { column: 'mcc_number', missing: MCC_MISSING },
    },
    {
      name: 'IndustriesMccGroup',
      bucket: 'mcc_group',
      requires: { column: 'mcc_number', missing: MCC_MISSING },
    },
    {
      name: 'IndustriesMccType',
      bucket: mccTypeSql('mcc_number'),
      requires: { column: 'mcc_number', missing: MCC_MISSING },
    },
    {
      name: 'IndustriesSicDivision',
      bucket: `CASE WHEN sic_uk THEN ${ukSicSectionSql(division)} ELSE ${sicDivisionSql(division)} END`,
      requires: { column: 'sic', missing: uiText('SIC codes') },
    },
    {
      name: 'IndustriesSicMajorGroup',
      bucket: sic(2),
      label: sicLabel(2),
      requires: { column: 'sic', missing: uiText('SIC codes') },
    },
    {
      name: 'IndustriesSicIndustryGroup',
      bucket: sic(3),
      label: sicLabel(3),
      requires: { column: 'sic', missing: uiText('SIC codes') },
    },
    {
      name: 'IndustriesSicIndustry',
      bucket: sic(4),
      label: sicLabel(4),
      requires: { column: 'sic', missing: uiText('SIC codes') },
    },
    {
      name: 'IndustriesUnspsc',
      bucket: `CASE WHEN length(unspsc) >= 2 THEN left(unspsc, 2) END`,
      label: `'UNSPSC segment ' || left(unspsc, 2)`,
      requires: { column: 'unspsc', missing: uiText('UNSPSC codes') },
    },
    {
      name: 'IndustriesNaics',
      bucket: `CASE WHEN length(naics) >= 2 THEN left(naics, 2) END`,
      label: `coalesce(${naicsSectorSql('left(naics, 2)')}, 'NAICS ' || left(naics, 2))`,
      requires: { column: 'naics', missing: uiText('NAICS codes') },
    },
  ];
}

/**
 * The insights of one scored job, computed once by the pipeline's last step so that the screens
 * never rescan the supplier data: every grouping for every slicer value (SPEC.md section 3) and
 * for every card product a supplier scores Medium or High for, written to `outPath` as
 * `InsightBar` rows. Unclassified suppliers (no MCC, no SIC…) form their own bar so that a
 * chart's bars always add up to the slicer's total.
 */
export async function computeJobInsights(input: JobInsightsInput): Promise<JobInsightsResult> {
  const { db } = input;
  const cap = input.maxBarsPerChart ?? INSIGHT_CHART_LIMITS.maxBars;
  const products = Object.entries(PRODUCT_COLUMNS) as [CardProduct, string][];
  const applies = PRODUCT_APPLIES_AT.map(sqlString).join(', ');
  const codes = (column: string) =>
    `nullif(regexp_replace(CAST(u.${column} AS VARCHAR), '[^0-9]', '', 'g'), '')`;

  await db.run(`CREATE OR REPLACE TEMP TABLE b2b_ins_mcc AS
    SELECT CAST(mcc AS INTEGER) AS mcc_number, description AS mcc_description
    FROM (VALUES ${loadMccCodes()
      .map((c) => `(${sqlString(c.mcc)}, ${sqlString(c.description)})`)
      .join(', ')}) t(mcc, description)`);
  await db.run(
    input.companySicPath
      ? `CREATE OR REPLACE TEMP TABLE b2b_ins_company_sic AS
          SELECT CAST(supplier_key AS VARCHAR) AS supplier_key,
            nullif(regexp_replace(CAST(sic AS VARCHAR), '[^0-9]', '', 'g'), '') AS sic
          FROM read_json(${sqlString(input.companySicPath)},
            columns = {'supplier_key': 'VARCHAR', 'sic': 'VARCHAR'}, format = 'newline_delimited')`
      : `CREATE OR REPLACE TEMP TABLE b2b_ins_company_sic (supplier_key VARCHAR, sic VARCHAR)`,
  );
  // A Companies House code counts only where the supplier has no industry of its own.
  const companySic = `(ch.sic IS NOT NULL AND s.mcc_number IS NULL AND ${codes('naics')} IS NULL
    AND ${codes('unspsc')} IS NULL)`;
  await db.run(`CREATE OR REPLACE TEMP TABLE b2b_ins_base AS
    SELECT s.supplier_key, nullif(upper(trim(coalesce(u.country, s.country))), '') AS country,
      coalesce(CAST(u.spend AS DOUBLE), 0) AS spend,
      coalesce(CAST(u.po_count AS BIGINT), 0) AS pos,
      coalesce(CAST(u.invoice_count AS BIGINT), 0) AS invoices,
      coalesce(CAST(u.payment_count AS BIGINT), 0) AS payments,
      u.payment_frequency,
      nullif(u.main_payment_method, 'Unknown') AS payment_method,
      -- Methods the file named: rows without one are aggregated as 'Unknown' (or NULL), which
      -- would otherwise make every supplier a one-method supplier.
      nullif(len(list_filter(u.payment_methods,
        m -> m.method IS NOT NULL AND m.method <> 'Unknown')), 0) AS method_count,
      CAST(u.payment_terms_days AS DOUBLE) AS payment_terms_days,
      CAST(u.actual_days_to_pay AS DOUBLE) AS actual_days_to_pay,
      s.mcc_number, CASE WHEN s.mcc_number IS NOT NULL THEN s.mcc_group END AS mcc_group,
      mc.mcc_description, s.spend_band,
      coalesce(${codes('sic')}, CASE WHEN ${companySic} THEN ch.sic END) AS sic,
      (${codes('sic')} IS NULL AND ${companySic}) AS sic_uk,
      ${codes('naics')} AS naics, ${codes('unspsc')} AS unspsc,
      s.confidence, s.match_status, s.accepts_card, s.card_accepting, s.vc_accepting, s.detail_level, s.stp_capable, s.card_capability,
      list_filter([${products
        .map(([p, c]) => `CASE WHEN s.${c}_level IN (${applies}) THEN '${p}' END`)
        .join(', ')}], x -> x IS NOT NULL) AS products
    FROM read_parquet(${sqlString(input.scoresPath)}) s
    JOIN read_parquet(${sqlString(input.suppliersPath)}) u USING (supplier_key)
    LEFT JOIN b2b_ins_mcc mc ON mc.mcc_number = s.mcc_number
    LEFT JOIN b2b_ins_company_sic ch ON ch.supplier_key = s.supplier_key`);

  // Each supplier once per slicer (its own value) and once per product it applies to.
  const slicerValue: Record<keyof typeof SLICERS, string> = {
    Overall: `'All'`,
    'Card Accepting': 'card_accepting',
    'VC Accepting': 'vc_accepting',
    'Detail Level': 'detail_level',
    'STP Capable': 'stp_capable',
    'Card Capability': 'card_capability',
  };
  await db.run(`CREATE OR REPLACE TEMP TABLE b2b_ins_expanded AS
    WITH sliced AS (
      SELECT *, unnest([${Object.entries(slicerValue)
        .map(([s, v]) => `{'slicer': ${sqlString(s)}, 'value': ${v}}`)
        .join(', ')}]) AS sl
      FROM b2b_ins_base
    )
    SELECT * EXCLUDE (sl, products), sl.slicer AS slicer, sl.value AS slicer_value,
      unnest(list_concat(['All'], products)) AS product
    FROM sliced`);

  const all = groupings(input);
  const selects = all.map((g) => {
    const bucket = `coalesce(${g.bucket}, ${sqlString(UNCLASSIFIED)})`;
    const label = g.label ? `coalesce(${g.label}, ${bucket})` : bucket;
    const sortKey = g.sortKey
      ? `CASE WHEN ${g.bucket} IS NULL THEN 999 ELSE ${g.sortKey} END`
      : 'NULL::INTEGER';
    return `SELECT slicer, slicer_value, product, '${g.name}' AS grouping,
        ${bucket} AS bucket, any_value(${label}) AS label, any_value(${sortKey}) AS sort_key,
        CAST(count(*) AS INTEGER) AS suppliers, round(sum(spend), 2) AS spend,
        CAST(sum(pos) AS INTEGER) AS pos, CAST(sum(invoices) AS INTEGER) AS invoices,
        CAST(sum(payments) AS INTEGER) AS payments,
        round(avg(payment_terms_days), 1) AS avg_terms_days,
        round(avg(actual_days_to_pay), 1) AS avg_days_to_pay
      FROM b2b_ins_expanded GROUP BY slicer, slicer_value, product, ${bucket}`;
  });
  const barCount = await copyToParquet(
    db,
    `SELECT * FROM (${selects.join('\nUNION ALL\n')})
     QUALIFY row_number() OVER (
       PARTITION BY slicer, slicer_value, product, grouping ORDER BY spend DESC, bucket) <= ${cap}
     ORDER BY grouping, slicer, slicer_value, product, sort_key NULLS LAST, spend DESC, bucket`,
    input.outPath,
  );

  const required = all.filter((g) => g.requires);
  const [present] = await db.all<Record<string, number>>(
    `SELECT ${required.map((g) => `CAST(count(${g.requires!.column}) AS INTEGER) AS "${g.name}"`).join(', ')}
     FROM b2b_ins_base`,
  );
  const unavailable: JobInsightsResult['unavailable'] = {};
  for (const g of required) {
    if (!Number(present?.[g.name]))
      unavailable[g.name] = uiText(`This job's data has no ${g.requires!.missing}.`);
  }
  const documents = await db.one<{ n: number }>(
    `SELECT CAST(count(*) FILTER (WHERE pos + invoices + payments > 0) AS INTEGER) AS n FROM b2b_ins_base`,
  );
  if (!Number(documents?.n)) {
    for (const chart of DOCUMENT_BAND_CHARTS)
      unavailable[chart] = uiText("This job's data has no PO, invoice or payment counts.");
  }
  await db.run(
    'DROP TABLE IF EXISTS b2b_ins_expanded; DROP TABLE IF EXISTS b2b_ins_base; DROP TABLE IF EXISTS b2b_ins_mcc; DROP TABLE IF EXISTS b2b_ins_company_sic;',
  );
  return { barCount, unavailable };
}
