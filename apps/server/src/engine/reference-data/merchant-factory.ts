import { streetAddress } from './addresses.js';
import { COUNTRY_PROFILES, type CountryProfile } from './country-profiles.js';
import { loadMccCodes, MCC_GROUPS, type MccCode, type MccGroup } from './mcc.js';
import {
  brandName,
  CHAIN_WORDS,
  DESCRIPTIVE,
  INDUSTRY_WORDS,
  PLACE_WORDS,
  SURNAMES,
} from './name-parts.js';
import { SeededRandom } from './random.js';

/** One row of the card acceptance database (DOMAIN.md "Reference data"). */
export interface MerchantRecord {
  merchant_id: string;
  merchant_name: string;
  dba_name: string | null;
  address_line1: string | null;
  city: string;
  postcode: string | null;
  country: string;
  tax_id: string | null;
  mcc: string;
  accepts_card: boolean;
  accepts_virtual_card: boolean;
  stp_enrolled: boolean;
  data_level: 1 | 2 | 3;
  last_transaction_date: string;
  network: 'Visa' | 'Mastercard';
}

/** Share of merchants per MCC group, and acceptance odds: [virtual card, STP | VC, L2, L3]. */
export const GROUP_PROFILE: Record<
  MccGroup,
  { weight: number; odds: [number, number, number, number] }
> = {
  'Agricultural and contracted services': { weight: 6, odds: [0.35, 0.25, 0.35, 0.15] },
  Airlines: { weight: 1, odds: [0.85, 0.1, 0.6, 0.05] },
  'Car rental': { weight: 1, odds: [0.8, 0.1, 0.6, 0.05] },
  Lodging: { weight: 4, odds: [0.85, 0.15, 0.5, 0.05] },
  Transportation: { weight: 6, odds: [0.5, 0.3, 0.45, 0.15] },
  'Utilities and telecom': { weight: 2, odds: [0.3, 0.35, 0.5, 0.05] },
  'Retail outlets': { weight: 22, odds: [0.55, 0.35, 0.4, 0.35] },
  Clothing: { weight: 3, odds: [0.35, 0.15, 0.35, 0.1] },
  'Miscellaneous stores': { weight: 18, odds: [0.4, 0.2, 0.4, 0.2] },
  'Business services': { weight: 23, odds: [0.6, 0.4, 0.4, 0.3] },
  'Professional services and membership organisations': {
    weight: 12,
    odds: [0.4, 0.3, 0.35, 0.1],
  },
  Government: { weight: 2, odds: [0.25, 0.1, 0.6, 0.05] },
};

export const CULTURE: Record<string, keyof typeof SURNAMES> = {
  DEU: 'de',
  AUT: 'de',
  CHE: 'de',
  FRA: 'fr',
  BEL: 'fr',
  NLD: 'nl',
  ESP: 'es',
  MEX: 'es',
  PRT: 'es',
  BRA: 'es',
  ITA: 'it',
  SWE: 'nordic',
  NOR: 'nordic',
  DNK: 'nordic',
  POL: 'pl',
  JPN: 'ja',
};
const GENERIC_BRAND = /^(airlines|hotels|lodging|car rental|automobile rental|motels)|^$/i;

const titleCase = (s: string) =>
  s.toLowerCase().replace(/(^|[\s\-/(])([a-z])/g, (_, a: string, b: string) => a + b.toUpperCase());

interface Chain {
  name: string;
  brand: string;
  country: CountryProfile;
  mcc: MccCode;
  taxId: string | null;
}

/**
 * Makes merchants one by one, reproducibly: call it with 0, 1, 2, … in order. Chains (one legal
 * name, many outlets with store-numbered DBA names) and brand-specific MCCs (3000–3999) are
 * drawn from pools derived from the seed, so look-alike names exist as they do in real data.
 */
export function createMerchantFactory(options: {
  seed: string | number;
  count: number;
  /** Date the data set describes (ISO); last transaction dates fall before it. */
  asOf: string;
}): (index: number) => MerchantRecord {
  const r = new SeededRandom(options.seed);
  const codes = loadMccCodes();
  const byGroup = new Map<MccGroup, MccCode[]>(
    MCC_GROUPS.map((g) => [g.group, codes.filter((c) => c.group === g.group)]),
  );
  const groupWeights = MCC_GROUPS.map((g) => [g.group, GROUP_PROFILE[g.group].weight] as const);
  const countryWeights = COUNTRY_PROFILES.map((c) => [c, c.weight] as const);
  const chainCount = Math.max(20, Math.round(options.count / 120));
  const chains = new Map<number, Chain>();
  const asOf = Date.parse(`${options.asOf}T00:00:00Z`);

  const surname = (country: CountryProfile, rr: SeededRandom) =>
    rr.pick(SURNAMES[CULTURE[country.iso3] ?? 'en']!);
  const industry = (mcc: MccCode, rr: SeededRandom) => rr.pick(INDUSTRY_WORDS[mcc.group]);
  const suffix = (country: CountryProfile, rr: SeededRandom) => rr.weighted(country.suffixes);
  const withSuffix = (name: string, s: string) => (s ? `${name} ${s}` : name);

  function chainAt(k: number): Chain {
    let chain = chains.get(k);
    if (!chain) {
      const cr = new SeededRandom(`${options.seed}:chain:${k}`);
      const country = cr.weighted(countryWeights);
      const mcc = cr.pick(byGroup.get(cr.weighted(groupWeights))!);
      const brand =
        GENERIC_BRAND.test(mcc.description) || mcc.group !== 'Lodging'
          ? `${cr.chance(0.5) ? brandName((x) => cr.pick(x)) : cr.pick(DESCRIPTIVE)}${cr.chance(0.5) ? ` ${cr.pick(CHAIN_WORDS)}` : ''}`
          : titleCase(mcc.description.replace(/\s*\(.*\)\s*/g, ''));
      const name = withSuffix(
        `${brand} ${cr.chance(0.5) ? industry(mcc, cr) : ''}`.trim(),
        suffix(country, cr),
      );
      chain = { name, brand, country, mcc, taxId: cr.chance(0.8) ? country.taxId(cr) : null };
      chains.set(k, chain);
    }
    return chain;
  }

  function independentName(country: CountryProfile, mcc: MccCode): string {
    if (mcc.mcc >= '3000' && mcc.mcc < '4000' && !GENERIC_BRAND.test(mcc.description)) {
      return withSuffix(
        titleCase(mcc.description.replace(/\s*\(.*\)\s*/g, '')),
        suffix(country, r),
      );
    }
    const pattern = r.weighted([
      ['surname', 30],
      ['two-surnames', 8],
      ['place', 17],
      ['brand', 22],
      ['acronym', 8],
      ['descriptive', 15],
    ] as const);
    const word = industry(mcc, r);
    const base =
      pattern === 'surname'
        ? `${surname(country, r)}${r.chance(0.12) ? ' & Sons' : ''} ${word}`
        : pattern === 'two-surnames'
          ? `${surname(country, r)} & ${surname(country, r)}${r.chance(0.5) ? ` ${word}` : ''}`
          : pattern === 'place'
            ? `${r.pick(PLACE_WORDS)} ${word}`
            : pattern === 'brand'
              ? `${brandName((x) => r.pick(x))}${r.chance(0.7) ? ` ${word}` : ''}`
              : pattern === 'acronym'
                ? `${r.letters(r.between(2, 4))} ${word}`
                : `${r.pick(DESCRIPTIVE)} ${word}`;
    return withSuffix(base, suffix(country, r));
  }

  return (index: number): MerchantRecord => {
    const isChain = r.chance(0.1);
    const chain = isChain ? chainAt(Math.floor(chainCount * r.next() ** 2)) : undefined;
    const country = chain?.country ?? r.weighted(countryWeights);
    const mcc = chain?.mcc ?? r.pick(byGroup.get(r.weighted(groupWeights))!);
    const name = chain?.name ?? independentName(country, mcc);
    const [city, prefix] = r.pick(country.cities);
    const odds = GROUP_PROFILE[mcc.group].odds;
    const acceptsVirtualCard = r.chance(chain ? Math.min(0.95, odds[0] + 0.15) : odds[0]);
    const level = r.next();
    const active = r.chance(0.9);
    const daysAgo = active ? Math.floor(-Math.log(1 - r.next()) * 30) : r.between(180, 1100);
    let dba: string | null = null;
    if (chain) {
      dba = `${chain.brand.toUpperCase()} #${r.between(1, 9999)} ${city.toUpperCase()}`.slice(
        0,
        25,
      );
    } else if (r.chance(0.3)) {
      const plain = name.replace(/\s+\S+$/, '');
      dba = r.weighted([
        [plain, 50],
        [name.toUpperCase().slice(0, 22), 35],
        [`${brandName((x) => r.pick(x))} ${industry(mcc, r)}`, 15],
      ]);
    }
    return {
      merchant_id: `M${String(index + 1).padStart(9, '0')}`,
      merchant_name: name,
      dba_name: dba,
      address_line1: r.chance(0.97) ? streetAddress(r, country.street) : null,
      city,
      postcode: r.chance(0.96) ? country.postcode(r, prefix) : null,
      country: country.iso3,
      tax_id: chain ? chain.taxId : r.chance(0.7) ? country.taxId(r) : null,
      mcc: mcc.mcc,
      accepts_card: r.chance(0.97),
      accepts_virtual_card: acceptsVirtualCard,
      stp_enrolled: acceptsVirtualCard && r.chance(odds[1]),
      data_level: level < odds[3] ? 3 : level < odds[3] + odds[2] ? 2 : 1,
      last_transaction_date: new Date(asOf - daysAgo * 86_400_000).toISOString().slice(0, 10),
      network: r.chance(0.55) ? 'Visa' : 'Mastercard',
    };
  };
}
