import fs from 'node:fs';
import path from 'node:path';
import { csvLine } from '../../apps/server/src/engine/csv-text.js';
import { sqlString, type EngineDb } from '../../apps/server/src/engine/duckdb.js';
import {
  BUSINESSES_FILE,
  cardFeedRecords,
  type CardFeedMixName,
} from '../../apps/server/src/engine/reference-data/card-feed.js';
import { UK_TOWNS } from '../../apps/server/src/engine/reference-data/card-feed-names.js';
import { COUNTRY_PROFILES } from '../../apps/server/src/engine/reference-data/country-profiles.js';
import { SeededRandom } from '../../apps/server/src/engine/reference-data/random.js';
import type { ReferenceVersion } from '../../apps/server/src/engine/reference-data/reference-version.js';
import { addressVariant, applyNameNoise, postcodeVariant, taxIdVariant } from './noise.js';

/**
 * A buyer's AP supplier list against a card-feed reference version (`style: 'card-feed'`): the
 * AP side holds a business's registered name ("Kestrel Valley Garden Centre Ltd",
 * "Northumberland County Council", "Age UK Northumberland") where the card side holds
 * descriptors, duplicates and truncations of it. Labels name the expected *business* (any of its
 * records is a correct match) and, in `noise`, every reason the supplier is hard ('+'-joined
 * tags): what the reference holds for it (ref-…), what kind of business it is (public-body,
 * charity-branch, common-name, …) and what the AP side did to it (ap-…, and-ampersand).
 */
export interface CardFeedSupplier {
  supplierId: string;
  supplierName: string;
  addressLine1: string | null;
  city: string | null;
  postcode: string | null;
  country: string | null;
  taxId: string | null;
  /** The business it is; null for look-alikes and unknown companies. */
  expectedBusinessId: string | null;
  kind: 'derived' | 'lookalike' | 'unknown';
  noise: string;
}

interface BusinessRow {
  business_id: string;
  business_kind: string;
  business_name: string;
  trading_name: string;
  address_line1: string | null;
  city: string;
  postcode: string | null;
  country: string;
  tax_id: string | null;
  noises: string[];
  records: number;
  /** Businesses in the reference with the same trading name (case aside). */
  same_name: number;
  /** Every town a record of that trading name is in. */
  towns: string[];
}

/** AP-side noise: how often each kind is applied (dev and holdout differ on purpose). */
const AP_NOISE: Record<
  CardFeedMixName,
  readonly (readonly [
    (
      | 'none'
      | 'case'
      | 'suffix-variant'
      | 'suffix-dropped'
      | 'typo'
      | 'abbreviation'
      | 'punctuation'
      | 'and-ampersand'
    ),
    number,
  ])[]
> = {
  dev: [
    ['none', 30],
    ['case', 18],
    ['suffix-variant', 12],
    ['suffix-dropped', 10],
    ['typo', 10],
    ['abbreviation', 6],
    ['punctuation', 6],
    ['and-ampersand', 8],
  ],
  holdout: [
    ['none', 22],
    ['case', 20],
    ['suffix-variant', 10],
    ['suffix-dropped', 12],
    ['typo', 14],
    ['abbreviation', 5],
    ['punctuation', 7],
    ['and-ampersand', 10],
  ],
};

const COUNTRY_NAMES: Record<string, string[]> = {
  GBR: ['GB', 'UK', 'United Kingdom', 'England'],
  USA: ['US', 'United States', 'USA'],
  DEU: ['DE', 'Germany'],
  FRA: ['FR', 'France'],
  IRL: ['IE', 'Ireland'],
};

/**
 * The country as written; a UK supplier's is often blank (the matcher falls back to the
 * issuer's country), a foreign supplier's never is (nothing could tell its country then).
 */
function countryAsWritten(r: SeededRandom, iso3: string): string | null {
  if (iso3 === 'GBR' && r.chance(0.15)) return null;
  return r.chance(0.5) ? iso3 : r.pick(COUNTRY_NAMES[iso3] ?? [iso3]);
}

/** A name as an AP clerk typed it, and the tags of what was done. */
function apName(r: SeededRandom, name: string, mix: CardFeedMixName): [string, string[]] {
  let out = name;
  const tags: string[] = [];
  for (
    let i = 0,
      n = r.weighted([
        [1, 70],
        [2, 25],
        [3, 5],
      ] as const);
    i < n;
    i++
  ) {
    const kind = r.weighted(AP_NOISE[mix]);
    let next = out;
    if (kind === 'and-ampersand') {
      next = out.includes(' & ')
        ? out.replace(/ & /g, ' and ')
        : out.includes(' and ')
          ? out.replace(/ and /g, ' & ')
          : out;
    } else if (kind !== 'none') next = applyNameNoise(r, out, kind, null);
    if (next !== out) tags.push(kind === 'and-ampersand' ? kind : `ap-${kind}`);
    out = next;
  }
  return [out, tags];
}

const DESCRIPTOR_ONLY = new Set([
  'truncated-22',
  'truncated-25',
  'processor-prefix',
  'abbreviated',
]);

/** Tags for what the reference holds of a business and what kind of business it is. */
function businessTags(b: BusinessRow): string[] {
  const tags: string[] = [];
  const has = (noise: string) => b.noises.includes(noise);
  if (has('case-duplicate')) tags.push('ref-case-duplicates');
  if (has('truncated-22')) tags.push('ref-truncated-22');
  if (has('truncated-25')) tags.push('ref-truncated-25');
  if (has('processor-prefix')) tags.push('ref-processor-prefix');
  if (has('suffix-dropped')) tags.push('ref-suffix-dropped');
  if (has('location')) tags.push('ref-locations');
  if (has('ampersand')) tags.push('and-ampersand');
  if (has('abbreviated')) tags.push('ref-abbreviated');
  // Only descriptors: no record carries the whole name.
  if (b.noises.every((n) => DESCRIPTOR_ONLY.has(n))) tags.push('ref-no-full-name');
  if (b.business_kind === 'public-body' || b.business_kind === 'school') tags.push('public-body');
  if (b.business_kind === 'charity-branch') tags.push('charity-branch');
  if (b.business_kind === 'charity') tags.push('charity');
  if (b.business_kind === 'chain') tags.push('chain');
  if (b.same_name > 1) tags.push('common-name');
  return tags;
}

/** A site's fields as an AP system holds them: blanks, other spellings, missing postcodes. */
/**
 * Share of suppliers an AP file gives by name alone (public spend files often hold nothing
 * else); such a supplier can only be told from a namesake by its name being unique.
 */
const NAME_ONLY: Record<CardFeedMixName, number> = { dev: 0.12, holdout: 0.2 };

function apSite(
  r: SeededRandom,
  site: { address: string | null; city: string | null; postcode: string | null; country: string },
  tags: string[],
  mix: CardFeedMixName,
) {
  if (r.chance(NAME_ONLY[mix])) {
    tags.push('ap-name-only');
    return {
      addressLine1: null,
      city: null,
      postcode: null,
      country: site.country === 'GBR' ? null : countryAsWritten(r, site.country),
    };
  }
  const address = site.address && r.chance(0.65) ? addressVariant(r, site.address) : null;
  if (!address) tags.push('ap-no-address');
  const postcode =
    site.postcode && r.chance(0.7) ? postcodeVariant(r, site.postcode, site.country) : null;
  if (!postcode) tags.push('ap-no-postcode');
  return {
    addressLine1: address,
    city:
      site.city && r.chance(0.88) ? (r.chance(0.2) ? site.city.toUpperCase() : site.city) : null,
    postcode,
    country: countryAsWritten(r, site.country),
  };
}

const normalisedName = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9 ]/g, '')
    .replace(/\b(ltd|limited|plc|llp|inc|llc|gmbh|the)\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Labelled suppliers for a card-feed reference version: `derivedShare` of them businesses of
 * the reference, `lookalikeShare` businesses that are not in it but share a name with one that
 * is (in a town where no record of that name is), the rest unknown companies. Reproducible.
 */
export async function generateCardFeedSuppliers(options: {
  db: EngineDb;
  reference: ReferenceVersion;
  count: number;
  seed: string;
  mix: CardFeedMixName;
  derivedShare?: number;
  lookalikeShare?: number;
}): Promise<CardFeedSupplier[]> {
  const { db, reference, count, mix } = options;
  const r = new SeededRandom(`card-feed-buyer:${options.seed}`);
  const truth = sqlString(path.join(reference.dir, BUSINESSES_FILE));
  const merchants = sqlString(reference.merchantsPath);
  const businesses = await db.all<BusinessRow>(`
    WITH t AS (SELECT t.*, lower(t.trading_name) AS key, m.city AS record_city
      FROM read_parquet(${truth}) t JOIN read_parquet(${merchants}) m USING (merchant_id)),
    names AS (SELECT key, CAST(count(DISTINCT business_id) AS INTEGER) AS same_name,
      list(DISTINCT record_city ORDER BY record_city) AS towns FROM t GROUP BY key)
    SELECT business_id, any_value(business_kind) AS business_kind,
      any_value(business_name) AS business_name, any_value(trading_name) AS trading_name,
      any_value(address_line1) AS address_line1, any_value(t.city) AS city,
      any_value(postcode) AS postcode, any_value(country) AS country, any_value(tax_id) AS tax_id,
      list(DISTINCT noise ORDER BY noise) AS noises, CAST(count(*) AS INTEGER) AS records,
      any_value(names.same_name) AS same_name, any_value(names.towns) AS towns
    FROM t JOIN names USING (key) GROUP BY business_id ORDER BY business_id`);
  const derivedCount = Math.round(count * (options.derivedShare ?? 0.6));
  const lookalikeCount = Math.round(count * (options.lookalikeShare ?? 0.15));
  const unknownCount = count - derivedCount - lookalikeCount;

  const picked = new Set<number>();
  while (picked.size < Math.min(businesses.length, derivedCount))
    picked.add(r.int(businesses.length));
  const derived: Omit<CardFeedSupplier, 'supplierId'>[] = [...picked].map((i) => {
    const b = businesses[i]!;
    const tags = businessTags(b);
    const [name, nameTags] = apName(r, b.business_name, mix);
    tags.push(...nameTags);
    const site = apSite(
      r,
      { address: b.address_line1, city: b.city, postcode: b.postcode, country: b.country },
      tags,
      mix,
    );
    return {
      supplierName: name,
      ...site,
      taxId: b.tax_id && r.chance(0.2) ? taxIdVariant(r, b.tax_id) : null,
      expectedBusinessId: b.business_id,
      kind: 'derived',
      noise: tags.join('+'),
    };
  });

  // Look-alikes: the name of a reference business, in a town no record of that name is in.
  const lookalikes: Omit<CardFeedSupplier, 'supplierId'>[] = [];
  const ukTowns = UK_TOWNS.map(([town, area]) => ({ town, area }));
  for (let tries = 0; lookalikes.length < lookalikeCount && tries < lookalikeCount * 20; tries++) {
    const b = businesses[r.int(businesses.length)]!;
    // Only names that recur among unrelated businesses ("Northgate Bakery", "Oakwood Academy").
    if (!(b.business_kind === 'common-name' || b.business_kind === 'school' || b.same_name > 1))
      continue;
    if (b.business_kind === 'chain' || b.business_kind === 'public-body') continue;
    const taken = new Set(b.towns);
    let site: { address: string; city: string; postcode: string | null; country: string };
    if (b.country === 'GBR') {
      const free = ukTowns.filter((t) => !taken.has(t.town));
      if (free.length === 0) continue;
      const { town, area } = r.pick(free);
      const gbr = COUNTRY_PROFILES.find((c) => c.iso3 === 'GBR')!;
      site = {
        address: `${r.between(1, 300)} ${r.pick(['High Street', 'Station Road', 'Church Lane', 'Mill Road', 'Market Place'])}`,
        city: town,
        postcode: r.chance(0.8) ? gbr.postcode(r, area) : null,
        country: 'GBR',
      };
    } else {
      const profile = COUNTRY_PROFILES.find((c) => c.iso3 === b.country)!;
      const free = profile.cities.filter(([city]) => !taken.has(city));
      if (free.length === 0) continue;
      const [city, prefix] = r.pick(free);
      site = {
        address: `${r.between(1, 300)} Main Street`,
        city,
        postcode: r.chance(0.8) ? profile.postcode(r, prefix) : null,
        country: b.country,
      };
    }
    const tags = ['lookalike'];
    if (b.same_name > 1) tags.push('common-name');
    const [name, nameTags] = apName(r, b.business_name, mix);
    tags.push(...nameTags);
    lookalikes.push({
      supplierName: name,
      // A look-alike always says where it is: that is what tells it apart.
      addressLine1: r.chance(0.7) ? site.address : null,
      city: site.city,
      postcode: site.postcode,
      country: countryAsWritten(r, site.country),
      taxId: null,
      expectedBusinessId: null,
      kind: 'lookalike',
      noise: tags.join('+'),
    });
  }

  // Unknown companies: another seed's businesses whose names the reference does not hold.
  const known = new Set(businesses.map((b) => normalisedName(b.trading_name)));
  const unknown: Omit<CardFeedSupplier, 'supplierId'>[] = [];
  let lastBusiness = '';
  for (const { truth: t } of cardFeedRecords({
    seed: `unknown:${options.seed}`,
    count: unknownCount * 40,
    asOf: '2025-06-30',
    mix,
  })) {
    if (unknown.length >= unknownCount) break;
    if (t.business_id === lastBusiness) continue;
    lastBusiness = t.business_id;
    // A council, trust or charity of a place is the one the reference may hold under another
    // form of its name ("Wrexham University", "University of Wrexham"): not an unknown.
    if (!['company', 'common-name', 'chain'].includes(t.business_kind)) continue;
    if (known.has(normalisedName(t.trading_name))) continue;
    known.add(normalisedName(t.trading_name));
    const tags = ['unknown'];
    const [name, nameTags] = apName(r, t.business_name, mix);
    tags.push(...nameTags);
    unknown.push({
      supplierName: name,
      ...apSite(
        r,
        { address: t.address_line1, city: t.city, postcode: t.postcode, country: t.country },
        [],
        mix,
      ),
      taxId: t.tax_id && r.chance(0.2) ? t.tax_id : null,
      expectedBusinessId: null,
      kind: 'unknown',
      noise: tags.join('+'),
    });
  }

  const all = [...derived, ...lookalikes, ...unknown];
  for (let i = all.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all.map((s, i) => ({ supplierId: `S${String(i + 1).padStart(6, '0')}`, ...s }));
}

/** Labels beside the file: supplier id → expected business (empty when none), kind, tags. */
export function writeCardFeedLabels(file: string, suppliers: CardFeedSupplier[]): void {
  fs.writeFileSync(
    file,
    csvLine(['supplier_id', 'expected_business_id', 'kind', 'noise']) +
      suppliers.map((s) => csvLine([s.supplierId, s.expectedBusinessId, s.kind, s.noise])).join(''),
  );
}
