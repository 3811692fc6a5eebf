import type { Writable } from 'node:stream';
import {
  BUSINESS_CASE_PRODUCTS,
  CARD_PRODUCT_INFO,
  type BusinessCaseInputs,
  type BusinessCaseResult,
} from '@b2b/contract';
import ExcelJS from 'exceljs';
import type { BusinessCaseSupplier } from './business-case-spend.read.js';

/**
 * The business case workbook (SPEC §2 jobs business-case-download, docs/business-case.md):
 * Summary, Inputs, Spend, Calculation and Suppliers. Every figure of Calculation and Summary is
 * a live formula over Inputs and Spend, so changing an assumption in Excel moves every total;
 * the formulas are those of contract calculate.ts, and a test recalculates them with a formula
 * engine against it. Written with exceljs's streaming writer: the supplier list of a 100,000
 * supplier job goes out page by page.
 */

const FIRST_PRODUCT_ROW = 17; // Inputs: one row per product from here
const SPEND_FIRST_ROW = 2; // Spend: one row per product from here
const CALC_FIRST_ROW = 2; // Calculation: three rows (years) per product from here
const CALC_LAST_ROW = CALC_FIRST_ROW + BUSINESS_CASE_PRODUCTS.length * 3 - 1;

/** The Inputs cells the formulas read (a test and the docs name them). */
export const INPUT_CELLS = {
  currency: 'B2',
  years: 'B3',
  adoption: ['B4', 'B5', 'B6'],
  costCheque: 'B7',
  costAch: 'B8',
  costWire: 'B9',
  costCard: 'B10',
  billingCycleDays: 'B11',
  gracePeriodDays: 'B12',
  costOfFunds: 'B13',
} as const;

/** Calculation columns, in order after Product and Year. */
export const CALC_COLUMNS = [
  ['C', 'adoption', 'Adoption'],
  ['D', 'spendOnCard', 'Spend on card'],
  ['E', 'interchange', 'Interchange'],
  ['F', 'buyerRebate', 'Buyer rebate'],
  ['G', 'issuerRevenue', 'Issuer revenue'],
  ['H', 'processSavings', 'Process savings'],
  ['I', 'workingCapital', 'Working-capital benefit'],
  ['J', 'netValue', 'Net value to the buyer'],
] as const;
/** Summary rows (from row 4) and their Calculation column. */
export const SUMMARY_ROWS = CALC_COLUMNS.slice(1).map(([column, key, label], i) => ({
  row: 4 + i,
  column,
  key,
  label,
}));

/**
 * Text a spreadsheet will not run as a formula (OWASP CSV injection): a leading = + - @ tab or
 * CR gets an apostrophe, as in our CSV files, and the cell is stored as a plain string.
 */
export function safeText(value: string | null | undefined): string {
  const text = value ?? '';
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const moneyFormat = '#,##0.00';
const percentFormat = '0.00%';

export type WorkbookData = {
  jobName: string;
  currency: string;
  inputs: BusinessCaseInputs;
  sourceText: string;
  result: BusinessCaseResult;
  suppliers: AsyncIterable<BusinessCaseSupplier[]>;
  /** Whether a supplier is part of the spend that can move (calculate.ts cellCounts). */
  counts: (s: BusinessCaseSupplier) => boolean;
};

export async function writeBusinessCaseWorkbook(out: Writable, data: WorkbookData): Promise<void> {
  const { inputs, result, currency } = data;
  const a = inputs.assumptions;
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  wb.creator = 'B2B Analytics';

  // Summary: per-year totals and per-product totals, SUMIF over Calculation.
  const summary = wb.addWorksheet('Summary');
  summary.columns = [{ width: 30 }, { width: 18 }, { width: 18 }, { width: 18 }, { width: 18 }];
  summary.addRow([safeText(`Business case: ${data.jobName}`)]).commit();
  summary
    .addRow([`Amounts in ${currency}; change the Inputs sheet and every figure follows.`])
    .commit();
  summary.addRow(['Figure', 'Year 1', 'Year 2', 'Year 3', 'Total']).commit();
  for (const s of SUMMARY_ROWS) {
    const years = [1, 2, 3].map((y) => ({
      formula: `SUMIF(Calculation!$B$${CALC_FIRST_ROW}:$B$${CALC_LAST_ROW},${y},Calculation!$${s.column}$${CALC_FIRST_ROW}:$${s.column}$${CALC_LAST_ROW})`,
      result: result.total.years[y - 1]?.[s.key] ?? 0,
    }));
    const row = summary.addRow([
      s.label,
      ...years,
      { formula: `SUM(B${s.row}:D${s.row})`, result: result.total.total[s.key] },
    ]);
    for (let c = 2; c <= 5; c++) row.getCell(c).numFmt = moneyFormat;
    row.commit();
  }
  summary.addRow([]).commit();
  const productHeader = 13;
  summary
    .addRow([
      'Card product',
      'Spend that can move',
      'Spend on card',
      'Buyer rebate',
      'Issuer revenue',
      'Net value',
    ])
    .commit();
  const perProduct = [
    ['D', 'spendOnCard'],
    ['F', 'buyerRebate'],
    ['G', 'issuerRevenue'],
    ['J', 'netValue'],
  ] as const;
  BUSINESS_CASE_PRODUCTS.forEach((p, i) => {
    const r = productHeader + 1 + i;
    const name = CARD_PRODUCT_INFO[p].name;
    const pr = result.products[i]!;
    const row = summary.addRow([
      name,
      { formula: `Spend!C${SPEND_FIRST_ROW + i}`, result: pr.movableSpend },
      ...perProduct.map(([col, key]) => ({
        formula: `SUMIF(Calculation!$A$${CALC_FIRST_ROW}:$A$${CALC_LAST_ROW},$A${r},Calculation!$${col}$${CALC_FIRST_ROW}:$${col}$${CALC_LAST_ROW})`,
        result: pr.total[key],
      })),
    ]);
    for (let c = 2; c <= 6; c++) row.getCell(c).numFmt = moneyFormat;
    row.commit();
  });
  const first = productHeader + 1;
  const last = productHeader + BUSINESS_CASE_PRODUCTS.length;
  const totalRow = summary.addRow([
    'Total (Optima mix)',
    ...(['B', 'C', 'D', 'E', 'F'] as const).map((c, i) => ({
      formula: `SUM(${c}${first}:${c}${last})`,
      result: i === 0 ? result.total.movableSpend : result.total.total[perProduct[i - 1]![1]],
    })),
  ]);
  for (let c = 2; c <= 6; c++) totalRow.getCell(c).numFmt = moneyFormat;
  totalRow.commit();
  await summary.commit();

  // Inputs: the assumptions, the only cells a reader should change.
  const sheet = wb.addWorksheet('Inputs');
  sheet.columns = [{ width: 34 }, { width: 18 }, { width: 18 }, { width: 18 }];
  const add = (label: string, value: ExcelJS.CellValue, format?: string) => {
    const row = sheet.addRow([label, value]);
    if (format) row.getCell(2).numFmt = format;
    row.commit();
  };
  sheet.addRow(['Assumption', 'Value']).commit();
  add('Currency', currency);
  add('Years of the case (1–3)', inputs.years);
  a.adoptionPct.forEach((p, i) => add(`Adoption in year ${i + 1}`, p / 100, percentFormat));
  add('Cost per cheque', a.costPerPayment.Cheque, moneyFormat);
  add('Cost per ACH transfer', a.costPerPayment.ACH, moneyFormat);
  add('Cost per wire', a.costPerPayment.Wire, moneyFormat);
  add('Cost per card payment', a.costPerPayment.Card, moneyFormat);
  add('Billing cycle (days)', a.billingCycleDays);
  add('Grace period (days)', a.gracePeriodDays);
  add('Cost of funds', a.costOfFundsPct / 100, percentFormat);
  add('Spend that can move', safeText(data.sourceText));
  sheet.addRow([]).commit();
  sheet.addRow(['Card product', 'Included (1 = yes)', 'Interchange rate', 'Rebate rate']).commit();
  BUSINESS_CASE_PRODUCTS.forEach((p) => {
    const rates = a.products[p];
    const row = sheet.addRow([
      CARD_PRODUCT_INFO[p].name,
      rates.included ? 1 : 0,
      rates.interchangePct / 100,
      rates.rebatePct / 100,
    ]);
    row.getCell(3).numFmt = percentFormat;
    row.getCell(4).numFmt = percentFormat;
    row.commit();
  });
  await sheet.commit();

  // Spend: the job's aggregates for the chosen suppliers (data, not assumptions).
  const spend = wb.addWorksheet('Spend');
  spend.columns = [
    { width: 20 },
    { width: 12 },
    { width: 20 },
    { width: 18 },
    { width: 18 },
    { width: 18 },
  ];
  spend
    .addRow([
      'Card product',
      'Suppliers',
      'Spend that can move',
      'Cheque payments',
      'ACH payments',
      'Wire payments',
    ])
    .commit();
  for (const pr of result.products) {
    const row = spend.addRow([
      pr.name,
      pr.suppliers,
      pr.movableSpend,
      pr.payments.Cheque,
      pr.payments.ACH,
      pr.payments.Wire,
    ]);
    row.getCell(3).numFmt = moneyFormat;
    row.commit();
  }
  await spend.commit();

  // Calculation: three rows per product, one per year, every figure a formula.
  const calc = wb.addWorksheet('Calculation');
  calc.columns = [{ width: 20 }, { width: 8 }, ...CALC_COLUMNS.map(() => ({ width: 18 }))];
  calc.addRow(['Card product', 'Year', ...CALC_COLUMNS.map(([, , label]) => label)]).commit();
  const I = INPUT_CELLS;
  const abs = (cell: string) => `Inputs!$${cell[0]}$${cell.slice(1)}`;
  BUSINESS_CASE_PRODUCTS.forEach((p, i) => {
    const inRow = FIRST_PRODUCT_ROW + i;
    const sp = SPEND_FIRST_ROW + i;
    const pr = result.products[i]!;
    for (let y = 1; y <= 3; y++) {
      const r = CALC_FIRST_ROW + i * 3 + (y - 1);
      const f = pr.years[y - 1];
      const formulas: Record<(typeof CALC_COLUMNS)[number][1], string> = {
        adoption: `IF(B${r}<=${abs(I.years)},${abs(I.adoption[y - 1]!)},0)*Inputs!$B$${inRow}`,
        spendOnCard: `Spend!$C$${sp}*C${r}`,
        interchange: `D${r}*Inputs!$C$${inRow}`,
        buyerRebate: `D${r}*Inputs!$D$${inRow}`,
        issuerRevenue: `E${r}-F${r}`,
        processSavings: `C${r}*(Spend!$D$${sp}*(${abs(I.costCheque)}-${abs(I.costCard)})+Spend!$E$${sp}*(${abs(I.costAch)}-${abs(I.costCard)})+Spend!$F$${sp}*(${abs(I.costWire)}-${abs(I.costCard)}))`,
        workingCapital: `D${r}*(${abs(I.billingCycleDays)}/2+${abs(I.gracePeriodDays)})/365*${abs(I.costOfFunds)}`,
        netValue: `F${r}+H${r}+I${r}`,
      };
      const row = calc.addRow([
        pr.name,
        y,
        ...CALC_COLUMNS.map(([, key]) => ({
          formula: formulas[key],
          result: f ? (key === 'adoption' ? f.adoption / 100 : f[key]) : 0,
        })),
      ]);
      row.getCell(3).numFmt = percentFormat;
      for (let c = 4; c <= 10; c++) row.getCell(c).numFmt = moneyFormat;
      row.commit();
    }
  });
  await calc.commit();

  // Suppliers: the suppliers whose spend can move, streamed page by page.
  const list = wb.addWorksheet('Suppliers');
  list.columns = [
    { width: 16 },
    { width: 16 },
    { width: 36 },
    { width: 10 },
    { width: 14 },
    { width: 10 },
    { width: 18 },
    { width: 12 },
    { width: 18 },
  ];
  list
    .addRow([
      'Supplier key',
      'Supplier ID',
      'Supplier name',
      'Country',
      'Card product',
      'Score level',
      'Main payment method',
      'Payments',
      'Yearly spend',
    ])
    .commit();
  for await (const page of data.suppliers) {
    for (const s of page) {
      if (!data.counts(s)) continue;
      list
        .addRow([
          safeText(s.supplierKey),
          safeText(s.supplierId),
          safeText(s.supplierName),
          safeText(s.country),
          s.product ? CARD_PRODUCT_INFO[s.product].name : '',
          s.level,
          safeText(s.mainPaymentMethod),
          s.payments,
          s.spend,
        ])
        .commit();
    }
  }
  await list.commit();
  await wb.commit();
}
