import { type CountryProfile, inRange } from './country-profile.js';

// The Americas: the United States, Canada, Mexico and Brazil.

export const USA: CountryProfile = {
  iso3: 'USA',
  weight: 24,
  street: 'us',
  cities: [
    ['New York', '100-104'],
    ['Chicago', '606-608'],
    ['Los Angeles', '900-905'],
    ['Houston', '770-772'],
    ['Phoenix', '850-853'],
    ['Philadelphia', '190-191'],
    ['San Antonio', '782-782'],
    ['San Diego', '921-921'],
    ['Dallas', '752-753'],
    ['Austin', '787-787'],
    ['Seattle', '981-981'],
    ['Denver', '802-802'],
    ['Boston', '021-022'],
    ['Atlanta', '303-303'],
    ['Miami', '331-331'],
    ['Minneapolis', '554-554'],
    ['Portland', '972-972'],
    ['Charlotte', '282-282'],
    ['Columbus', '432-432'],
    ['Indianapolis', '462-462'],
    ['Nashville', '372-372'],
    ['Detroit', '482-482'],
  ],
  postcode: (r, range) => `${inRange(r, range)}${r.digits(2)}`,
  suffixes: [
    ['Inc', 30],
    ['Inc.', 5],
    ['LLC', 35],
    ['Corp', 8],
    ['Co', 4],
    ['', 18],
  ],
  taxId: (r) => `${r.digits(2)}-${r.digits(7)}`,
};

export const CAN: CountryProfile = {
  iso3: 'CAN',
  weight: 3,
  street: 'us',
  cities: [
    ['Toronto', 'M'],
    ['Montréal', 'H'],
    ['Vancouver', 'V'],
    ['Calgary', 'T'],
    ['Ottawa', 'K'],
    ['Winnipeg', 'R'],
    ['Halifax', 'B'],
  ],
  postcode: (r, l) => {
    const a = 'ABCEGHJKLMNPRSTVWXYZ';
    return `${l}${r.int(10)}${r.letters(1, a)} ${r.int(10)}${r.letters(1, a)}${r.int(10)}`;
  },
  suffixes: [
    ['Inc', 45],
    ['Ltd', 25],
    ['Corp', 10],
    ['', 20],
  ],
  taxId: (r) => `${r.digits(9)}RT0001`,
};

export const MEX: CountryProfile = {
  iso3: 'MEX',
  weight: 1,
  street: 'es',
  cities: [
    ['Ciudad de México', '01000-16999'],
    ['Guadalajara', '44100-45249'],
    ['Monterrey', '64000-67199'],
  ],
  postcode: (r, range) => inRange(r, range),
  suffixes: [
    ['S.A. de C.V.', 60],
    ['S. de R.L.', 15],
    ['', 25],
  ],
  taxId: (r) => `${r.letters(3)}${r.digits(6)}${r.letters(2)}${r.digits(1)}`,
};

export const BRA: CountryProfile = {
  iso3: 'BRA',
  weight: 1,
  street: 'pt',
  cities: [
    ['São Paulo', '01000-05999'],
    ['Rio de Janeiro', '20000-23799'],
    ['Belo Horizonte', '30000-31999'],
  ],
  postcode: (r, range) => `${inRange(r, range)}-${r.digits(3)}`,
  suffixes: [
    ['Ltda', 60],
    ['S.A.', 15],
    ['', 25],
  ],
  taxId: (r) => `${r.digits(2)}.${r.digits(3)}.${r.digits(3)}/0001-${r.digits(2)}`,
};
