import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { csvLine } from '../csv-text.js';
import { REGISTERED_NAME_FORMS } from '../matching/registered-names.js';
import { streetAddress } from './addresses.js';
import {
  CHARITY_BRANDS,
  CHARITY_FORMS,
  COUNCIL_FORMS,
  NAME_HEADS,
  NAME_TAILS,
  PUBLIC_FORMS,
  SCHOOL_FIRST,
  SCHOOL_KINDS,
  TRADES,
  UK_TOWNS,
  type Trade,
} from './card-feed-names.js';
import { COUNTRY_PROFILES, type CountryProfile } from './country-profiles.js';
import { mccGroupOf } from './mcc.js';
import { CULTURE, GROUP_PROFILE, type MerchantRecord } from './merchant-factory.js';
import { brandName, CHAIN_WORDS, SURNAMES } from './name-parts.js';
import { SeededRandom } from './random.js';
import { MERCHANT_COLUMNS } from './reference-version.js';

/**
 * The card-feed style of the reference generator: merchant records as card networks deliver
 * them, several per real business. Public spend files matched against real procurement-card
 * merchant names showed what the classic style never produces: the same business once per card
 * feed in another letter case, with and without its legal suffix, once per location; descriptors
 * cut at the network's field length (22 or 25 characters) and upper-cased; processor prefixes
 * ("SQ *", "SUMUP *"); councils, NHS trusts, universities, schools and charity branches; common
 * names ("Northgate Bakery") shared by unrelated businesses in other towns. Tax ids are mostly
 * missing, as in real feeds.
 *
 * Each record keeps `MERCHANT_COLUMNS`; the truth (which business a record belongs to and what
 * kind of record it is) goes to `businesses.parquet` beside merchants.parquet, never into it, so
 * the matcher cannot see it. The benchmark (`bench/matching.bench.ts`) judges a match correct
 * when the chosen record belongs to the supplier's business.
 *
 * Two noise mixes exist. `dev` is for developing the matcher. `holdout` has other weights (more
 * truncated and prefixed descriptors, fewer canonical records, other shares of public bodies,
 * charities and common names) and is a held-out set: nobody tunes the matcher on it, so its
 * figures say how the matcher does on data it was not shaped for.
 */

export type ReferenceStyle = 'classic' | 'card-feed';

/**
 * Bumped whenever the card-feed output for a seed changes, so a cached benchmark version made
 * by an older generator is not taken for the current one.
 */
export const CARD_FEED_GENERATOR_VERSION = 5;
export type CardFeedMixName = 'dev' | 'holdout';

/** What a merchant record is, relative to its business's registered name and home site. */
export type RecordNoise =
  | 'canonical'
  | 'case-duplicate'
  | 'suffix-dropped'
  | 'truncated-22'
  | 'truncated-25'
  | 'processor-prefix'
  | 'location'
  | 'ampersand'
  | 'abbreviated';

export type BusinessKind =
  'company' | 'common-name' | 'chain' | 'public-body' | 'school' | 'charity' | 'charity-branch';

type Weights<T> = readonly (readonly [T, number])[];

export interface CardFeedMix {
  /** Kinds of business (a national charity is added before its first branch). */
  kinds: Weights<BusinessKind>;
  /** Share of companies and chains in the United Kingdom (the rest: other countries). */
  ukShare: number;
  /** Records beyond the first, for a business that is not a chain. */
  extraRecords: Weights<number>;
  /** Stores of a chain (records besides its head-office record). */
  chainStores: readonly [min: number, max: number];
  /** What the first record of a business is. */
  firstRecord: Weights<RecordNoise>;
  /** What each further record is. */
  extraRecord: Weights<RecordNoise>;
  /** Odds that a record carries its business's tax id: the registered record, any other. */
  taxIdOnCanonical: number;
  taxIdOnOther: number;
  /** How many distinct common names unrelated businesses share. */
  commonNamePool: number;
}

/** Noise mixes. The holdout mix is deliberately different and never tuned on. */
export const CARD_FEED_MIXES: Record<CardFeedMixName, CardFeedMix> = {
  dev: {
    kinds: [
      ['company', 52],
      ['common-name', 12],
      ['chain', 5],
      ['public-body', 8],
      ['school', 6],
      ['charity', 5],
      ['charity-branch', 8],
    ],
    ukShare: 0.75,
    extraRecords: [
      [0, 35],
      [1, 30],
      [2, 20],
      [3, 10],
      [4, 5],
    ],
    chainStores: [3, 15],
    firstRecord: [
      ['canonical', 55],
      ['case-duplicate', 12],
      ['suffix-dropped', 8],
      ['truncated-22', 12],
      ['truncated-25', 8],
      ['processor-prefix', 5],
      ['abbreviated', 4],
    ],
    extraRecord: [
      ['case-duplicate', 28],
      ['suffix-dropped', 12],
      ['truncated-22', 15],
      ['truncated-25', 12],
      ['processor-prefix', 8],
      ['location', 20],
      ['ampersand', 5],
      ['abbreviated', 6],
    ],
    taxIdOnCanonical: 0.35,
    taxIdOnOther: 0.1,
    commonNamePool: 3000,
  },
  holdout: {
    kinds: [
      ['company', 44],
      ['common-name', 15],
      ['chain', 4],
      ['public-body', 12],
      ['school', 7],
      ['charity', 6],
      ['charity-branch', 12],
    ],
    ukShare: 0.85,
    extraRecords: [
      [0, 25],
      [1, 30],
      [2, 25],
      [3, 12],
      [5, 8],
    ],
    chainStores: [2, 25],
    firstRecord: [
      ['canonical', 40],
      ['case-duplicate', 14],
      ['suffix-dropped', 8],
      ['truncated-22', 18],
      ['truncated-25', 10],
      ['processor-prefix', 10],
      ['abbreviated', 8],
    ],
    extraRecord: [
      ['case-duplicate', 22],
      ['suffix-dropped', 10],
      ['truncated-22', 20],
      ['truncated-25', 10],
      ['processor-prefix', 12],
      ['location', 18],
      ['ampersand', 8],
      ['abbreviated', 10],
    ],
    taxIdOnCanonical: 0.25,
    taxIdOnOther: 0.05,
    commonNamePool: 2000,
  },
};

/** The truth about one merchant record (a row of businesses.parquet). */
export interface CardFeedTruth {
  merchant_id: string;
  business_id: string;
  noise: RecordNoise;
  business_kind: BusinessKind;
  /** The registered name ("Kestrel Valley Garden Centre Ltd"), as an AP system holds it. */
  business_name: string;
  /** The name without its legal form ("Kestrel Valley Garden Centre"). */
  trading_name: string;
  /** A charity branch's national charity. */
  parent_business_id: string | null;
  /** The business's registered site and ids (whatever its records say). */
  address_line1: string | null;
  city: string;
  postcode: string | null;
  country: string;
  tax_id: string | null;
  mcc: string;
}

export const BUSINESS_COLUMNS = {
  merchant_id: 'VARCHAR',
  business_id: 'VARCHAR',
  noise: 'VARCHAR',
  business_kind: 'VARCHAR',
  business_name: 'VARCHAR',
  trading_name: 'VARCHAR',
  parent_business_id: 'VARCHAR',
  address_line1: 'VARCHAR',
  city: 'VARCHAR',
  postcode: 'VARCHAR',
  country: 'VARCHAR',
  tax_id: 'VARCHAR',
  mcc: 'VARCHAR',
} as const satisfies Record<keyof CardFeedTruth, string>;

export const BUSINESSES_FILE = 'businesses.parquet';

interface Site {
  address: string | null;
  city: string;
  postcode: string | null;
}

interface Business {
  id: string;
  kind: BusinessKind;
  legalName: string;
  tradingName: string;
  /** A chain's brand, for its store descriptors. */
  brand: string | null;
  country: CountryProfile;
  home: Site;
  mcc: string;
  taxId: string | null;
  parentId: string | null;
  /** Small businesses take cards through SumUp, Square, iZettle… */
  small: boolean;
  /** Acceptance odds of its MCC group (`GROUP_PROFILE`). */
  odds: readonly [number, number, number, number];
  /** Another site of it (a public body's: in its county; a school has only its home). */
  otherSite: () => Site;
}

const GBR = COUNTRY_PROFILES.find((c) => c.iso3 === 'GBR')!;
const ABROAD = COUNTRY_PROFILES.filter((c) => c.iso3 !== 'GBR');
const ABROAD_WEIGHTS = ABROAD.map((c) => [c, c.weight] as const);
const PROCESSORS = ['SQ *', 'SQ*', 'PAYPAL *', 'SP ', 'TST* ', 'SUMUP *', 'IZ *', 'ZETTLE_*'];
const SMALL_MCC = new Set([
  '5261',
  '5462',
  '5814',
  '5812',
  '5813',
  '5499',
  '5411',
  '5992',
  '5942',
  '7230',
  '7221',
  '7216',
  '0780',
  '7349',
  '4121',
]);

const PUBLIC_FORM_WEIGHTS = PUBLIC_FORMS.map(
  ([form, kind, mcc, w]) => [[form, kind, mcc] as const, w] as const,
);
/** How card descriptors shorten long names (applied in order, each at most once). */
const DESCRIPTOR_ABBREVIATIONS: readonly (readonly [RegExp, string])[] = [
  [/Metropolitan Borough Council$/, 'MBC'],
  [/County Council$/, 'CC'],
  [/City Council$/, 'CC'],
  [/Borough Council$/, 'BC'],
  [/District Council$/, 'DC'],
  [/Town Council$/, 'TC'],
  [/NHS Foundation Trust$/, 'NHS FT'],
  [/Teaching Hospitals/, 'TH'],
  [/Fire and Rescue Service$/, 'FRS'],
  [/^University of (.+)$/, '$1 UNI'],
  [/^Citizens Advice/, 'CAB'],
  [/ Services\b/, ' SVCS'],
  [/ Centre\b/, ' CTR'],
  [/ Limited$/, ' LTD'],
  [/ Primary School$/, ' PRIMARY SCH'],
  [/ Community School$/, ' COMM SCH'],
];

const fill = (form: string, place: string) => form.replace('{}', place);
const withSuffix = (name: string, suffix: string) => (suffix ? `${name} ${suffix}` : name);

/** A bijection of 0…10⁹-1, so merchant ids are not in business order. */
const scrambledId = (i: number) =>
  `M${String((i * 387_420_489 + 7_654_321) % 1e9).padStart(9, '0')}`;

export interface CardFeedRecord {
  merchant: MerchantRecord;
  truth: CardFeedTruth;
}

/**
 * Card-feed records, reproducibly for a seed and mix: businesses one after another, each
 * written as one or more merchant records, until `count` records exist.
 */
export function* cardFeedRecords(options: {
  seed: string | number;
  count: number;
  asOf: string;
  mix: CardFeedMixName;
}): Generator<CardFeedRecord> {
  const mix = CARD_FEED_MIXES[options.mix];
  const r = new SeededRandom(`card-feed:${options.mix}:${options.seed}`);
  const asOf = Date.parse(`${options.asOf}T00:00:00Z`);
  const usedNames = new Set<string>();
  const commonNames = new Map<number, { name: string; trade: Trade }>();
  const commonTowns = new Map<number, Set<string>>();
  const nationals = new Map<string, Business>();
  // Names of public bodies and charities are unique; once (nearly) all are taken, a large set
  // gets schools, local charities and common names instead.
  const exhausted = new Set<BusinessKind>();
  let businessCount = 0;
  let recordCount = 0;

  const ukTown = () => r.pick(UK_TOWNS);
  const ukSite = (town = ukTown()): Site => ({
    address: r.chance(0.95) ? streetAddress(r, 'en') : null,
    city: town[0],
    postcode: r.chance(0.93) ? GBR.postcode(r, town[1]) : null,
  });
  const abroadSite = (country: CountryProfile): Site => {
    const [city, prefix] = r.pick(country.cities);
    return {
      address: r.chance(0.95) ? streetAddress(r, country.street) : null,
      city,
      postcode: r.chance(0.93) ? country.postcode(r, prefix) : null,
    };
  };
  const siteIn = (country: CountryProfile) => (country === GBR ? ukSite() : abroadSite(country));
  const countyTowns = (county: string) => UK_TOWNS.filter((t) => t[2] === county);
  const surname = (country: CountryProfile) => r.pick(SURNAMES[CULTURE[country.iso3] ?? 'en']!);
  const nextId = () => `B${String(++businessCount).padStart(8, '0')}`;

  /**
   * The legal form a new business of this name gets: none when its country's register refuses
   * a name already on it (REGISTERED_NAME_FORMS) and another business holds the name. Unrelated
   * businesses still share trading names ("Northgate Bakery" in several towns), but only one of
   * them is "Northgate Bakery Ltd"; the others trade under the name without being that company.
   */
  const registeredNames = new Set<string>();
  function registeredSuffix(country: CountryProfile, tradingName: string, suffix: string) {
    if (!suffix || !(country.iso3 in REGISTERED_NAME_FORMS)) return suffix;
    // Compared as Companies House compares names: without "the", "&" as "and", no punctuation.
    const sameAs = tradingName
      .normalize('NFD')
      .toLowerCase()
      .replace(/^the\s+/, '')
      .replace(/&/g, 'and')
      .replace(/[^a-z0-9]+/g, '');
    const name = `${country.iso3}|${sameAs}`;
    if (registeredNames.has(name)) return '';
    registeredNames.add(name);
    return suffix;
  }

  function business(
    kind: BusinessKind,
    tradingName: string,
    suffix: string,
    country: CountryProfile,
    home: Site,
    mcc: string,
    extra: Partial<Business> = {},
  ): Business {
    return {
      id: nextId(),
      kind,
      legalName: withSuffix(tradingName, registeredSuffix(country, tradingName, suffix)),
      tradingName,
      brand: null,
      country,
      home,
      mcc,
      taxId: r.chance(kind === 'school' ? 0.3 : 0.8) ? country.taxId(r) : null,
      parentId: null,
      small: SMALL_MCC.has(mcc) || kind === 'charity' || kind === 'charity-branch',
      odds: GROUP_PROFILE[mccGroupOf(Number(mcc))].odds,
      otherSite: () => siteIn(country),
      ...extra,
    };
  }

  function company(): Business {
    const country = r.chance(mix.ukShare) ? GBR : r.weighted(ABROAD_WEIGHTS);
    const [words, mcc] = r.pick(TRADES);
    const home = siteIn(country);
    const pattern = r.weighted([
      ['head-tail', 30],
      ['surname', 18],
      ['two-surnames', 8],
      ['sons', 4],
      ['town', 15],
      ['head', 15],
      ['brand', 10],
    ] as const);
    const base =
      pattern === 'head-tail'
        ? `${r.pick(NAME_HEADS)} ${r.pick(NAME_TAILS)} ${words}`
        : pattern === 'surname'
          ? `${surname(country)} ${words}`
          : pattern === 'two-surnames'
            ? `${surname(country)} ${r.chance(0.7) ? '&' : 'and'} ${surname(country)}${r.chance(0.6) ? ` ${words}` : ''}`
            : pattern === 'sons'
              ? `${surname(country)} ${r.chance(0.7) ? '&' : 'and'} Sons ${words}`
              : pattern === 'town'
                ? `${home.city} ${words}`
                : pattern === 'head'
                  ? `${r.pick(NAME_HEADS)} ${words}`
                  : `${brandName((x) => r.pick(x))} ${words}`;
    return business('company', base, r.weighted(country.suffixes), country, home, mcc);
  }

  /** "Northgate Bakery": the same name, unrelated businesses, never two in one town. */
  function commonName(): Business {
    const k = Math.floor(mix.commonNamePool * r.next() ** 1.5);
    let entry = commonNames.get(k);
    if (!entry) {
      const cr = new SeededRandom(`card-feed:${options.seed}:common:${k}`);
      const trade = cr.pick(TRADES);
      const head = cr.chance(0.5) ? cr.pick(NAME_HEADS) : cr.pick(UK_TOWNS)[0];
      entry = { name: `${cr.chance(0.15) ? 'The ' : ''}${head} ${trade[0]}`, trade };
      commonNames.set(k, entry);
    }
    const towns = commonTowns.get(k) ?? new Set<string>();
    commonTowns.set(k, towns);
    let town = ukTown();
    for (let tries = 0; towns.has(town[0]) && tries < 20; tries++) town = ukTown();
    towns.add(town[0]);
    // Unrelated businesses: often another line of trade under the same name.
    const mcc = r.chance(0.6) ? entry.trade[1] : r.pick(TRADES)[1];
    const suffix = r.weighted([
      ['', 50],
      ['Ltd', 35],
      ['Limited', 15],
    ] as const);
    return business('common-name', entry.name, suffix, GBR, ukSite(town), mcc);
  }

  function chain(): Business {
    const country = r.chance(mix.ukShare) ? GBR : r.weighted(ABROAD_WEIGHTS);
    const [words, mcc] = r.pick(TRADES);
    const brand = r.chance(0.5)
      ? brandName((x) => r.pick(x))
      : `${r.pick(NAME_HEADS)}${r.chance(0.5) ? ` ${r.pick(CHAIN_WORDS)}` : ''}`;
    const trading = `${brand} ${r.chance(0.6) ? words : r.pick(CHAIN_WORDS)}`;
    return business('chain', trading, r.weighted(country.suffixes), country, siteIn(country), mcc, {
      brand,
      small: false,
    });
  }

  /** Councils, NHS trusts, universities, colleges: one of each name in the country. */
  function publicBody(): Business {
    for (let tries = 0; tries < 30 && !exhausted.has('public-body'); tries++) {
      const council = r.chance(0.55);
      const town = ukTown();
      let name: string;
      let key: string;
      let mcc = '9399';
      if (council) {
        const form = r.weighted(COUNCIL_FORMS);
        const county = form.startsWith('{} County');
        name = fill(form, county ? town[2] : town[0]);
        key = county ? `county-council|${town[2]}` : `council|${town[0]}`;
      } else {
        const [form, kind, code] = r.weighted(PUBLIC_FORM_WEIGHTS);
        name = fill(form, town[0]);
        key = `${kind}|${town[0]}`;
        mcc = code;
      }
      // One council, hospital trust, university… per place, as in life.
      if (usedNames.has(key)) continue;
      usedNames.add(key);
      const county = town[2];
      const towns = countyTowns(county);
      return business('public-body', name, '', GBR, ukSite(town), mcc, {
        small: false,
        taxId: r.chance(0.6) ? GBR.taxId(r) : null,
        otherSite: () => ukSite(r.pick(towns)),
      });
    }
    exhausted.add('public-body');
    return school();
  }

  /** Schools: the same names in many towns, one site each. */
  function school(): Business {
    const town = ukTown();
    let name = `${r.pick(SCHOOL_FIRST)} ${r.pick(SCHOOL_KINDS)}`;
    if (usedNames.has(`${name}|${town[0]}`)) name = `${name}, ${town[0]}`;
    usedNames.add(`${name}|${town[0]}`);
    const home = ukSite(town);
    return business('school', name, '', GBR, home, r.chance(0.8) ? '8211' : '8299', {
      small: false,
      otherSite: () => home,
    });
  }

  /** An independent local charity: "Harrogate Hospice", "Morpeth Foodbank". */
  function charity(): Business {
    for (let tries = 0; tries < 30 && !exhausted.has('charity'); tries++) {
      const town = ukTown();
      const name = `${town[0]} ${r.pick(CHARITY_FORMS)}`;
      if (usedNames.has(name)) continue;
      usedNames.add(name);
      return business('charity', name, r.chance(0.2) ? 'Ltd' : '', GBR, ukSite(town), '8398', {
        taxId: r.chance(0.3) ? GBR.taxId(r) : null,
      });
    }
    exhausted.add('charity');
    return commonName();
  }

  /** A national charity's branch, a charity of its own: "Age UK Northumberland". */
  function charityBranch(): Business[] {
    for (let tries = 0; tries < 30 && !exhausted.has('charity-branch'); tries++) {
      const brand = r.pick(CHARITY_BRANDS);
      const town = ukTown();
      const area = r.chance(0.5) ? town[2] : town[0];
      // "Mind in Harrogate", "Age UK Northumberland": the brand names the pattern.
      const name = `${brand} ${area}`;
      if (usedNames.has(name)) continue;
      usedNames.add(name);
      const out: Business[] = [];
      let national = nationals.get(brand);
      if (!national) {
        const nationalName = brand.replace(/ (in|of|for)$/, '');
        national = business('charity', nationalName, '', GBR, ukSite(), '8398', {
          small: false,
          taxId: r.chance(0.5) ? GBR.taxId(r) : null,
        });
        usedNames.add(nationalName);
        nationals.set(brand, national);
        out.push(national);
      }
      const towns = countyTowns(town[2]);
      out.push(
        business('charity-branch', name, r.chance(0.15) ? 'Ltd' : '', GBR, ukSite(town), '8398', {
          parentId: national.id,
          taxId: r.chance(0.3) ? GBR.taxId(r) : null,
          otherSite: () => ukSite(r.pick(towns)),
        }),
      );
      return out;
    }
    exhausted.add('charity-branch');
    return [charity()];
  }

  function nextBusinesses(): Business[] {
    switch (r.weighted(mix.kinds)) {
      case 'company':
        return [company()];
      case 'common-name':
        return [commonName()];
      case 'chain':
        return [chain()];
      case 'public-body':
        return [publicBody()];
      case 'school':
        return [school()];
      case 'charity':
        return [charity()];
      case 'charity-branch':
        return charityBranch();
    }
  }

  /** The name on one record of a business, and what kind of record that makes it. */
  function render(b: Business, wanted: RecordNoise, site: Site) {
    let noise = wanted;
    let name = b.legalName;
    let dba: string | null = null;
    const upper = b.legalName.toUpperCase();
    switch (wanted) {
      case 'canonical':
        dba = r.chance(0.2) ? b.tradingName.toUpperCase() : null;
        break;
      case 'case-duplicate':
        name = upper;
        break;
      case 'suffix-dropped':
        if (b.tradingName === b.legalName) {
          name = upper;
          noise = 'case-duplicate';
        } else name = r.chance(0.5) ? b.tradingName.toUpperCase() : b.tradingName;
        break;
      case 'truncated-22':
      case 'truncated-25': {
        const width = wanted === 'truncated-22' ? 22 : 25;
        const source = r.chance(0.6) ? b.tradingName.toUpperCase() : upper;
        if (source.length > width) name = source.slice(0, width).trimEnd();
        else {
          name = source;
          noise = source === upper ? 'case-duplicate' : 'suffix-dropped';
        }
        break;
      }
      case 'processor-prefix': {
        if (!b.small) return render(b, r.chance(0.5) ? 'truncated-22' : 'truncated-25', site);
        const prefix = r.pick(PROCESSORS);
        const core = r.chance(0.3) ? b.tradingName.replace(/ /g, '') : b.tradingName;
        name = `${prefix}${core.toUpperCase()}`.slice(0, r.chance(0.6) ? 22 : 25).trimEnd();
        break;
      }
      case 'location':
        if (b.brand) {
          name = r.chance(0.6) ? b.legalName : b.brand.toUpperCase();
          dba = `${b.brand.toUpperCase()} #${r.between(1, 9999)} ${site.city.toUpperCase()}`
            .slice(0, 25)
            .trimEnd();
        } else name = r.chance(0.5) ? upper : b.legalName;
        break;
      case 'ampersand':
        if (b.legalName.includes(' & ')) name = b.legalName.replace(/ & /g, ' and ');
        else if (b.legalName.includes(' and ')) name = b.legalName.replace(/ and /g, ' & ');
        else {
          name = upper;
          noise = 'case-duplicate';
        }
        if (noise === 'ampersand' && r.chance(0.5)) name = name.toUpperCase();
        break;
      case 'abbreviated': {
        // "NORTHUMBERLAND CC", "LEEDS TEACHING HOSPITALS NHS FT": a descriptor someone shortened.
        let short = b.legalName;
        for (const [pattern, replacement] of DESCRIPTOR_ABBREVIATIONS)
          short = short.replace(pattern, replacement);
        if (short === b.legalName) {
          name = upper;
          noise = 'case-duplicate';
        } else name = short.toUpperCase().slice(0, 25).trimEnd();
        break;
      }
    }
    return { name, dba, noise };
  }

  const dates = new Map<number, string>();
  const dateOf = (daysAgo: number) => {
    let date = dates.get(daysAgo);
    if (date === undefined) {
      date = new Date(asOf - daysAgo * 86_400_000).toISOString().slice(0, 10);
      dates.set(daysAgo, date);
    }
    return date;
  };

  function cardFields(
    b: Business,
    index: number,
    site: Site,
    noise: RecordNoise,
    name: string,
    dba: string | null,
  ): MerchantRecord {
    const odds = b.odds;
    const acceptsVirtualCard = r.chance(b.brand ? Math.min(0.95, odds[0] + 0.15) : odds[0]);
    const level = r.next();
    const active = r.chance(0.9);
    const daysAgo = active ? Math.floor(-Math.log(1 - r.next()) * 30) : r.between(180, 1100);
    const keepsTaxId = r.chance(noise === 'canonical' ? mix.taxIdOnCanonical : mix.taxIdOnOther);
    return {
      merchant_id: scrambledId(index),
      merchant_name: name,
      dba_name: dba,
      address_line1: site.address,
      city: site.city,
      postcode: site.postcode,
      country: b.country.iso3,
      tax_id: keepsTaxId ? b.taxId : null,
      mcc: b.mcc,
      accepts_card: r.chance(0.97),
      accepts_virtual_card: acceptsVirtualCard,
      stp_enrolled: acceptsVirtualCard && r.chance(odds[1]),
      data_level: level < odds[3] ? 3 : level < odds[3] + odds[2] ? 2 : 1,
      last_transaction_date: dateOf(daysAgo),
      network: r.chance(0.55) ? 'Visa' : 'Mastercard',
    };
  }

  /** A site as one more record gives it: the same place, now and then without its street. */
  const sameSite = (site: Site): Site =>
    r.chance(0.1)
      ? { ...site, address: null }
      : r.chance(0.08)
        ? { ...site, postcode: null }
        : site;

  while (recordCount < options.count) {
    for (const b of nextBusinesses()) {
      const plan: RecordNoise[] = [r.weighted(mix.firstRecord)];
      if (b.brand) {
        for (let i = r.between(...mix.chainStores); i > 0; i--) plan.push('location');
        if (r.chance(0.5)) plan.push(r.weighted(mix.extraRecord));
      } else {
        for (let i = r.weighted(mix.extraRecords); i > 0; i--)
          plan.push(r.weighted(mix.extraRecord));
      }
      for (const planned of plan) {
        if (recordCount >= options.count) return;
        const wanted = planned === 'location' && b.kind === 'school' ? 'case-duplicate' : planned;
        const site = wanted === 'location' ? b.otherSite() : sameSite(b.home);
        const { name, dba, noise } = render(b, wanted, site);
        const merchant = cardFields(b, recordCount, site, noise, name, dba);
        recordCount++;
        yield {
          merchant,
          truth: {
            merchant_id: merchant.merchant_id,
            business_id: b.id,
            noise,
            business_kind: b.kind,
            business_name: b.legalName,
            trading_name: b.tradingName,
            parent_business_id: b.parentId,
            address_line1: b.home.address,
            city: b.home.city,
            postcode: b.home.postcode,
            country: b.country.iso3,
            tax_id: b.taxId,
            mcc: b.mcc,
          },
        };
      }
    }
  }
}

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/** One CSV line, as `csvLine` writes it (quoted when needed), in one pass per field. */
function fastCsvLine(values: readonly (string | number | boolean | null)[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) line += ',';
    if (v === null) continue;
    if (typeof v !== 'string') line += String(v);
    else line += NEEDS_QUOTES.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
  }
  return `${line}\n`;
}

/**
 * Streams card-feed records to two CSV files (merchants with `MERCHANT_COLUMNS`, the truth with
 * `BUSINESS_COLUMNS`); returns the SHA-256 of the merchants' text and the number of businesses.
 */
export async function writeCardFeedCsv(options: {
  merchantsCsv: string;
  businessesCsv: string;
  seed: string | number;
  count: number;
  asOf: string;
  mix: CardFeedMixName;
}): Promise<{ contentHash: string; businessCount: number }> {
  const merchantColumns = Object.keys(MERCHANT_COLUMNS) as (keyof typeof MERCHANT_COLUMNS)[];
  const truthColumns = Object.keys(BUSINESS_COLUMNS) as (keyof CardFeedTruth)[];
  const tailColumns = truthColumns.slice(3);
  const hash = createHash('sha256');
  const merchants = fs.createWriteStream(options.merchantsCsv);
  const truth = fs.createWriteStream(options.businessesCsv);
  // The content hash is of the merchants' text (the truth follows from the same seed and mix).
  const write = async (out: fs.WriteStream, text: string) => {
    const bytes = Buffer.from(text);
    if (out === merchants) hash.update(bytes);
    if (!out.write(bytes)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  };
  let businessCount = 0;
  try {
    await write(merchants, csvLine(merchantColumns));
    await write(truth, csvLine(truthColumns));
    let m = '';
    let t = '';
    // A business's records come one after another: its part of the truth line is made once.
    let business = '';
    let tail = '';
    for (const record of cardFeedRecords(options)) {
      const { truth: row } = record;
      m += fastCsvLine(merchantColumns.map((c) => record.merchant[c]));
      if (row.business_id !== business) {
        business = row.business_id;
        businessCount++;
        tail = fastCsvLine(tailColumns.map((c) => row[c]));
      }
      t += `${row.merchant_id},${row.business_id},${row.noise},${tail}`;
      if (m.length > 1 << 18) {
        await write(merchants, m);
        await write(truth, t);
        m = '';
        t = '';
      }
    }
    await write(merchants, m);
    await write(truth, t);
  } finally {
    await Promise.all(
      [merchants, truth].map(
        (out) =>
          new Promise<void>((resolve, reject) =>
            out.end((e?: Error | null) => (e ? reject(e) : resolve())),
          ),
      ),
    );
  }
  return { contentHash: hash.digest('hex'), businessCount };
}
