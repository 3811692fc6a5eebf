import fs from 'node:fs';
import { csvLine } from '../../apps/server/src/engine/csv-text.js';
import { SeededRandom } from '../../apps/server/src/engine/reference-data/random.js';
import type { BuyerSupplier } from './buyer-suppliers.js';
import { messyAmount } from './summary-upload.js';

export const PAYMENT_HEADERS = [
  'Payment Ref',
  'Supplier ID',
  'Supplier Name',
  'Address',
  'City',
  'Post Code',
  'Country',
  'Payment Date',
  'Invoice Date',
  'Amount',
  'Currency',
  'Payment Method',
  'Payment Terms',
];
const METHODS = [
  'BACS',
  'Cheque',
  'CHQ',
  'Wire Transfer',
  'ACH',
  'Direct Debit',
  'Credit Card',
  'Faster Payment',
];
const TERMS: [string, number][] = [
  ['Net 30', 30],
  ['30 days', 30],
  ['Net 60', 60],
  ['NET 45', 45],
  ['Immediate', 0],
  ['Net 14', 14],
  ['2/10 Net 30', 30],
];
const DAY = 86_400_000;
const YEAR_START = Date.UTC(2024, 0, 1);

const ddmmyyyy = (ms: number) => {
  const d = new Date(ms);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

/**
 * Writes a Consultant Upload payment file: `rows` payments over the suppliers for 2024 (a few
 * suppliers take many payments, most take a few), day-first dates, messy amounts with credit
 * notes, free-text methods and terms, a few redacted names and unreadable amounts. Streams, so a
 * million rows need little memory.
 */
export async function writeConsultantPayments(
  file: string,
  suppliers: BuyerSupplier[],
  rows: number,
  seed: string | number,
): Promise<void> {
  const r = new SeededRandom(`payments:${seed}`);
  const weights = suppliers.map(() => Math.exp(r.next() * 5));
  const total = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.max(1, Math.floor((w / total) * rows)));
  let assigned = counts.reduce((a, b) => a + b, 0);
  for (let i = 0; assigned < rows; i = (i + 1) % counts.length, assigned++) counts[i]!++;
  for (let i = 0; assigned > rows; i = (i + 1) % counts.length) {
    if (counts[i]! > 1) {
      counts[i]!--;
      assigned--;
    }
  }
  const out = fs.createWriteStream(file);
  out.write(csvLine(PAYMENT_HEADERS));
  let chunk = '';
  let ref = 0;
  for (let s = 0; s < suppliers.length; s++) {
    const sup = suppliers[s]!;
    const method = r.pick(METHODS);
    const [terms, days] = r.pick(TERMS);
    const mean = Math.exp(r.next() * 7 + 4);
    for (let k = 0; k < counts[s]!; k++) {
      const paid = YEAR_START + r.int(366) * DAY;
      const invoiced = paid - (days + r.between(-5, 20)) * DAY;
      const value = Math.round(mean * (0.5 + r.next()) * 100) / 100;
      const name = r.chance(0.001) ? 'REDACTED PERSONAL DATA' : sup.supplierName;
      chunk += csvLine([
        `P${String(++ref).padStart(8, '0')}`,
        sup.supplierId,
        name,
        sup.addressLine1,
        sup.city,
        sup.postcode,
        sup.country,
        ddmmyyyy(paid),
        ddmmyyyy(invoiced),
        r.chance(0.0005) ? 'n/a' : messyAmount(r, r.chance(0.02) ? -value / 4 : value),
        'GBP',
        r.chance(0.9) ? method : r.pick(METHODS),
        terms,
      ]);
      if (chunk.length > 1 << 20) {
        if (!out.write(chunk))
          await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        chunk = '';
      }
    }
  }
  out.write(chunk);
  await new Promise<void>((resolve, reject) =>
    out.end((e?: Error | null) => (e ? reject(e) : resolve())),
  );
}
