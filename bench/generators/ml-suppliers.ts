import type { JobSupplierExample } from '../../apps/server/src/engine/ml-prediction/job-suppliers.js';
import { mccGroupOf } from '../../apps/server/src/engine/reference-data/mcc.js';
import {
  createMerchantFactory,
  GROUP_PROFILE,
} from '../../apps/server/src/engine/reference-data/merchant-factory.js';
import { SeededRandom } from '../../apps/server/src/engine/reference-data/random.js';

/*
 * Jobs of suppliers for the card acceptance model (bench/ml-prediction.bench.ts). Names, countries
 * and MCCs come from the reference data generator's merchant factory. The pipeline benchmark's
 * buyer files draw spend, payment methods and terms independently of whether a supplier is a
 * card acceptor, so a model could learn nothing from them; here acceptance follows the industry
 * (the generator's own virtual-card odds per ISO 18245 group) and the payment patterns DOMAIN.md
 * describes — suppliers already paid by card, paid often, in small amounts and on short terms
 * accept card more often; large, rare, cheque- or wire-paid, long-terms suppliers less — plus a
 * per-buyer offset and noise. Half the files carry an MCC, as AP exports often do not.
 */

const METHODS: [string, number, number][] = [
  // method, share, effect on the log-odds of accepting card
  ['BACS', 30, 0],
  ['Cheque', 18, -0.9],
  ['Wire Transfer', 12, -0.6],
  ['ACH', 12, -0.2],
  ['Direct Debit', 8, -0.5],
  ['Credit Card', 8, 2.2],
  ['Faster Payment', 7, 0.2],
  ['Unknown', 5, 0],
];
const FREQUENCIES: [string, number, number][] = [
  ['One-off', 20, -0.6],
  ['Less than quarterly', 20, -0.3],
  ['Quarterly', 20, 0],
  ['Monthly', 30, 0.4],
  ['Weekly or more', 10, 0.9],
];
const PAYMENTS_A_YEAR: Record<string, number> = {
  'One-off': 1,
  'Less than quarterly': 2,
  Quarterly: 4,
  Monthly: 12,
  'Weekly or more': 60,
};
const TERMS: [number, number, number][] = [
  [0, 8, 0.6],
  [14, 12, 0.4],
  [30, 50, 0],
  [45, 12, -0.2],
  [60, 12, -0.5],
  [90, 6, -0.8],
];
const logit = (p: number) => Math.log(p / (1 - p));

/** One job (one buyer's suppliers), reproducible for its seed. */
export function generateMlJob(
  seed: string,
  count: number,
): (JobSupplierExample & { trueProbability: number })[] {
  const r = new SeededRandom(`ml-suppliers:${seed}`);
  const next = createMerchantFactory({ seed: `ml:${seed}`, count, asOf: '2025-06-30' });
  const buyerOffset = (r.next() + r.next() + r.next() - 1.5) * 0.6;
  const weighted = <T extends [string | number, number, number]>(items: T[]) =>
    r.weighted(items.map((i) => [i, i[1]] as const));
  const out: (JobSupplierExample & { trueProbability: number })[] = [];
  for (let i = 0; i < count; i++) {
    const m = next(i);
    const group = mccGroupOf(Number(m.mcc));
    const [method, , methodEffect] = weighted(METHODS);
    const [frequency, , frequencyEffect] = weighted(FREQUENCIES);
    const [terms, , termsEffect] = weighted(TERMS);
    const payments = Math.max(1, Math.round(PAYMENTS_A_YEAR[frequency]! * (0.6 + r.next())));
    const spend = Math.round(Math.exp(r.next() * 8 + 6) * 100) / 100;
    const average = spend / payments;
    const industry = 1.6 * logit(GROUP_PROFILE[group].odds[0]);
    const size = -0.45 * (Math.log10(average) - 3);
    const noise = (r.next() + r.next() + r.next() - 1.5) * 0.8;
    const z =
      -0.4 + industry + size + methodEffect + frequencyEffect + termsEffect + buyerOffset + noise;
    const trueProbability = 1 / (1 + Math.exp(-z));
    const accepts = r.chance(trueProbability);
    out.push({
      supplierKey: `${seed}-${i}`,
      supplierName: r.chance(0.3) ? m.merchant_name.toUpperCase() : m.merchant_name,
      country: m.country,
      mcc: r.chance(0.5) ? m.mcc : null,
      sic: null,
      annualSpend: spend,
      poCount: r.chance(0.3) ? payments : null,
      invoiceCount: payments + r.int(3),
      paymentCount: payments,
      mainPaymentMethod: method,
      paymentFrequency: frequency,
      paymentTermsDays: r.chance(0.8) ? terms : null,
      actualDaysToPay: r.chance(0.5) ? terms + r.between(-5, 25) : null,
      jobAcceptingShare: null,
      matched: accepts,
      acceptsCard: accepts,
      decided: false,
      trueProbability,
    });
  }
  // As the pipeline's reader gives it: the share of the job's other suppliers that accept card.
  const accepting = out.filter((s) => s.acceptsCard).length;
  for (const s of out)
    s.jobAcceptingShare = (accepting - (s.acceptsCard ? 1 : 0)) / Math.max(1, out.length - 1);
  return out;
}
