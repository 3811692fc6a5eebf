import { type CountryProfile, inRange } from './country-profile.js';

// Western Europe: Germany, France, the Benelux, Switzerland and Austria.

export const DEU: CountryProfile = {
  iso3: 'DEU',
  weight: 7,
  street: 'de',
  cities: [
    ['Berlin', '10-14'],
    ['Hamburg', '20-22'],
    ['München', '80-81'],
    ['Köln', '50-51'],
    ['Frankfurt am Main', '60-60'],
    ['Stuttgart', '70-70'],
    ['Düsseldorf', '40-40'],
    ['Leipzig', '04-04'],
    ['Dortmund', '44-44'],
    ['Essen', '45-45'],
    ['Bremen', '28-28'],
    ['Dresden', '01-01'],
    ['Hannover', '30-30'],
    ['Nürnberg', '90-90'],
  ],
  postcode: (r, range) => `${inRange(r, range)}${r.digits(3)}`,
  suffixes: [
    ['GmbH', 58],
    ['AG', 5],
    ['GmbH & Co. KG', 10],
    ['KG', 5],
    ['e.K.', 5],
    ['', 17],
  ],
  taxId: (r) => `DE${r.digits(9)}`,
};

export const FRA: CountryProfile = {
  iso3: 'FRA',
  weight: 5,
  street: 'fr',
  cities: [
    ['Paris', '750'],
    ['Lyon', '690'],
    ['Marseille', '130'],
    ['Toulouse', '310'],
    ['Nice', '060'],
    ['Nantes', '440'],
    ['Strasbourg', '670'],
    ['Bordeaux', '330'],
    ['Lille', '590'],
    ['Rennes', '350'],
    ['Montpellier', '340'],
  ],
  postcode: (r, p) => `${p}${String(r.between(1, 20)).padStart(2, '0')}`,
  suffixes: [
    ['SARL', 30],
    ['SAS', 35],
    ['SA', 10],
    ['', 25],
  ],
  taxId: (r) => `FR${r.digits(2)}${r.digits(9)}`,
};

export const NLD: CountryProfile = {
  iso3: 'NLD',
  weight: 3,
  street: 'nl',
  cities: [
    ['Amsterdam', '1011-1109'],
    ['Rotterdam', '3011-3089'],
    ['Den Haag', '2491-2599'],
    ['Utrecht', '3511-3585'],
    ['Eindhoven', '5611-5658'],
    ['Groningen', '9711-9747'],
  ],
  postcode: (r, range) => `${inRange(r, range)} ${r.letters(2, 'ABCDEGHJKLMNPRSTVWXZ')}`,
  suffixes: [
    ['B.V.', 70],
    ['N.V.', 5],
    ['', 25],
  ],
  taxId: (r) => `NL${r.digits(9)}B01`,
};

export const BEL: CountryProfile = {
  iso3: 'BEL',
  weight: 1.5,
  street: 'fr',
  cities: [
    ['Bruxelles', '1000-1210'],
    ['Antwerpen', '2000-2660'],
    ['Gent', '9000-9052'],
    ['Liège', '4000-4100'],
  ],
  postcode: (r, range) => inRange(r, range),
  suffixes: [
    ['BV', 30],
    ['SRL', 25],
    ['NV', 10],
    ['SA', 10],
    ['', 25],
  ],
  taxId: (r) => `BE0${r.digits(9)}`,
};

export const CHE: CountryProfile = {
  iso3: 'CHE',
  weight: 1.5,
  street: 'de',
  cities: [
    ['Zürich', '8001-8099'],
    ['Genève', '1201-1299'],
    ['Basel', '4001-4099'],
    ['Bern', '3001-3099'],
    ['Lausanne', '1000-1018'],
  ],
  postcode: (r, range) => inRange(r, range),
  suffixes: [
    ['AG', 40],
    ['GmbH', 30],
    ['SA', 15],
    ['', 15],
  ],
  taxId: (r) => `CHE-${r.digits(3)}.${r.digits(3)}.${r.digits(3)}`,
};

export const AUT: CountryProfile = {
  iso3: 'AUT',
  weight: 1,
  street: 'de',
  cities: [
    ['Wien', '1010-1230'],
    ['Graz', '8010-8055'],
    ['Linz', '4020-4040'],
    ['Salzburg', '5020-5026'],
  ],
  postcode: (r, range) => inRange(r, range),
  suffixes: [
    ['GmbH', 65],
    ['AG', 5],
    ['KG', 10],
    ['', 20],
  ],
  taxId: (r) => `ATU${r.digits(8)}`,
};
