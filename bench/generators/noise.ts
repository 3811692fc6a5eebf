import type { SeededRandom } from '../../apps/server/src/engine/reference-data/random.js';

/** How a buyer's AP system tends to spell a supplier the card network knows. */
export type NameNoise =
  | 'case'
  | 'suffix-variant'
  | 'suffix-dropped'
  | 'typo'
  | 'abbreviation'
  | 'truncation'
  | 'processor-prefix'
  | 'dba-name'
  | 'punctuation'
  | 'the-prefix';

const SUFFIX_VARIANTS: Record<string, string[]> = {
  Ltd: ['Limited', 'LTD', 'Ltd.', 'Ltd'],
  Limited: ['Ltd', 'LTD', 'Ltd.'],
  Inc: ['Inc.', 'Incorporated', 'INC'],
  'Inc.': ['Inc', 'Incorporated'],
  LLC: ['L.L.C.', 'Llc', 'LLC.'],
  Corp: ['Corporation', 'Corp.'],
  GmbH: ['GMBH', 'Gmbh'],
  'B.V.': ['BV', 'B.V'],
  'S.L.': ['SL', 'S.L'],
  'S.A.': ['SA', 'S.A'],
  'S.r.l.': ['SRL', 'Srl'],
  'Pty Ltd': ['Pty Limited', 'PTY LTD', 'Pty. Ltd.'],
  PLC: ['plc', 'P.L.C.'],
  AB: ['Aktiebolag', 'AB'],
};
const ABBREVIATIONS: [RegExp, string][] = [
  [/\bInternational\b/, 'Intl'],
  [/\bServices\b/, 'Svcs'],
  [/\bManagement\b/, 'Mgmt'],
  [/\bBrothers\b/, 'Bros'],
  [/ & /, ' and '],
  [/ and /, ' & '],
  [/\bSupplies\b/, 'Supp'],
  [/\bCentre\b/, 'Center'],
  [/\bTechnologies\b/, 'Tech'],
  [/\bAssociates\b/, 'Assoc'],
  [/\bEngineering\b/, 'Eng'],
  [/\bDistribution\b/, 'Dist'],
];
const PROCESSORS = ['SQ *', 'PAYPAL *', 'SQ*', 'SUMUP *', 'IZ *', 'SP * ', 'TST* '];
const KEYBOARD = 'qwertyuiopasdfghjklzxcvbnm';

function typo(r: SeededRandom, word: string): string {
  if (word.length < 5) return word;
  const i = r.between(1, word.length - 2);
  switch (r.int(4)) {
    case 0:
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    case 1:
      return word.slice(0, i) + word.slice(i + 1);
    case 2:
      return word.slice(0, i) + word[i] + word.slice(i);
    default:
      return word.slice(0, i) + r.pick([...KEYBOARD]) + word.slice(i + 1);
  }
}

/** Applies one kind of noise to a name; returns it unchanged when the kind does not apply. */
export function applyNameNoise(
  r: SeededRandom,
  name: string,
  noise: NameNoise,
  dbaName: string | null,
): string {
  const words = name.split(' ');
  const last = words[words.length - 1]!;
  switch (noise) {
    case 'case':
      return r.chance(0.6) ? name.toUpperCase() : name.toLowerCase();
    case 'suffix-variant': {
      const two = words.slice(-2).join(' ');
      if (SUFFIX_VARIANTS[two])
        return `${words.slice(0, -2).join(' ')} ${r.pick(SUFFIX_VARIANTS[two])}`;
      if (SUFFIX_VARIANTS[last])
        return `${words.slice(0, -1).join(' ')} ${r.pick(SUFFIX_VARIANTS[last])}`;
      return name;
    }
    case 'suffix-dropped':
      return SUFFIX_VARIANTS[last] && words.length > 2 ? words.slice(0, -1).join(' ') : name;
    case 'typo': {
      const candidates = words.map((w, i) => [w, i] as const).filter(([w]) => w.length >= 5);
      if (candidates.length === 0) return name;
      const [w, i] = r.pick(candidates);
      return [...words.slice(0, i), typo(r, w), ...words.slice(i + 1)].join(' ');
    }
    case 'abbreviation': {
      const options = ABBREVIATIONS.filter(([re]) => re.test(name));
      if (options.length === 0) return name;
      const [re, short] = r.pick(options);
      return name.replace(re, short);
    }
    case 'truncation':
      return name.length > 24 ? name.slice(0, r.between(20, 24)).trimEnd() : name;
    case 'processor-prefix': {
      const core = words
        .slice(0, SUFFIX_VARIANTS[last] ? -1 : undefined)
        .join(r.chance(0.5) ? '' : ' ');
      return `${r.pick(PROCESSORS)}${core.toUpperCase()}`.slice(0, 25);
    }
    case 'dba-name':
      return dbaName && !dbaName.includes('#') ? dbaName : name;
    case 'punctuation':
      return name
        .replace(/ & /, ', ')
        .replace(/ (Ltd|Inc|Co|Corp)$/, ' $1.')
        .replace(/^(\w+) /, '$1, ');
    case 'the-prefix':
      return `The ${name}`;
  }
}

const STREET_SHORT: [RegExp, string][] = [
  [/\bRoad\b/, 'Rd'],
  [/\bStreet\b/, 'St'],
  [/\bAvenue\b/, 'Ave'],
  [/\bLane\b/, 'Ln'],
  [/\bDrive\b/, 'Dr'],
  [/\bSt\b/, 'Street'],
  [/\bAve\b/, 'Avenue'],
];

/** A street line as another system may hold it. */
export function addressVariant(r: SeededRandom, address: string): string {
  let out = address;
  for (const [re, to] of STREET_SHORT) if (re.test(out) && r.chance(0.5)) out = out.replace(re, to);
  if (r.chance(0.15)) out = out.toUpperCase();
  if (r.chance(0.1)) out = out.replace(/^(\d+) /, '$1, ');
  return out;
}

/** A postcode in another common format (no space, lower case, extra space, ZIP+4). */
export function postcodeVariant(r: SeededRandom, postcode: string, country: string): string {
  if (country === 'USA' && r.chance(0.3)) return `${postcode}-${r.digits(4)}`;
  const pick = r.int(4);
  if (pick === 0) return postcode.replace(/[\s-]/g, '');
  if (pick === 1) return postcode.toLowerCase();
  if (pick === 2 && !postcode.includes(' ') && postcode.length > 4) {
    return `${postcode.slice(0, -3)} ${postcode.slice(-3)}`;
  }
  return postcode;
}

/** A tax id with or without its country prefix, spaces or dashes. */
export function taxIdVariant(r: SeededRandom, taxId: string): string {
  const pick = r.int(3);
  if (pick === 0) return taxId.replace(/^[A-Z]{2}(?=\d)/, '');
  if (pick === 1) return taxId.replace(/(\d{3})(?=\d)/g, '$1 ');
  return taxId;
}
