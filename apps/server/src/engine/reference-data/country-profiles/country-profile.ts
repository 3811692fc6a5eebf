import type { SeededRandom } from '../random.js';

export type StreetStyle =
  'en' | 'us' | 'de' | 'fr' | 'nl' | 'es' | 'it' | 'pt' | 'se' | 'no' | 'dk' | 'pl' | 'ja';

/** How addresses, postcodes, legal forms and tax ids look in one country. */
export interface CountryProfile {
  iso3: string;
  weight: number;
  street: StreetStyle;
  /** City and the postcode prefix (or range) that goes with it. */
  cities: readonly (readonly [string, string])[];
  postcode: (r: SeededRandom, prefix: string) => string;
  suffixes: readonly (readonly [string, number])[];
  taxId: (r: SeededRandom) => string;
}

/** A number in a 'from-to' prefix range, zero-padded to the width of `from`. */
export const inRange = (r: SeededRandom, range: string) => {
  const [from, to] = range.split('-');
  const n = r.between(Number(from), Number(to ?? from));
  return String(n).padStart(from!.length, '0');
};
