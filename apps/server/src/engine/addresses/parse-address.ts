import { ADDRESS_PARSER_COUNTRIES, type AddressComponents } from '@b2b/contract';
import {
  type AddressCountry,
  COUNTRY_BY_NAME,
  FRENCH_WORDS,
  GERMAN_WORDS,
  IE_COUNTIES,
  NL_PROVINCES,
  PO_BOX,
  POSTCODE_COUNTRY_PREFIX,
  STREET_ENDINGS,
  STREET_PREFIXES,
  STREET_SUFFIXES,
  UK_COUNTIES,
  UK_COUNTY_TOWNS,
  UNIT_WORDS,
  US_STATES,
  foldKey,
} from './address-data.js';

/** Where the country came from: written in the address, read from the postcode, or assumed. */
export type CountrySource = 'explicit' | 'postcode' | 'default' | 'none';
export type ParsedAddress = { components: AddressComponents; countrySource: CountrySource };

export function isAddressCountry(code: string): code is AddressCountry {
  return (ADDRESS_PARSER_COUNTRIES as readonly string[]).includes(code);
}

/** A postcode found in a segment: where it is, its canonical form and what it says. */
type PostcodeHit = {
  segment: number;
  start: number;
  end: number;
  postcode: string;
  /** A country the shape proves; 'DE|FR' for five digits, told apart later. */
  country: AddressCountry | 'DE|FR';
  /** US state written just before the ZIP code. */
  state?: string;
  /** How sure the shape is when several match at the same place (higher wins). */
  rank: number;
};

type Pattern = {
  countries: readonly (AddressCountry | 'DE|FR' | 'US-only')[];
  regex: RegExp;
  rank: number;
  hit: (m: RegExpExecArray) => Omit<PostcodeHit, 'segment' | 'start' | 'end' | 'rank'> | null;
};

const PATTERNS: Pattern[] = [
  {
    countries: ['DE', 'FR', 'NL'],
    regex: /\b(D|DE|F|FR|NL)-(\d{5}|[1-9]\d{3}\s?[A-Z]{2})\b/g,
    rank: 6,
    hit: (m) => {
      const country = POSTCODE_COUNTRY_PREFIX[m[1]!]!;
      const code = m[2]!.replace(/\s/g, '');
      if (country === 'NL' && code.length !== 6) return null;
      if (country !== 'NL' && code.length !== 5) return null;
      return {
        country,
        postcode: country === 'NL' ? `${code.slice(0, 4)} ${code.slice(4)}` : code,
      };
    },
  },
  {
    countries: ['US'],
    regex: /\b([A-Z]{2})\.?,?\s+(\d{5})(?:\s?-\s?(\d{4}))?\b/g,
    rank: 5,
    hit: (m) =>
      US_STATES.has(m[1]!)
        ? { country: 'US', state: m[1]!, postcode: m[3] ? `${m[2]}-${m[3]}` : m[2]! }
        : null,
  },
  {
    countries: ['IE'],
    regex: /\b([AC-FHKNPRTV-Y]\d{2}|D6W)\s?([AC-FHKNPRTV-Y0-9]{4})\b/g,
    rank: 4,
    // The unique part mixes letters and digits; four digits alone are a house number.
    hit: (m) => (/[A-Z]/.test(m[2]!) ? { country: 'IE', postcode: `${m[1]} ${m[2]}` } : null),
  },
  {
    countries: ['GB'],
    regex: /\b([A-Z]{1,2}\d[A-Z\d]?)\s?(\d[ABD-HJLNP-UW-Z]{2})\b/g,
    rank: 3,
    hit: (m) => ({ country: 'GB', postcode: `${m[1]} ${m[2]}` }),
  },
  {
    countries: ['NL'],
    regex: /\b([1-9]\d{3})\s?([A-Z]{2})\b/g,
    rank: 2,
    hit: (m) =>
      ['SA', 'SD', 'SS'].includes(m[2]!) ? null : { country: 'NL', postcode: `${m[1]} ${m[2]}` },
  },
  {
    // A bare ZIP code only when the address says it is American (five digits are DE or FR).
    countries: ['US-only'],
    regex: /\b(\d{5})(?:-(\d{4}))?\b/g,
    rank: 1,
    hit: (m) => ({ country: 'US', postcode: m[2] ? `${m[1]}-${m[2]}` : m[1]! }),
  },
  {
    countries: ['DE|FR'],
    regex: /\b(\d{5})\b/g,
    rank: 1,
    hit: (m) => ({ country: 'DE|FR', postcode: m[1]! }),
  },
];

const HOUSE_NUMBER = /^\d+[A-Za-z]?(?:[-/]\d+[A-Za-z]?)?,?$/;
/** What follows a Dutch or German house number as its own word: "12 a", "229 hs", "3 II". */
const HOUSE_NUMBER_ADDITION = /^(?:[a-z]|hs|bis|i{1,3}|iv)$/i;
/** French number repeats: "12 bis rue …". */
const NUMBER_REPEAT = /^(BIS|TER|QUATER)$/;
const DIRECTIONAL = /^(N|S|E|W|NE|NW|SE|SW|NORTH|SOUTH|EAST|WEST)$/;
const CARE_OF = /^c\s?\/\s?o\b|^care of\b|^t\.?a\.?v\.?\s/i;
/** A Dublin postal district is the town: "Dublin 6", "Dublin 6W". */
const DUBLIN_DISTRICT = /\bdublin\s+\d{1,2}w?$/i;
/** An Irish county written with its prefix: "Co. Cork", "County Kerry". */
const IE_COUNTY_WRITTEN = /\b(?:co\.?|county)\s+([a-z]+)\b/gi;

function words(text: string): string[] {
  return text.split(' ').filter(Boolean);
}

/** The written country at the end (a whole last segment, or its last words). */
function takeCountry(segments: string[]): AddressCountry | null {
  const last = segments.at(-1);
  if (last === undefined) return null;
  const whole = COUNTRY_BY_NAME.get(foldKey(last));
  if (whole) {
    segments.pop();
    return whole;
  }
  const w = words(last);
  for (let n = Math.min(5, w.length - 1); n >= 1; n--) {
    const found = COUNTRY_BY_NAME.get(foldKey(w.slice(-n).join(' ')));
    // A bare two-letter code after a postcode-less town could be a US state: only take it
    // when something that looks like a postcode or a town precedes it.
    if (found) {
      segments[segments.length - 1] = w.slice(0, -n).join(' ');
      return found;
    }
  }
  return null;
}

/** Upper case that keeps every offset ("ß" would become "SS" and shift what follows). */
function sameLengthUpper(text: string): string {
  const upper = text.toUpperCase();
  if (upper.length === text.length) return upper;
  return Array.from(text, (c) => (c.toUpperCase().length === c.length ? c.toUpperCase() : c)).join(
    '',
  );
}

/** The rightmost postcode, searching segments from the end. */
function findPostcode(segments: string[], country: AddressCountry | null): PostcodeHit | null {
  for (let s = segments.length - 1; s >= 0; s--) {
    const upper = sameLengthUpper(segments[s]!);
    let best: PostcodeHit | null = null;
    for (const pattern of PATTERNS) {
      const applies = country
        ? pattern.countries.some(
            (c) =>
              c === country ||
              (c === 'DE|FR' && (country === 'DE' || country === 'FR')) ||
              (c === 'US-only' && country === 'US'),
          )
        : !pattern.countries.includes('US-only');
      if (!applies) continue;
      pattern.regex.lastIndex = 0;
      for (let m = pattern.regex.exec(upper); m; m = pattern.regex.exec(upper)) {
        const hit = pattern.hit(m);
        if (!hit) continue;
        const candidate: PostcodeHit = {
          ...hit,
          segment: s,
          start: m.index,
          end: m.index + m[0].length,
          rank: pattern.rank,
        };
        if (
          !best ||
          candidate.end > best.end ||
          (candidate.end === best.end && candidate.rank > best.rank)
        )
          best = candidate;
      }
    }
    if (best) return best;
  }
  return null;
}

/** German or French, for a five-digit postcode: by street words, then by number position. */
function germanOrFrench(text: string, fallback: AddressCountry | undefined): 'DE' | 'FR' {
  let de = 0;
  let fr = 0;
  for (const word of words(foldKey(text))) {
    if (FRENCH_WORDS.has(word)) fr++;
    if (GERMAN_WORDS.has(word) || (STREET_ENDINGS.test(word) && !FRENCH_WORDS.has(word))) de++;
  }
  if (de !== fr) return de > fr ? 'DE' : 'FR';
  if (fallback === 'DE' || fallback === 'FR') return fallback;
  // "12 rue …" puts the number first; "Hauptstraße 12" last.
  return /(^|,)\s*\d+\s+[^\d\s,]/.test(text) ? 'FR' : 'DE';
}

function isUnitStart(text: string): boolean {
  const first = words(foldKey(text.replace(/^#/, 'NUM ')))[0];
  return text.trim().startsWith('#') || (first !== undefined && UNIT_WORDS.test(first));
}

/** How much a piece looks like the street line (0 = not at all). */
function streetScore(piece: string, country: AddressCountry | null): number {
  if (PO_BOX.test(piece)) return 3;
  if (isUnitStart(piece) || CARE_OF.test(piece)) return 0;
  if (country === 'IE' && /^dublin\s+\d{1,2}w?$/i.test(piece.trim())) return 0;
  const w = words(piece);
  const folded = words(foldKey(piece));
  const hasWord = folded.some(
    (f, i) =>
      STREET_SUFFIXES.has(f) ||
      (i === 0 && STREET_PREFIXES.has(f)) ||
      (f.length > 4 && STREET_ENDINGS.test(f)) ||
      (i === 1 && STREET_PREFIXES.has(f) && /^\d/.test(w[0]!)),
  );
  const numberFirst = w.length > 1 && HOUSE_NUMBER.test(w[0]!) && /[A-Za-z]/.test(w[1]!);
  const numberLast =
    w.length > 1 &&
    (HOUSE_NUMBER.test(w.at(-1)!) ||
      (w.length > 2 && HOUSE_NUMBER_ADDITION.test(w.at(-1)!) && HOUSE_NUMBER.test(w.at(-2)!)));
  const expectsLast = country === 'DE' || country === 'NL';
  if ((numberFirst || numberLast) && hasWord) return 3;
  if (expectsLast ? numberLast : numberFirst) return 2.5;
  if (numberFirst || numberLast) return 2;
  return hasWord ? 1 : 0;
}

/**
 * Splits a piece that holds the street and what follows it (no commas): "12 High St Leeds",
 * "123 Main St Apt 4 Springfield". Answers the street, a unit written after it and the rest.
 */
function splitStreetLine(
  piece: string,
  country: AddressCountry | null,
): { building: string | null; street: string; rest: string } {
  const w = words(piece);
  const folded = w.map((x) => foldKey(x));
  let building: string[] = [];
  let start = 0;
  // A unit before the street: "Flat 3 12 High St".
  if (UNIT_WORDS.test(folded[0] ?? '') || w[0]?.startsWith('#')) {
    const take = w[0]!.startsWith('#') && w[0]!.length > 1 ? 1 : 2;
    building = w.slice(0, take);
    start = take;
  }
  const po = PO_BOX.exec(w.slice(start).join(' '));
  if (po) {
    const n = words(po[0]).length;
    return {
      building: building.join(' ') || null,
      street: w.slice(start, start + n).join(' '),
      rest: w.slice(start + n).join(' '),
    };
  }
  const numberLast = country === 'DE' || country === 'NL';
  let end = -1;
  if (numberLast) {
    // The street ends at its number (and a one-letter addition: "12 a").
    for (let i = start + 1; i < w.length; i++) {
      if (HOUSE_NUMBER.test(w[i]!)) {
        end = i + (w[i + 1] && HOUSE_NUMBER_ADDITION.test(w[i + 1]!) ? 2 : 1);
        // After "c/o …" the street is the compound word before the number ("Lindenweg 5"),
        // or two words when the street word stands alone ("Berliner Str. 5").
        if (CARE_OF.test(w.slice(start).join(' ')) && i - start > 1) {
          const streetStart = STREET_SUFFIXES.has(folded[i - 1]!) && i - 2 > start ? i - 2 : i - 1;
          building = [...building, ...w.slice(start, streetStart)];
          start = streetStart;
        }
        break;
      }
    }
  } else {
    let number = start;
    while (number < w.length && !HOUSE_NUMBER.test(w[number]!)) number++;
    // A street word before the first number: a street without a house number ("Mary Street").
    const suffixFirst = folded.findIndex(
      (f, i) => i > start && i < number && STREET_SUFFIXES.has(f),
    );
    const suffixAfter = folded.some((f, i) => i > number + 1 && STREET_SUFFIXES.has(f));
    if (suffixFirst > 0 && !suffixAfter && !CARE_OF.test(w.slice(start).join(' ')))
      number = w.length;
    if (number > start && number < w.length) {
      // Words before the number are a building name: "Rose Court 12 High St".
      building = [...building, ...w.slice(start, number)];
    }
    const numbered = number < w.length;
    if (!numbered) number = start;
    const nameAt = number + (NUMBER_REPEAT.test(folded[number + 1] ?? '') ? 2 : 1);
    // French "12 bis rue de la Paix": the street word comes first and the name runs to the end.
    const frenchPrefix = country === 'FR' && STREET_PREFIXES.has(folded[nameAt] ?? '');
    for (let i = frenchPrefix ? w.length : number + 1; i < w.length; i++) {
      const f = folded[i]!;
      if (STREET_SUFFIXES.has(f) && (i > number + 1 || !numbered)) end = i + 1;
      else if (end > 0) break;
    }
    if (end > 0) {
      while (end < w.length && DIRECTIONAL.test(folded[end]!) && end + 1 < w.length) end++;
    } else {
      const prefixed = STREET_PREFIXES.has(folded[nameAt] ?? '');
      // French "12 rue de la Paix" runs to the postcode; otherwise the number and a word.
      end = prefixed ? w.length : Math.min(w.length, number + 3);
    }
    start = number;
  }
  if (end < 0) end = w.length;
  let rest = w.slice(end);
  // A unit after the street: "123 Main St Apt 4B", "… Suite 200", "… #5".
  const after = rest.map((x) => foldKey(x));
  if (rest.length > 0 && (UNIT_WORDS.test(after[0] ?? '') || rest[0]!.startsWith('#'))) {
    const take = rest[0]!.startsWith('#') && rest[0]!.length > 1 ? 1 : 2;
    building = [...building, ...rest.slice(0, take)];
    rest = rest.slice(take);
  }
  return {
    building: building.join(' ') || null,
    street: w.slice(start, end).join(' '),
    rest: rest.join(' '),
  };
}

/** A region written as the last piece before the postcode (county, state, province). */
function regionOf(piece: string, country: AddressCountry | null): string | null {
  const folded = foldKey(piece);
  if (country === 'US' && US_STATES.has(folded)) return folded;
  // "Durham" alone is the town; the county is written "County Durham".
  if (country === 'GB' && UK_COUNTIES.has(folded) && !UK_COUNTY_TOWNS.has(folded)) return piece;
  if (country === 'NL' && NL_PROVINCES.has(folded)) return piece;
  if (country === 'IE') {
    const county = /^(?:CO|COUNTY)\s+(.+)$/.exec(folded);
    if (county && IE_COUNTIES.has(county[1]!)) return piece.replace(/^(co\.?|county)\s+/i, '');
  }
  return null;
}

const tidy = (text: string | null | undefined): string | null => {
  const t = (text ?? '').replace(/^[\s,;:-]+|[\s,;:-]+$/g, '').replace(/\s+/g, ' ');
  return t === '' ? null : t;
};
const joinPieces = (pieces: string[]): string | null => tidy(pieces.join(', '));

/**
 * Splits a free-text address into its components, offline and by rules, for UK, US, German,
 * French, Irish and Dutch formats. The country comes from a written country, else from the
 * postcode's shape, else from `defaultCountry`. Never throws: what it cannot place stays in the
 * nearest component.
 */
export function parseAddress(
  input: string,
  options: { defaultCountry?: AddressCountry } = {},
): ParsedAddress {
  const text = input.replace(/\s*[\r\n]+\s*/g, ', ').replace(/\s+/g, ' ');
  const segments = text
    .split(/\s*[,;|]\s*/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  let country: AddressCountry | null = takeCountry(segments);
  let countrySource: CountrySource = country ? 'explicit' : 'none';
  if (segments.at(-1) === '') segments.pop();

  if (!country) {
    for (const m of text.matchAll(IE_COUNTY_WRITTEN)) {
      if (IE_COUNTIES.has(foldKey(m[1]!))) {
        country = 'IE';
        countrySource = 'explicit';
      }
    }
  }
  const hit = findPostcode(segments, country);
  if (hit && !country) {
    country = hit.country === 'DE|FR' ? germanOrFrench(text, options.defaultCountry) : hit.country;
    countrySource = 'postcode';
  } else if (hit?.country === 'DE|FR' && country !== 'DE' && country !== 'FR') {
    // Five digits in a country that writes them otherwise: keep the written country.
  }
  if (!country && options.defaultCountry) {
    country = options.defaultCountry;
    countrySource = 'default';
  }

  const result: AddressComponents = {
    building: null,
    street: null,
    locality: null,
    city: null,
    region: null,
    postcode: hit?.postcode ?? null,
    country,
  };

  // Pieces before the postcode (building, street, locality, maybe city) and after it.
  let pieces: string[];
  let after: string[] = [];
  let afterInSegment = '';
  if (hit) {
    const segment = segments[hit.segment]!;
    const before = segment.slice(0, hit.start).trim();
    afterInSegment = segment.slice(hit.end).trim();
    pieces = [...segments.slice(0, hit.segment), ...(before ? [before] : [])];
    after = segments.slice(hit.segment + 1);
    if (hit.state) result.region = hit.state;
  } else {
    pieces = [...segments];
  }

  const cityAfterPostcode = country === 'DE' || country === 'FR' || country === 'NL';
  if (hit && cityAfterPostcode) {
    const rest = [...(afterInSegment ? [afterInSegment] : []), ...after];
    if (rest.length > 0) {
      result.city = tidy(rest[0]);
      result.region = joinPieces(rest.slice(1));
    } else if (pieces.length > 1 && streetScore(pieces.at(-1)!, country) === 0) {
      result.city = tidy(pieces.pop());
    }
  } else {
    // Town before the postcode: anything after it is a leftover region ("…, SW1A 1AA, London").
    const rest = [...(afterInSegment ? [afterInSegment] : []), ...after];
    if (rest.length > 0 && !hit?.state) {
      const region = regionOf(rest.at(-1)!, country);
      if (region) {
        result.region = region;
        rest.pop();
      }
      if (rest.length > 0 && pieces.length > 0) pieces.push(...rest);
      else if (rest.length > 0) pieces = rest;
    }
    if (!result.region && pieces.length > 1) {
      const region = regionOf(pieces.at(-1)!, country);
      // A county alone after the street is the town ("12 High St, Durham").
      const prefixed = /^(co\.?|county)\s/i.test(pieces.at(-1)!);
      if (region && (prefixed || streetScore(pieces.at(-2)!, country) < 2)) {
        result.region = region;
        pieces.pop();
      }
    }
    // A state or county as the last words of the town piece: "Springfield IL", "Maidstone Kent".
    if (!result.region && pieces.length > 0) {
      const w = words(pieces.at(-1)!);
      for (let n = Math.min(4, w.length - 1); n >= 1; n--) {
        const region = regionOf(w.slice(-n).join(' '), country);
        if (region && (country !== 'GB' || n > 1 || w.length > 2 || pieces.length > 1)) {
          result.region = region;
          pieces[pieces.length - 1] = w.slice(0, -n).join(' ');
          break;
        }
      }
    }
    // "… Mary Street Dublin 8": the district is the town even without a comma.
    const district = country === 'IE' ? DUBLIN_DISTRICT.exec(pieces.at(-1) ?? '') : null;
    if (district && district.index > 0) {
      result.city = tidy(district[0]);
      pieces[pieces.length - 1] = pieces.at(-1)!.slice(0, district.index);
    } else if (pieces.length > 1 && streetScore(pieces.at(-1)!, country) < 2) {
      result.city = tidy(pieces.pop());
    }
  }

  // The street: the piece that looks most like one; before it a building, after it a locality.
  let best = -1;
  let bestScore = 0;
  pieces.forEach((piece, i) => {
    const score = streetScore(piece, country);
    if (score > bestScore || (score === bestScore && score > 0 && score < 2)) {
      best = i;
      bestScore = score;
    }
  });
  if (best < 0 && pieces.length > 0) {
    // Nothing looks like a street: one piece is the street; of two or more, the last is the town.
    best = 0;
  }
  const building: string[] = pieces.slice(0, Math.max(best, 0));
  const locality: string[] = [];
  if (best >= 0) {
    const split = splitStreetLine(pieces[best]!, country);
    if (split.building) building.push(split.building);
    result.street = tidy(split.street);
    if (split.rest) {
      if (!result.city && best === pieces.length - 1) result.city = tidy(split.rest);
      else locality.push(split.rest);
    }
    for (const piece of pieces.slice(best + 1)) {
      if (isUnitStart(piece)) building.push(piece);
      else locality.push(piece);
    }
  }
  if (!result.city && locality.length > 0 && !cityAfterPostcode) result.city = tidy(locality.pop());
  result.building = joinPieces(building);
  result.locality = joinPieces(locality);
  return { components: result, countrySource };
}
