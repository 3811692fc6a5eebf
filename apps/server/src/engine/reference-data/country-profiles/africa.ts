import { type CountryProfile, inRange } from './country-profile.js';

// Africa: South Africa.

export const ZAF: CountryProfile = {
  iso3: 'ZAF',
  weight: 1,
  street: 'en',
  cities: [
    ['Johannesburg', '2000-2199'],
    ['Cape Town', '8000-8099'],
    ['Durban', '4001-4099'],
    ['Pretoria', '0001-0199'],
  ],
  postcode: (r, range) => inRange(r, range),
  suffixes: [
    ['(Pty) Ltd', 70],
    ['Ltd', 10],
    ['', 20],
  ],
  taxId: (r) => `4${r.digits(9)}`,
};
