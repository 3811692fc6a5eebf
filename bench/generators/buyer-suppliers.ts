import { sqlString, type EngineDb } from '../../apps/server/src/engine/duckdb.js';
import {
  installNormaliseMacros,
  withNormalisedName,
} from '../../apps/server/src/engine/matching/normalise-sql.js';
import {
  createMerchantFactory,
  type MerchantRecord,
} from '../../apps/server/src/engine/reference-data/merchant-factory.js';
import { brandName, SURNAMES } from '../../apps/server/src/engine/reference-data/name-parts.js';
import { SeededRandom } from '../../apps/server/src/engine/reference-data/random.js';
import type { ReferenceVersion } from '../../apps/server/src/engine/reference-data/reference-version.js';
import {
  addressVariant,
  applyNameNoise,
  postcodeVariant,
  taxIdVariant,
  type NameNoise,
} from './noise.js';

/** A supplier as a buyer's AP system holds it, with the truth for scoring the matcher. */
export interface BuyerSupplier {
  supplierId: string;
  supplierName: string;
  addressLine1: string | null;
  city: string | null;
  postcode: string | null;
  /** As written in the file (ISO2, ISO3 or a name), or null. */
  country: string | null;
  taxId: string | null;
  /** The merchant it was derived from; null for look-alikes and unknown suppliers. */
  expectedMerchantId: string | null;
  kind: 'derived' | 'lookalike' | 'unknown';
  noise: string;
}

const NAME_NOISE: (readonly [NameNoise, number])[] = [
  ['case', 14],
  ['suffix-variant', 16],
  ['suffix-dropped', 10],
  ['typo', 14],
  ['abbreviation', 8],
  ['truncation', 10],
  ['processor-prefix', 6],
  ['dba-name', 6],
  ['punctuation', 6],
  ['the-prefix', 3],
];
const COUNTRY_NAMES: Record<string, string[]> = {
  GBR: ['GB', 'UK', 'United Kingdom', 'England'],
  USA: ['US', 'United States', 'USA'],
  DEU: ['DE', 'Germany', 'Deutschland'],
  FRA: ['FR', 'France'],
  IRL: ['IE', 'Ireland'],
  NLD: ['NL', 'Netherlands'],
  ESP: ['ES', 'Spain'],
  ITA: ['IT', 'Italy'],
  CAN: ['CA', 'Canada'],
};

function countryAsWritten(r: SeededRandom, iso3: string): string | null {
  if (r.chance(0.03)) return null;
  return r.chance(0.5) ? iso3 : r.pick(COUNTRY_NAMES[iso3] ?? [iso3]);
}

/** A derived supplier: the merchant with one to three kinds of name noise and a messier address. */
function derive(r: SeededRandom, m: MerchantRecord): Omit<BuyerSupplier, 'supplierId'> {
  let name = m.merchant_name;
  const applied: string[] = [];
  for (
    let i = 0,
      n = r.weighted([
        [1, 55],
        [2, 35],
        [3, 10],
      ] as const);
    i < n;
    i++
  ) {
    const noise = r.weighted(NAME_NOISE);
    const next = applyNameNoise(r, name, noise, m.dba_name);
    if (next !== name) applied.push(noise);
    name = next;
  }
  return {
    supplierName: name,
    addressLine1: m.address_line1 && r.chance(0.6) ? addressVariant(r, m.address_line1) : null,
    city: r.chance(0.85) ? (r.chance(0.2) ? m.city.toUpperCase() : m.city) : null,
    postcode: m.postcode && r.chance(0.7) ? postcodeVariant(r, m.postcode, m.country) : null,
    country: countryAsWritten(r, m.country),
    taxId: m.tax_id && r.chance(0.3) ? taxIdVariant(r, m.tax_id) : null,
    expectedMerchantId: m.merchant_id,
    kind: 'derived',
    noise: applied.join('+') || 'none',
  };
}

type Draft = Omit<BuyerSupplier, 'supplierId'> & { baseName: string };

/** A different company that looks like a known one: another first word, another address. */
function lookalike(r: SeededRandom, m: MerchantRecord): Draft {
  const words = m.merchant_name.split(' ');
  let replacement = words[0]!;
  while (similar(replacement, words[0]!)) {
    replacement = r.chance(0.5) ? r.pick(SURNAMES.en!) : brandName((x) => r.pick(x));
  }
  const name = [replacement, ...words.slice(1)].join(' ');
  return {
    baseName: name,
    supplierName: r.chance(0.3) ? name.toUpperCase() : name,
    addressLine1: r.chance(0.6)
      ? `${r.between(1, 300)} ${r.pick(['High Street', 'Main St', 'Station Road', 'Park Avenue'])}`
      : null,
    city: r.chance(0.85) ? m.city : null,
    postcode:
      m.postcode && r.chance(0.6) ? m.postcode.replace(/\d/g, () => String(r.int(10))) : null,
    country: countryAsWritten(r, m.country),
    taxId: null,
    expectedMerchantId: null,
    kind: 'lookalike',
    noise: 'lookalike',
  };
}

/**
 * Labelled buyer suppliers against a reference version: `derivedShare` derived from merchants
 * with realistic noise, `lookalikeShare` look-alikes of merchants and the rest unknown companies.
 * Look-alikes and unknowns whose normalised name exists in the reference country are dropped,
 * so a null label is never an actual match. Reproducible for a seed.
 */
export async function generateBuyerSuppliers(options: {
  db: EngineDb;
  reference: ReferenceVersion;
  count: number;
  seed: string | number;
  derivedShare?: number;
  lookalikeShare?: number;
}): Promise<BuyerSupplier[]> {
  const { db, reference, count } = options;
  const r = new SeededRandom(`buyer:${options.seed}`);
  const derivedCount = Math.round(count * (options.derivedShare ?? 0.6));
  const lookalikeCount = Math.round(count * (options.lookalikeShare ?? 0.15));
  const unknownCount = count - derivedCount - lookalikeCount;
  const total = reference.manifest.merchantCount;
  const picks = new Set<number>();
  // Look-alikes and unknowns whose names turn out to be known are dropped: draw spares.
  while (picks.size < Math.min(total, derivedCount + lookalikeCount * 3)) picks.add(r.int(total));
  const indices = [...picks];
  const rows = await db.all<MerchantRecord & { i: number }>(
    `SELECT * FROM (SELECT *, CAST(row_number() OVER () - 1 AS INTEGER) AS i
       FROM read_parquet(${sqlString(reference.merchantsPath)}))
     WHERE i IN (SELECT unnest([${indices.join(',')}]))`,
  );
  const byIndex = new Map(rows.map((row) => [row.i, row]));
  const merchants = indices.map((i) => byIndex.get(i)!);
  const derived = merchants.slice(0, derivedCount).map((m) => derive(r, m));
  const others = [
    ...merchants.slice(derivedCount).map((m) => lookalike(r, m)),
    ...unknownSuppliers(options.seed, Math.ceil(unknownCount * 3)),
  ];
  const kept = await dropKnownNames(db, reference, others);
  const lookalikes = kept.filter((s) => s.kind === 'lookalike').slice(0, lookalikeCount);
  const unknown = kept
    .filter((s) => s.kind === 'unknown')
    .slice(0, count - derived.length - lookalikes.length);
  const all: Omit<BuyerSupplier, 'supplierId'>[] = [...derived, ...lookalikes, ...unknown].map(
    (s) => ({ ...s, baseName: undefined }),
  );
  for (let i = all.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.map((s, i) => ({ supplierId: `S${String(i + 1).padStart(6, '0')}`, ...s }));
}

/** Names closer than this (same letters in the same places) would make a look-alike a match. */
function similar(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x === y || x.startsWith(y) || y.startsWith(x)) return true;
  let same = 0;
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] === y[i]) same++;
  return same / Math.max(x.length, y.length) > 0.6;
}

/** Companies the reference does not know: another seed's merchants (brand-named MCCs left out). */
function unknownSuppliers(seed: string | number, n: number): Draft[] {
  const next = createMerchantFactory({
    seed: `unknown:${seed}`,
    count: n * 50,
    asOf: '2025-06-30',
  });
  const r = new SeededRandom(`unknown-noise:${seed}`);
  const out: Draft[] = [];
  for (let i = 0; out.length < n; i++) {
    const m = next(i);
    if (m.mcc >= '3000' && m.mcc < '4000') continue;
    out.push({
      ...derive(r, m),
      baseName: m.merchant_name,
      expectedMerchantId: null,
      kind: 'unknown',
      noise: 'unknown',
    });
  }
  return out;
}

/** Drops drafts whose name (before noise) or noisy name is a reference merchant's name. */
async function dropKnownNames(
  db: EngineDb,
  reference: ReferenceVersion,
  suppliers: Draft[],
): Promise<Draft[]> {
  await installNormaliseMacros(db);
  const values = suppliers
    .flatMap((s, i) => [`(${i}, ${sqlString(s.supplierName)})`, `(${i}, ${sqlString(s.baseName)})`])
    .join(', ');
  // Two equality joins, not one join on OR (which would compare every pair).
  const known = await db.all<{ i: number }>(`
    WITH n AS (${withNormalisedName(`SELECT * FROM (VALUES ${values}) t(i, name)`, 'name', 'norm')}),
    m AS (SELECT name_norm, dba_norm FROM read_parquet(${sqlString(reference.indexPath)}))
    SELECT n.i FROM n JOIN m ON m.name_norm = n.norm
    UNION SELECT n.i FROM n JOIN m ON m.dba_norm = n.norm`);
  const drop = new Set(known.map((k) => k.i));
  return suppliers.filter((_, i) => !drop.has(i));
}
