import { type CountryProfile, inRange } from './country-profile.js';

// Northern Europe (UN geoscheme): the United Kingdom, Ireland and the Nordics.

/** Letters a UK inward code uses (never C, I, K, M, O, V). */
const UK_INWARD = 'ABDEFGHJLNPQRSTUWXYZ';
/** Characters of an Eircode's unique identifier. */
const EIRCODE = 'ACDEFHKNPRTVWXY0123456789';

export const GBR: CountryProfile = {
  iso3: 'GBR',
  weight: 28,
  street: 'en',
  cities: [
    ['London', 'EC'],
    ['London', 'SW'],
    ['London', 'N'],
    ['London', 'SE'],
    ['London', 'W'],
    ['Manchester', 'M'],
    ['Birmingham', 'B'],
    ['Leeds', 'LS'],
    ['Glasgow', 'G'],
    ['Edinburgh', 'EH'],
    ['Bristol', 'BS'],
    ['Liverpool', 'L'],
    ['Sheffield', 'S'],
    ['Cardiff', 'CF'],
    ['Nottingham', 'NG'],
    ['Leicester', 'LE'],
    ['Newcastle upon Tyne', 'NE'],
    ['Reading', 'RG'],
    ['Oxford', 'OX'],
    ['Cambridge', 'CB'],
    ['Brighton', 'BN'],
    ['Southampton', 'SO'],
    ['Coventry', 'CV'],
    ['York', 'YO'],
    ['Milton Keynes', 'MK'],
    ['Norwich', 'NR'],
    ['Exeter', 'EX'],
    ['Aberdeen', 'AB'],
    ['Belfast', 'BT'],
    ['Guildford', 'GU'],
  ],
  postcode: (r, area) =>
    `${area}${r.between(1, area.length === 1 ? 20 : 29)} ${r.int(10)}${r.letters(2, UK_INWARD)}`,
  suffixes: [
    ['Ltd', 55],
    ['Limited', 25],
    ['PLC', 3],
    ['LLP', 4],
    ['', 13],
  ],
  taxId: (r) => `GB${r.digits(9)}`,
};

export const IRL: CountryProfile = {
  iso3: 'IRL',
  weight: 3,
  street: 'en',
  cities: [
    ['Dublin', 'D01-D24'],
    ['Cork', 'T12'],
    ['Galway', 'H91'],
    ['Limerick', 'V94'],
    ['Waterford', 'X91'],
  ],
  postcode: (r, key) =>
    `${key.includes('-') ? `D${String(r.between(1, 24)).padStart(2, '0')}` : key} ${r.letters(4, EIRCODE)}`,
  suffixes: [
    ['Ltd', 50],
    ['Limited', 25],
    ['DAC', 5],
    ['', 20],
  ],
  taxId: (r) => `IE${r.digits(7)}${r.letters(1)}`,
};

export const SWE: CountryProfile = {
  iso3: 'SWE',
  weight: 1.5,
  street: 'se',
  cities: [
    ['Stockholm', '111-118'],
    ['Göteborg', '411-418'],
    ['Malmö', '211-218'],
    ['Uppsala', '751-754'],
  ],
  postcode: (r, range) => `${inRange(r, range)} ${r.digits(2)}`,
  suffixes: [
    ['AB', 80],
    ['', 20],
  ],
  taxId: (r) => `SE${r.digits(10)}01`,
};

export const DNK: CountryProfile = {
  iso3: 'DNK',
  weight: 1,
  street: 'dk',
  cities: [
    ['København', '1050-2500'],
    ['Aarhus', '8000-8270'],
    ['Odense', '5000-5270'],
    ['Aalborg', '9000-9220'],
  ],
  postcode: (r, range) => inRange(r, range),
  suffixes: [
    ['ApS', 50],
    ['A/S', 30],
    ['', 20],
  ],
  taxId: (r) => `DK${r.digits(8)}`,
};

export const NOR: CountryProfile = {
  iso3: 'NOR',
  weight: 1,
  street: 'no',
  cities: [
    ['Oslo', '0150-1295'],
    ['Bergen', '5003-5259'],
    ['Trondheim', '7010-7099'],
    ['Stavanger', '4001-4099'],
  ],
  postcode: (r, range) => inRange(r, range),
  suffixes: [
    ['AS', 80],
    ['', 20],
  ],
  taxId: (r) => `NO${r.digits(9)}MVA`,
};
