import { type CountryProfile, inRange } from './country-profile.js';

// Asia-Pacific: Australia, New Zealand, Singapore, Japan and India.

export const AUS: CountryProfile = {
  iso3: 'AUS',
  weight: 3,
  street: 'en',
  cities: [
    ['Sydney', '2000-2234'],
    ['Melbourne', '3000-3207'],
    ['Brisbane', '4000-4179'],
    ['Perth', '6000-6199'],
    ['Adelaide', '5000-5199'],
    ['Canberra', '2600-2620'],
  ],
  postcode: (r, range) => inRange(r, range),
  suffixes: [
    ['Pty Ltd', 60],
    ['Ltd', 10],
    ['', 30],
  ],
  taxId: (r) => `${r.digits(2)} ${r.digits(3)} ${r.digits(3)} ${r.digits(3)}`,
};

export const NZL: CountryProfile = {
  iso3: 'NZL',
  weight: 1,
  street: 'en',
  cities: [
    ['Auckland', '0600-2699'],
    ['Wellington', '6011-6037'],
    ['Christchurch', '8011-8083'],
  ],
  postcode: (r, range) => inRange(r, range),
  suffixes: [
    ['Ltd', 65],
    ['Limited', 10],
    ['', 25],
  ],
  taxId: (r) => `${r.digits(3)}-${r.digits(3)}-${r.digits(3)}`,
};

export const SGP: CountryProfile = {
  iso3: 'SGP',
  weight: 1,
  street: 'en',
  cities: [['Singapore', '01-82']],
  postcode: (r, range) => `${inRange(r, range)}${r.digits(4)}`,
  suffixes: [
    ['Pte Ltd', 80],
    ['', 20],
  ],
  taxId: (r) => `20${r.digits(2)}${r.digits(5)}${r.letters(1)}`,
};

export const JPN: CountryProfile = {
  iso3: 'JPN',
  weight: 1,
  street: 'ja',
  cities: [
    ['Tokyo', '100-199'],
    ['Osaka', '530-559'],
    ['Yokohama', '220-247'],
    ['Nagoya', '450-468'],
  ],
  postcode: (r, range) => `${inRange(r, range)}-${r.digits(4)}`,
  suffixes: [
    ['Co., Ltd.', 50],
    ['K.K.', 30],
    ['', 20],
  ],
  taxId: (r) => `T${r.digits(13)}`,
};

export const IND: CountryProfile = {
  iso3: 'IND',
  weight: 1,
  street: 'en',
  cities: [
    ['Mumbai', '400001-400104'],
    ['New Delhi', '110001-110096'],
    ['Bengaluru', '560001-560103'],
    ['Chennai', '600001-600119'],
  ],
  postcode: (r, range) => inRange(r, range),
  suffixes: [
    ['Pvt Ltd', 60],
    ['Ltd', 20],
    ['', 20],
  ],
  taxId: (r) => `${r.digits(2)}${r.letters(5)}${r.digits(4)}${r.letters(1)}1Z${r.digits(1)}`,
};
