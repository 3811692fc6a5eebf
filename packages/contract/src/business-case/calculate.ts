import { CARD_PRODUCT_INFO } from '../analysis/enums.js';
import { roundMoney } from '../issuers/iso-codes.js';
import {
  BUSINESS_CASE_PRODUCTS,
  COSTED_METHODS,
  type BusinessCaseInputs,
  type BusinessCaseProduct,
  type SpendCell,
} from './schemas.js';

/**
 * THE business case calculation (docs/business-case.md gives every formula): the server's
 * workbook and summaries and the browser's calculator run this one function, so they cannot
 * disagree. Pure and cheap — a few hundred arithmetic operations over at most 140 aggregate
 * cells — so the browser recomputes on every keystroke.
 *
 * Per product p and year y (y ≤ years):
 *   movable spend S_p   = yearly spend of p's suppliers in the source not already paid by card
 *   spend on card       = S_p × adoption_y × included_p
 *   interchange         = spend on card × interchange rate_p        (earned by the issuer)
 *   buyer rebate        = spend on card × rebate rate_p             (paid to the buyer from it)
 *   issuer revenue      = interchange − buyer rebate
 *   process savings     = Σ_m payments_p,m × adoption_y × included_p × (cost_m − cost_card)
 *                         over cheque, ACH and wire
 *   working capital     = spend on card × (billing cycle / 2 + grace period) / 365 × cost of funds
 *   net value (buyer)   = buyer rebate + process savings + working capital
 * Money is rounded to the currency's minor unit when shown; sums are of unrounded amounts.
 */

export type YearFigures = {
  year: number;
  adoption: number;
  spendOnCard: number;
  interchange: number;
  buyerRebate: number;
  issuerRevenue: number;
  processSavings: number;
  workingCapital: number;
  netValue: number;
};
export type FigureKey = Exclude<keyof YearFigures, 'year'>;
export const FIGURE_KEYS: readonly FigureKey[] = [
  'adoption',
  'spendOnCard',
  'interchange',
  'buyerRebate',
  'issuerRevenue',
  'processSavings',
  'workingCapital',
  'netValue',
];
export const FIGURE_LABELS: Record<FigureKey | 'movableSpend', string> = {
  movableSpend: 'Spend that can move',
  adoption: 'Adoption',
  spendOnCard: 'Spend on card',
  interchange: 'Interchange',
  buyerRebate: 'Buyer rebate',
  issuerRevenue: 'Issuer revenue',
  processSavings: 'Process savings',
  workingCapital: 'Working-capital benefit',
  netValue: 'Net value to the buyer',
};

export type ProductCase = {
  product: BusinessCaseProduct;
  name: string;
  included: boolean;
  suppliers: number;
  movableSpend: number;
  payments: Record<(typeof COSTED_METHODS)[number], number>;
  /** One entry per year of the case, rounded money. */
  years: YearFigures[];
  /** The years summed (adoption: the last year's). */
  total: YearFigures;
  /** How each output was computed, with the actual numbers: explain.<year>.<figure>. */
  explain: { movableSpend: string; years: Record<FigureKey, string>[] };
};

export type BusinessCaseResult = {
  currency: string;
  years: number;
  products: ProductCase[];
  /** All included products, per year and overall. */
  total: { suppliers: number; movableSpend: number; years: YearFigures[]; total: YearFigures };
  explainTotal: { years: Record<FigureKey, string>[] };
};

const formatters = new Map<string, Intl.NumberFormat>();
function formatMoney(amount: number, currency: string): string {
  let f = formatters.get(currency);
  if (!f) {
    try {
      f = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
    } catch {
      f = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    formatters.set(currency, f);
  }
  return f.format(roundMoney(amount, currency));
}
const count = (n: number) => Math.round(n).toLocaleString('en-GB');
const percent = (p: number) => `${Number(p.toFixed(3))} %`;

const zeroYear = (year: number): YearFigures => ({
  year,
  adoption: 0,
  spendOnCard: 0,
  interchange: 0,
  buyerRebate: 0,
  issuerRevenue: 0,
  processSavings: 0,
  workingCapital: 0,
  netValue: 0,
});

function addInto(into: YearFigures, from: YearFigures) {
  into.spendOnCard += from.spendOnCard;
  into.interchange += from.interchange;
  into.buyerRebate += from.buyerRebate;
  into.issuerRevenue += from.issuerRevenue;
  into.processSavings += from.processSavings;
  into.workingCapital += from.workingCapital;
  into.netValue += from.netValue;
}

function rounded(y: YearFigures, currency: string): YearFigures {
  const m = (n: number) => roundMoney(n, currency);
  return {
    year: y.year,
    adoption: y.adoption,
    spendOnCard: m(y.spendOnCard),
    interchange: m(y.interchange),
    buyerRebate: m(y.buyerRebate),
    issuerRevenue: m(y.issuerRevenue),
    processSavings: m(y.processSavings),
    workingCapital: m(y.workingCapital),
    netValue: m(y.netValue),
  };
}

/** Whether a cell's spend counts for the source: its level is chosen and it is not on card yet. */
export function cellCounts(cell: SpendCell, inputs: Pick<BusinessCaseInputs, 'source'>): boolean {
  if (cell.method === 'Card') return false;
  return inputs.source.kind !== 'scoreLevel' || inputs.source.levels.includes(cell.level);
}

/**
 * The explanations' sentences, English with placeholders. The web passes its `t` (these are in
 * scripts/translation-keys.ts contractLabels()), the server's workbook keeps the English.
 */
export const EXPLAIN_TEXTS = {
  adoption: 'Year {{year}} adoption {{adoption}} of the spend that can move',
  excluded: 'Product excluded from the case: 0 %',
  spendOnCard: '{{spend}} × {{adoption}} adoption = {{onCard}}',
  spendOnCardExcluded:
    '{{spend}} × {{adoption}} adoption = {{onCard}} (product excluded from the case: 0)',
  interchange: '{{onCard}} × {{rate}} interchange = {{interchange}}',
  buyerRebate: '{{onCard}} × {{rate}} rebate = {{rebate}}',
  issuerRevenue: '{{interchange}} interchange − {{rebate}} rebate = {{revenue}}',
  savingsPart: '{{count}} {{method}} payments × {{adoption}} × ({{cost}} − {{card}} card)',
  workingCapital:
    '{{onCard}} × ({{billing}} / 2 + {{grace}}) days / 365 × {{funds}} cost of funds = {{capital}}',
  netValue:
    '{{rebate}} rebate + {{savings}} process savings + {{capital}} working capital = {{net}}',
  movableSpend:
    '{{count}} suppliers placed under {{product}}, {{levels}}, not already paid by card: {{spend}} a year',
  levelsScoring: 'scoring {{levels}} for it',
  levelsUseCase: 'in the use case',
  levelsChosen: 'chosen',
  noProduct: 'no product included',
  totalAdoption: '{{onCard}} on card ÷ {{movable}} that can move = {{adoption}}',
} as const;

/** Fills an explanation's placeholders, in English or through the caller's translation. */
type ExplainTranslate = (text: string, values?: Record<string, string | number>) => string;
const english: ExplainTranslate = (text, values = {}) =>
  text.replace(/\{\{(\w+)\}\}/g, (all, name: string) => String(values[name] ?? all));

export function calculateBusinessCase(
  inputs: BusinessCaseInputs,
  cells: readonly SpendCell[],
  currency: string,
  t: ExplainTranslate = english,
): BusinessCaseResult {
  const a = inputs.assumptions;
  const T = EXPLAIN_TEXTS;
  const money = (n: number) => formatMoney(n, currency);
  const extensionDays = a.billingCycleDays / 2 + a.gracePeriodDays;
  const cof = a.costOfFundsPct / 100;

  const base = new Map(
    BUSINESS_CASE_PRODUCTS.map((p) => [
      p,
      { suppliers: 0, spend: 0, payments: { Cheque: 0, ACH: 0, Wire: 0 } },
    ]),
  );
  for (const cell of cells) {
    if (!cellCounts(cell, inputs)) continue;
    const b = base.get(cell.product);
    if (!b) continue;
    b.suppliers += cell.suppliers;
    b.spend += cell.spend;
    if (cell.method === 'Cheque' || cell.method === 'ACH' || cell.method === 'Wire') {
      b.payments[cell.method] += cell.payments;
    }
  }
  const levelsText =
    inputs.source.kind === 'scoreLevel'
      ? t(T.levelsScoring, { levels: inputs.source.levels.map((l) => t(l)).join(', ') })
      : inputs.source.kind === 'useCase'
        ? t(T.levelsUseCase)
        : t(T.levelsChosen);

  const totalYears = Array.from({ length: inputs.years }, (_, i) => zeroYear(i + 1));
  const totalAll = zeroYear(0);
  let totalSuppliers = 0;
  let totalSpend = 0;

  const products: ProductCase[] = BUSINESS_CASE_PRODUCTS.map((product) => {
    const b = base.get(product)!;
    const rates = a.products[product];
    const included = rates.included;
    const name = CARD_PRODUCT_INFO[product].name;
    const raw: YearFigures[] = [];
    const explain: Record<FigureKey, string>[] = [];
    const all = zeroYear(0);
    for (let year = 1; year <= inputs.years; year++) {
      const adoptionPct = a.adoptionPct[year - 1]!;
      const share = included ? adoptionPct / 100 : 0;
      const spendOnCard = b.spend * share;
      const interchange = spendOnCard * (rates.interchangePct / 100);
      const buyerRebate = spendOnCard * (rates.rebatePct / 100);
      const savingsParts = COSTED_METHODS.map((m) => ({
        m,
        n: b.payments[m] * share,
        saving: a.costPerPayment[m] - a.costPerPayment.Card,
      }));
      const processSavings = savingsParts.reduce((s, p) => s + p.n * p.saving, 0);
      const workingCapital = (spendOnCard * extensionDays * cof) / 365;
      const y: YearFigures = {
        year,
        adoption: included ? adoptionPct : 0,
        spendOnCard,
        interchange,
        buyerRebate,
        issuerRevenue: interchange - buyerRebate,
        processSavings,
        workingCapital,
        netValue: buyerRebate + processSavings + workingCapital,
      };
      raw.push(y);
      addInto(all, y);
      addInto(totalYears[year - 1]!, y);
      const onCard = {
        spend: money(b.spend),
        adoption: percent(y.adoption),
        onCard: money(spendOnCard),
      };
      explain.push({
        adoption: included
          ? t(T.adoption, { year, adoption: percent(adoptionPct) })
          : t(T.excluded),
        spendOnCard: included ? t(T.spendOnCard, onCard) : t(T.spendOnCardExcluded, onCard),
        interchange: t(T.interchange, {
          onCard: money(spendOnCard),
          rate: percent(rates.interchangePct),
          interchange: money(interchange),
        }),
        buyerRebate: t(T.buyerRebate, {
          onCard: money(spendOnCard),
          rate: percent(rates.rebatePct),
          rebate: money(buyerRebate),
        }),
        issuerRevenue: t(T.issuerRevenue, {
          interchange: money(interchange),
          rebate: money(buyerRebate),
          revenue: money(y.issuerRevenue),
        }),
        processSavings: `${savingsParts
          .map((p) =>
            t(T.savingsPart, {
              count: count(b.payments[p.m]),
              method: t(p.m),
              adoption: percent(y.adoption),
              cost: money(a.costPerPayment[p.m]),
              card: money(a.costPerPayment.Card),
            }),
          )
          .join(' + ')} = ${money(processSavings)}`,
        workingCapital: t(T.workingCapital, {
          onCard: money(spendOnCard),
          billing: a.billingCycleDays,
          grace: a.gracePeriodDays,
          funds: percent(a.costOfFundsPct),
          capital: money(workingCapital),
        }),
        netValue: t(T.netValue, {
          rebate: money(buyerRebate),
          savings: money(processSavings),
          capital: money(workingCapital),
          net: money(y.netValue),
        }),
      });
    }
    all.adoption = raw.at(-1)?.adoption ?? 0;
    if (included) {
      totalSuppliers += b.suppliers;
      totalSpend += b.spend;
    }
    return {
      product,
      name,
      included,
      suppliers: b.suppliers,
      movableSpend: roundMoney(b.spend, currency),
      payments: b.payments,
      years: raw.map((y) => rounded(y, currency)),
      total: rounded(all, currency),
      explain: {
        movableSpend: t(T.movableSpend, {
          count: count(b.suppliers),
          product: name,
          levels: levelsText,
          spend: money(b.spend),
        }),
        years: explain,
      },
    };
  });

  for (const y of totalYears) {
    addInto(totalAll, y);
    y.adoption = totalSpend > 0 ? (y.spendOnCard / totalSpend) * 100 : 0;
  }
  totalAll.adoption = totalYears.at(-1)?.adoption ?? 0;
  const included = products.filter((p) => p.included);
  const sumText = (key: FigureKey, year: number) =>
    `${included.map((p) => money(p.years[year - 1]![key])).join(' + ') || '0'} = ${money(totalYears[year - 1]![key])} (${included.map((p) => p.name).join(', ') || t(T.noProduct)})`;

  return {
    currency,
    years: inputs.years,
    products,
    total: {
      suppliers: totalSuppliers,
      movableSpend: roundMoney(totalSpend, currency),
      years: totalYears.map((y) => rounded(y, currency)),
      total: rounded(totalAll, currency),
    },
    explainTotal: {
      years: totalYears.map((y) => {
        const e = {} as Record<FigureKey, string>;
        for (const key of FIGURE_KEYS) {
          e[key] =
            key === 'adoption'
              ? t(T.totalAdoption, {
                  onCard: money(y.spendOnCard),
                  movable: money(totalSpend),
                  adoption: percent(y.adoption),
                })
              : sumText(key, y.year);
        }
        return e;
      }),
    },
  };
}
