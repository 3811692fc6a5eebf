import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { splitRecords } from '../ingestion/csv-sniff.js';

/** The MCC list shipped with the product (public domain, see data/mcc_codes.LICENSE.txt). */
export const MCC_CSV = fileURLToPath(new URL('./data/mcc_codes.csv', import.meta.url));

/** ISO 18245 MCC groups (DOMAIN.md "Reference data"). */
export const MCC_GROUPS = [
  { group: 'Agricultural and contracted services', from: 0, to: 2999 },
  { group: 'Airlines', from: 3000, to: 3299 },
  { group: 'Car rental', from: 3300, to: 3499 },
  { group: 'Lodging', from: 3500, to: 3999 },
  { group: 'Transportation', from: 4000, to: 4799 },
  { group: 'Utilities and telecom', from: 4800, to: 4999 },
  { group: 'Retail outlets', from: 5000, to: 5599 },
  { group: 'Clothing', from: 5600, to: 5699 },
  { group: 'Miscellaneous stores', from: 5700, to: 7299 },
  { group: 'Business services', from: 7300, to: 7999 },
  { group: 'Professional services and membership organisations', from: 8000, to: 8999 },
  { group: 'Government', from: 9000, to: 9999 },
] as const;
export type MccGroup = (typeof MCC_GROUPS)[number]['group'];

export function mccGroupOf(mcc: number): MccGroup {
  return (MCC_GROUPS.find((g) => mcc >= g.from && mcc <= g.to) ?? MCC_GROUPS[0]).group;
}

/** SQL for the group of an MCC column (VARCHAR or number), for scoring and insights. */
export function mccGroupSql(column: string): string {
  const value = `try_cast(${column} AS INTEGER)`;
  const branches = MCC_GROUPS.map(
    (g) => `WHEN ${value} BETWEEN ${g.from} AND ${g.to} THEN '${g.group}'`,
  ).join(' ');
  return `CASE ${branches} END`;
}

export interface MccCode {
  mcc: string;
  description: string;
  group: MccGroup;
}

let cached: MccCode[] | undefined;

/** Every MCC in the shipped file with its description and group. */
export function loadMccCodes(): MccCode[] {
  if (cached) return cached;
  const records = splitRecords(fs.readFileSync(MCC_CSV, 'utf8'), ',', 100_000);
  const header = records[0]!;
  const mccAt = header.indexOf('mcc');
  const descriptionAt = header.indexOf('edited_description');
  cached = records
    .slice(1)
    .filter((r) => /^\d{4}$/.test(r[mccAt] ?? ''))
    .map((r) => ({
      mcc: r[mccAt]!,
      description: r[descriptionAt] || r[mccAt]!,
      group: mccGroupOf(Number(r[mccAt])),
    }));
  return cached;
}
