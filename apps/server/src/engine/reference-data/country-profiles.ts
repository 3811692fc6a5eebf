import type { SeededRandom } from './random.js';

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

const UK_INWARD = 'ABDEFGHJLNPQRSTUWXYZ';
const EIRCODE = 'ACDEFHKNPRTVWXY0123456789';
/** A number in a 'from-to' prefix range, zero-padded to the width of `from`. */
const inRange = (r: SeededRandom, range: string) => {
  const [from, to] = range.split('-');
  const n = r.between(Number(from), Number(to ?? from));
  return String(n).padStart(from!.length, '0');
};

export const COUNTRY_PROFILES: readonly CountryProfile[] = [
  {
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
  },
  {
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
  },
  {
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
  },
  {
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
  },
  {
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
  },
  {
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
  },
  {
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
  },
  {
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
  },
  {
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
  },
  {
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
  },
  ...europeanProfiles(),
  ...otherProfiles(),
];

function europeanProfiles(): CountryProfile[] {
  return [
    {
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
    },
    {
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
    },
    {
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
    },
    {
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
    },
    {
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
    },
    {
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
    },
    {
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
    },
    {
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
    },
  ];
}

function otherProfiles(): CountryProfile[] {
  return [
    {
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
    },
    {
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
    },
    {
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
    },
    {
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
    },
    {
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
    },
    {
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
    },
    {
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
    },
  ];
}
