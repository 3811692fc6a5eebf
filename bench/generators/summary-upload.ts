import fs from 'node:fs';
import { csvLine } from '../../apps/server/src/engine/csv-text.js';
import { SeededRandom } from '../../apps/server/src/engine/reference-data/random.js';
import type { BuyerSupplier } from './buyer-suppliers.js';

export const SUMMARY_HEADERS = [
  'Vendor ID',
  'Vendor Name',
  'Address Line 1',
  'City',
  'Post Code',
  'Country',
  'VAT Number',
  'Annual Spend',
  'Currency',
  'No. of Invoices',
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
  'EFT',
  'TT',
  '',
];
const TERMS = [
  'Net 30',
  '30 days',
  'NET 60',
  '45',
  'Immediate',
  '2/10 Net 30',
  'EOM',
  '',
  'Net 14',
];

/** An amount the way spreadsheets export it: £1,234.56, 1234.56, (12.00) for credits. */
export function messyAmount(r: SeededRandom, value: number, symbol = '£'): string {
  const fixed = Math.abs(value).toFixed(2);
  const grouped = fixed.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const body = r.weighted([
    [fixed, 40],
    [grouped, 30],
    [`${symbol}${grouped}`, 25],
    [` ${fixed} `, 5],
  ] as const);
  if (value >= 0) return body;
  return r.chance(0.5) ? `(${body.trim()})` : r.chance(0.5) ? `-${body.trim()}` : `${body.trim()}-`;
}

/**
 * Writes a Summary Upload CSV (one row per supplier) with messy values: currency signs,
 * thousands separators, free-text payment methods and terms, a few redacted and blank names.
 */
export async function writeSummaryUpload(
  file: string,
  suppliers: Pick<
    BuyerSupplier,
    'supplierId' | 'supplierName' | 'addressLine1' | 'city' | 'postcode' | 'country' | 'taxId'
  >[],
  seed: string | number,
): Promise<void> {
  const r = new SeededRandom(`summary:${seed}`);
  const out = fs.createWriteStream(file);
  out.write(csvLine(SUMMARY_HEADERS));
  let chunk = '';
  for (const s of suppliers) {
    const spend = Math.round(Math.exp(r.next() * 9 + 5) * 100) / 100;
    const name = r.chance(0.003) ? 'REDACTED PERSONAL DATA' : r.chance(0.002) ? '' : s.supplierName;
    chunk += csvLine([
      s.supplierId,
      name,
      s.addressLine1,
      s.city,
      s.postcode,
      s.country,
      s.taxId,
      messyAmount(r, r.chance(0.01) ? -spend / 10 : spend),
      r.chance(0.8) ? 'GBP' : '',
      r.between(1, 400),
      r.pick(METHODS),
      r.pick(TERMS),
    ]);
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk))
        await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      chunk = '';
    }
  }
  out.write(chunk);
  await new Promise<void>((resolve, reject) =>
    out.end((e?: Error | null) => (e ? reject(e) : resolve())),
  );
}

/** Labels beside the file: supplier id → expected merchant (empty when none). */
export function writeLabels(file: string, suppliers: BuyerSupplier[]): void {
  fs.writeFileSync(
    file,
    csvLine(['supplier_id', 'expected_merchant_id', 'kind', 'noise']) +
      suppliers.map((s) => csvLine([s.supplierId, s.expectedMerchantId, s.kind, s.noise])).join(''),
  );
}
