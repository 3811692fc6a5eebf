import { type CountryProfile, inRange } from './country-profile.js';

// Southern and Eastern Europe: Spain, Italy, Portugal and Poland.

export const ESP: CountryProfile = {
  iso3: 'ESP',
  weight: 3,
  street: 'es',
  cities: [
    ['Madrid', '28001-28055'],
    ['Barcelona', '08001-08042'],
    ['Valencia', '46001-46026'],
    ['Sevilla', '41001-41020'],
    ['Bilbao', '48001-48015'],
    ['Málaga', '29001-29018'],
  ],
  postcode: (r, range) => inRange(r, range),
  suffixes: [
    ['S.L.', 50],
    ['S.A.', 25],
    ['', 25],
  ],
  taxId: (r) => `ES${r.letters(1, 'ABCDEFGHJ')}${r.digits(7)}${r.letters(1)}`,
};

export const ITA: CountryProfile = {
  iso3: 'ITA',
  weight: 3,
  street: 'it',
  cities: [
    ['Roma', '00118-00199'],
    ['Milano', '20121-20162'],
    ['Napoli', '80121-80147'],
    ['Torino', '10121-10156'],
    ['Bologna', '40121-40141'],
    ['Firenze', '50121-50145'],
  ],
  postcode: (r, range) => inRange(r, range),
  suffixes: [
    ['S.r.l.', 60],
    ['S.p.A.', 15],
    ['', 25],
  ],
  taxId: (r) => `IT${r.digits(11)}`,
};

export const PRT: CountryProfile = {
  iso3: 'PRT',
  weight: 1,
  street: 'pt',
  cities: [
    ['Lisboa', '1000-1990'],
    ['Porto', '4000-4369'],
    ['Braga', '4700-4719'],
    ['Coimbra', '3000-3049'],
  ],
  postcode: (r, range) => `${inRange(r, range)}-${r.digits(3)}`,
  suffixes: [
    ['Lda', 60],
    ['S.A.', 15],
    ['', 25],
  ],
  taxId: (r) => `PT${r.digits(9)}`,
};

export const POL: CountryProfile = {
  iso3: 'POL',
  weight: 1.5,
  street: 'pl',
  cities: [
    ['Warszawa', '00-04'],
    ['Kraków', '30-31'],
    ['Wrocław', '50-54'],
    ['Gdańsk', '80-80'],
    ['Poznań', '60-61'],
  ],
  postcode: (r, range) => `${inRange(r, range)}-${r.digits(3)}`,
  suffixes: [
    ['Sp. z o.o.', 70],
    ['S.A.', 10],
    ['', 20],
  ],
  taxId: (r) => `PL${r.digits(10)}`,
};
