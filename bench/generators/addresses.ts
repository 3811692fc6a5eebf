import { SeededRandom } from '../../apps/server/src/engine/reference-data/random.js';
import type { AddressComponents } from '@b2b/contract';

/**
 * Labelled addresses for the address parser (`npm run bench -- addresses`): free text as people
 * type it, with the components it is made of. Two sets: `dev`, the one rules are tuned on, and
 * `holdout`, 500 addresses nobody tunes on, from another seed AND other street names and towns
 * (plus a few street words dev never uses), so a rule that memorised dev gains nothing there.
 *
 * Conventions of the truth (what the parser must answer): the house number stays in `street`;
 * flats, units, building names and "c/o" lines are `building` (joined with ", "); a PO box
 * ("PO Box 12", "Postfach 1234", "BP 45", "Postbus 123") is the `street`; `region` is a UK or
 * Irish county as written (without "Co."), or a US state code; postcodes are in their canonical
 * spacing; `country` is ISO 3166-1 alpha-2 whether or not the text names it.
 */
export type LabelledAddress = { text: string; truth: AddressComponents };
export type AddressSetKind = 'dev' | 'holdout';
export const LABELLED_COUNTRIES = ['GB', 'US', 'DE', 'FR', 'IE', 'NL'] as const;
type Country = (typeof LABELLED_COUNTRIES)[number];

type Vocabulary = {
  gbStreets: string[];
  gbTowns: string[];
  gbLocalities: string[];
  gbBuildings: string[];
  usStreets: string[];
  usTowns: [string, string][];
  deStreets: string[];
  deTowns: string[];
  frStreets: string[];
  frTowns: string[];
  ieStreets: string[];
  ieTowns: [string, string][];
  ieLocalities: string[];
  nlStreets: string[];
  nlTowns: string[];
  people: string[];
  gbSuffixes: string[];
  usSuffixes: string[];
  deSuffixes: string[];
  frPrefixes: string[];
  nlSuffixes: string[];
};

const DEV: Vocabulary = {
  gbStreets: [
    'High',
    'Church',
    'Station',
    'Victoria',
    'Mill',
    'Park',
    'Green',
    'Queen',
    'King',
    'Manor',
    'Albert',
    'London',
    'York',
    'Chapel',
    'Bridge',
  ],
  gbTowns: [
    'Leeds',
    'Bristol',
    'Norwich',
    'Reading',
    'Milton Keynes',
    'Sheffield',
    'Exeter',
    'Bath',
    'Chester',
    'Cambridge',
    'York',
    'Durham',
    'Stoke-on-Trent',
    'Derby',
  ],
  gbLocalities: [
    'Headingley',
    'Clifton',
    'Eaton',
    'Caversham',
    'Wolverton',
    'Crookes',
    'Heavitree',
    'Combe Down',
    'Hoole',
    'Chesterton',
  ],
  gbBuildings: [
    'Rose Court',
    'Albion House',
    'Victoria Mansions',
    'The Old Rectory',
    'Kings Wharf',
    'Mill House',
  ],
  usStreets: [
    'Main',
    'Oak',
    'Maple',
    'Washington',
    'Lincoln',
    'Elm',
    'Cedar',
    'Pine',
    'Lake',
    'Hill',
    'Park',
    'Sunset',
    'Jefferson',
    'Walnut',
  ],
  usTowns: [
    ['Springfield', 'IL'],
    ['Austin', 'TX'],
    ['San Francisco', 'CA'],
    ['Denver', 'CO'],
    ['Portland', 'OR'],
    ['Columbus', 'OH'],
    ['Miami', 'FL'],
    ['Seattle', 'WA'],
    ['Boston', 'MA'],
    ['New York', 'NY'],
    ['Atlanta', 'GA'],
    ['Phoenix', 'AZ'],
  ],
  deStreets: [
    'Haupt',
    'Bahnhof',
    'Linden',
    'Garten',
    'Schiller',
    'Goethe',
    'Berg',
    'Kirch',
    'Schul',
    'Wald',
    'Ring',
    'Mühlen',
    'Rosen',
    'Birken',
  ],
  deTowns: [
    'Berlin',
    'München',
    'Hamburg',
    'Köln',
    'Frankfurt am Main',
    'Stuttgart',
    'Düsseldorf',
    'Leipzig',
    'Dresden',
    'Hannover',
    'Nürnberg',
    'Bremen',
  ],
  frStreets: [
    'de la Paix',
    'Victor Hugo',
    'de la République',
    'Jean Jaurès',
    'du Général de Gaulle',
    'des Lilas',
    'Pasteur',
    'de Verdun',
    'du Moulin',
    'de la Gare',
    'Gambetta',
    'des Écoles',
  ],
  frTowns: [
    'Paris',
    'Lyon',
    'Marseille',
    'Toulouse',
    'Nantes',
    'Bordeaux',
    'Lille',
    'Strasbourg',
    'Rennes',
    'Montpellier',
    'Nice',
    'Aix-en-Provence',
  ],
  ieStreets: [
    'Main',
    'Church',
    'Abbey',
    'Bridge',
    'Castle',
    'Mary',
    'Patrick',
    'Cathedral',
    'Parnell',
    "O'Connell",
    'Grafton',
    'Dominick',
  ],
  ieTowns: [
    ['Cork', 'Cork'],
    ['Galway', 'Galway'],
    ['Limerick', 'Limerick'],
    ['Kilkenny', 'Kilkenny'],
    ['Sligo', 'Sligo'],
    ['Tralee', 'Kerry'],
    ['Navan', 'Meath'],
    ['Athlone', 'Westmeath'],
    ['Dublin 2', 'Dublin'],
    ['Dublin 6', 'Dublin'],
    ['Dublin 8', 'Dublin'],
  ],
  ieLocalities: ['Ballincollig', 'Salthill', 'Castletroy', 'Rathmines', 'Ranelagh', 'Blackrock'],
  nlStreets: [
    'Kerk',
    'Molen',
    'School',
    'Dorps',
    'Stations',
    'Prinsen',
    'Heren',
    'Keizers',
    'Oranje',
    'Wilhelmina',
    'Beatrix',
    'Juliana',
  ],
  nlTowns: [
    'Amsterdam',
    'Rotterdam',
    'Utrecht',
    'Den Haag',
    'Eindhoven',
    'Groningen',
    'Tilburg',
    'Almere',
    'Breda',
    'Nijmegen',
    "'s-Hertogenbosch",
    'Haarlem',
  ],
  people: ['Jane Smith', 'Anna Müller', 'Pierre Martin', 'John Murphy', 'Jan de Vries', 'Acme Ltd'],
  gbSuffixes: [
    'Street',
    'Road',
    'Lane',
    'Avenue',
    'Close',
    'Drive',
    'Gardens',
    'Way',
    'Crescent',
    'Terrace',
  ],
  usSuffixes: ['Street', 'Avenue', 'Road', 'Boulevard', 'Drive', 'Lane', 'Court', 'Way', 'Place'],
  deSuffixes: ['straße', 'weg', 'platz', 'allee', 'gasse', 'ring'],
  frPrefixes: ['rue', 'avenue', 'boulevard', 'place', 'allée', 'chemin', 'impasse'],
  nlSuffixes: ['straat', 'laan', 'weg', 'plein', 'gracht'],
};

const HOLDOUT: Vocabulary = {
  gbStreets: [
    'Castle',
    'Orchard',
    'Willow',
    'Meadow',
    'Harbour',
    'Abbey',
    'Beech',
    'Forest',
    'Brook',
    'Spring',
    'Windsor',
    'Cromwell',
    'Nelson',
    'Grange',
    'Ashford',
  ],
  gbTowns: [
    'Ipswich',
    'Plymouth',
    'Swindon',
    'Lincoln',
    'Carlisle',
    'Truro',
    'Hereford',
    'Great Yarmouth',
    'Kidderminster',
    'Lancaster',
    'Bournemouth',
    'Newcastle upon Tyne',
    'Wigan',
    'Salisbury',
  ],
  gbLocalities: [
    'Kesgrave',
    'Plympton',
    'Wroughton',
    'Bracebridge',
    'Stanwix',
    'Kenwyn',
    'Tupsley',
    'Gorleston',
    'Bewdley',
    'Scotforth',
  ],
  gbBuildings: [
    'Harbour View',
    'Elm Lodge',
    'Granary Court',
    'St Johns House',
    'The Maltings',
    'Cedar Point',
  ],
  usStreets: [
    'Madison',
    'Chestnut',
    'Spruce',
    'River',
    'Franklin',
    'Highland',
    'Willow',
    'Adams',
    'Broad',
    'Magnolia',
    'Dogwood',
    'Ridge',
    'Meadow',
    'Prospect',
  ],
  usTowns: [
    ['Tulsa', 'OK'],
    ['Albuquerque', 'NM'],
    ['Salt Lake City', 'UT'],
    ['Omaha', 'NE'],
    ['Raleigh', 'NC'],
    ['Boise', 'ID'],
    ['Des Moines', 'IA'],
    ['Wilmington', 'DE'],
    ['Little Rock', 'AR'],
    ['Fort Wayne', 'IN'],
    ['Baton Rouge', 'LA'],
    ['Burlington', 'VT'],
  ],
  deStreets: [
    'Eichen',
    'Tannen',
    'Mozart',
    'Beethoven',
    'Friedrich',
    'Sonnen',
    'Kastanien',
    'Hafen',
    'Markt',
    'Wiesen',
    'Feld',
    'Brunnen',
    'Uhland',
    'Kant',
  ],
  deTowns: [
    'Freiburg im Breisgau',
    'Augsburg',
    'Würzburg',
    'Kiel',
    'Rostock',
    'Erfurt',
    'Mainz',
    'Bielefeld',
    'Münster',
    'Regensburg',
    'Halle (Saale)',
    'Bad Homburg',
  ],
  frTowns: [
    'Grenoble',
    'Dijon',
    'Angers',
    'Le Havre',
    'Saint-Étienne',
    'Reims',
    'Brest',
    'Limoges',
    'Clermont-Ferrand',
    'Tours',
    'Amiens',
    'La Rochelle',
  ],
  frStreets: [
    'des Tilleuls',
    'Émile Zola',
    'Saint-Michel',
    'de Bretagne',
    'Carnot',
    'Foch',
    'des Acacias',
    'de la Liberté',
    'du Château',
    'Voltaire',
    'Jules Ferry',
    'du Port',
  ],
  ieStreets: [
    'Shop',
    'Quay',
    'Market',
    'Mill',
    'Chapel',
    'William',
    'Barrack',
    'John',
    'Oliver Plunkett',
    'Emmet',
    'Henry',
    'Eyre',
  ],
  ieTowns: [
    ['Waterford', 'Waterford'],
    ['Ennis', 'Clare'],
    ['Letterkenny', 'Donegal'],
    ['Wexford', 'Wexford'],
    ['Mullingar', 'Westmeath'],
    ['Naas', 'Kildare'],
    ['Castlebar', 'Mayo'],
    ['Clonmel', 'Tipperary'],
    ['Dublin 4', 'Dublin'],
    ['Dublin 7', 'Dublin'],
    ['Dublin 15', 'Dublin'],
  ],
  ieLocalities: ['Tramore', 'Lahinch', 'Ballsbridge', 'Phibsborough', 'Castleknock', 'Newbridge'],
  nlStreets: [
    'Linden',
    'Eiken',
    'Berken',
    'Vondel',
    'Rembrandt',
    'Zee',
    'Haven',
    'Nieuwe',
    'Oude',
    'Koning',
    'Emma',
    'Merel',
  ],
  nlTowns: [
    'Zwolle',
    'Leiden',
    'Maastricht',
    'Dordrecht',
    'Enschede',
    'Apeldoorn',
    'Arnhem',
    'Amersfoort',
    'Delft',
    'Leeuwarden',
    'Alkmaar',
    'Zaandam',
  ],
  people: [
    'Mary Byrne',
    'Klaus Weber',
    'Sophie Bernard',
    'Tom Evans',
    'Pieter Bakker',
    'Globex Inc',
  ],
  gbSuffixes: [
    'Street',
    'Road',
    'Lane',
    'Avenue',
    'Close',
    'Mews',
    'Parade',
    'Row',
    'Grove',
    'Walk',
  ],
  usSuffixes: [
    'Street',
    'Avenue',
    'Road',
    'Drive',
    'Parkway',
    'Trail',
    'Circle',
    'Highway',
    'Terrace',
  ],
  deSuffixes: ['straße', 'weg', 'damm', 'ufer', 'steig', 'chaussee'],
  frPrefixes: ['rue', 'avenue', 'boulevard', 'quai', 'cours', 'route', 'square'],
  nlSuffixes: ['straat', 'laan', 'kade', 'singel', 'dreef', 'dijk'],
};

const GB_AREAS = [
  'LS',
  'BS',
  'NR',
  'RG',
  'MK',
  'S',
  'EX',
  'BA',
  'CH',
  'CB',
  'YO',
  'DH',
  'ST',
  'DE',
  'IP',
  'PL',
  'SN',
  'LN',
  'CA',
  'TR',
  'HR',
  'DY',
  'LA',
  'BH',
  'NE',
  'WN',
  'SP',
  'M',
  'B',
  'E',
  'SW',
  'N',
  'W',
  'G',
  'EH',
  'CF',
];
const GB_COUNTIES = [
  'West Yorkshire',
  'Avon',
  'Norfolk',
  'Berkshire',
  'Buckinghamshire',
  'South Yorkshire',
  'Devon',
  'Somerset',
  'Cheshire',
  'Cambridgeshire',
  'North Yorkshire',
  'County Durham',
  'Staffordshire',
  'Suffolk',
  'Wiltshire',
  'Lincolnshire',
  'Cumbria',
  'Cornwall',
  'Herefordshire',
  'Worcestershire',
  'Lancashire',
  'Dorset',
];
const INWARD = 'ABDEFGHJLNPQRSTUWXYZ';
const EIRCODE_CHARS = 'ACDEFHKNPRTVWXY0123456789';
const IE_ROUTING: Record<string, string> = {
  Cork: 'T12',
  Galway: 'H91',
  Limerick: 'V94',
  Kilkenny: 'R95',
  Sligo: 'F91',
  Tralee: 'V92',
  Navan: 'C15',
  Athlone: 'N37',
  Waterford: 'X91',
  Ennis: 'V95',
  Letterkenny: 'F92',
  Wexford: 'Y35',
  Mullingar: 'N91',
  Naas: 'W91',
  Castlebar: 'F23',
  Clonmel: 'E91',
};
const US_UNITS = ['Apt', 'Suite', 'Unit', 'Ste', '#'];
const DIRECTIONS = ['N', 'S', 'E', 'W', 'NE', 'NW'];

const blank = (): AddressComponents => ({
  building: null,
  street: null,
  locality: null,
  city: null,
  region: null,
  postcode: null,
  country: null,
});

/** One swapped pair of letters inside a word of four letters or more. */
function typo(random: SeededRandom, word: string): string {
  if (word.length < 4) return word;
  const i = random.between(1, word.length - 3);
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

function gbPostcode(random: SeededRandom): string {
  const area = random.pick(GB_AREAS);
  const district =
    area.length === 1 || random.chance(0.5)
      ? String(random.between(1, 19))
      : String(random.between(1, 9));
  const outward =
    random.chance(0.08) && district.length === 1
      ? `${area}${district}${random.letters(1, 'ABEHMNPRVWXY')}`
      : `${area}${district}`;
  return `${outward} ${random.between(0, 9)}${random.letters(2, INWARD)}`;
}

function eircode(random: SeededRandom, town: string): string {
  const dublin = /^Dublin (\d+)$/.exec(town);
  const routing = dublin ? `D${dublin[1]!.padStart(2, '0')}` : (IE_ROUTING[town] ?? 'A65');
  let unique = random.letters(4, EIRCODE_CHARS);
  if (!/[A-Z]/.test(unique)) unique = `${random.letters(1, 'ACDEFHKNPRTVWXY')}${unique.slice(1)}`;
  return `${routing} ${unique}`;
}

/** Lines (comma pieces) and truth of one address of a country, before its writing style. */
function compose(
  random: SeededRandom,
  v: Vocabulary,
  country: Country,
): { pieces: string[]; truth: AddressComponents; countryNames: string[] } {
  const t = blank();
  t.country = country;
  const pieces: string[] = [];
  const name = (stem: string) => (random.chance(0.05) ? typo(random, stem) : stem);
  switch (country) {
    case 'GB': {
      const building: string[] = [];
      if (random.chance(0.05)) building.push(`c/o ${random.pick(v.people)}`);
      if (random.chance(0.18))
        building.push(
          `${random.pick(['Flat', 'Flat', 'Apartment', 'Unit'])} ${random.between(1, 24)}`,
        );
      if (random.chance(0.12)) building.push(random.pick(v.gbBuildings));
      let suffix = random.pick(v.gbSuffixes);
      if (random.chance(0.3))
        suffix =
          {
            Street: 'St',
            Road: 'Rd',
            Avenue: 'Ave',
            Lane: 'Ln',
            Drive: 'Dr',
            Close: 'Cl',
            Gardens: 'Gdns',
            Crescent: 'Cres',
            Terrace: 'Tce',
          }[suffix] ?? suffix;
      t.street = random.chance(0.05)
        ? `PO Box ${random.between(10, 9999)}`
        : `${random.between(1, 240)}${random.chance(0.05) ? 'A' : ''} ${name(random.pick(v.gbStreets))} ${suffix}`;
      t.building = building.join(', ') || null;
      pieces.push(...building, t.street);
      if (random.chance(0.2)) pieces.push((t.locality = random.pick(v.gbLocalities)));
      pieces.push((t.city = name(random.pick(v.gbTowns))));
      if (random.chance(0.25)) pieces.push((t.region = random.pick(GB_COUNTIES)));
      t.postcode = gbPostcode(random);
      pieces.push(random.chance(0.1) ? t.postcode.replace(' ', '') : t.postcode);
      return { pieces, truth: t, countryNames: ['UK', 'United Kingdom', 'England', 'GB'] };
    }
    case 'US': {
      const [town, state] = random.pick(v.usTowns);
      const unit = random.chance(0.2) ? random.pick(US_UNITS) : null;
      const unitText =
        unit === '#'
          ? `#${random.between(1, 40)}`
          : unit
            ? `${unit} ${random.between(1, 40)}${random.chance(0.3) ? 'B' : ''}`
            : null;
      let suffix = random.pick(v.usSuffixes);
      if (random.chance(0.5))
        suffix =
          {
            Street: 'St',
            Avenue: 'Ave',
            Road: 'Rd',
            Boulevard: 'Blvd',
            Drive: 'Dr',
            Lane: 'Ln',
            Court: 'Ct',
            Place: 'Pl',
            Parkway: 'Pkwy',
            Trail: 'Trl',
            Circle: 'Cir',
            Highway: 'Hwy',
            Terrace: 'Ter',
          }[suffix] ?? suffix;
      const dir = random.chance(0.12) ? `${random.pick(DIRECTIONS)} ` : '';
      t.street = random.chance(0.07)
        ? `PO Box ${random.between(10, 99999)}`
        : `${random.between(1, 19999)} ${dir}${name(random.pick(v.usStreets))} ${suffix}`;
      if (random.chance(0.04)) {
        t.building = `c/o ${random.pick(v.people)}`;
        pieces.push(t.building);
      }
      if (unitText && !t.street.startsWith('PO')) {
        t.building = [t.building, unitText].filter(Boolean).join(', ');
        if (random.chance(0.5)) pieces.push(t.street, unitText);
        else pieces.push(`${t.street} ${unitText}`);
      } else pieces.push(t.street);
      pieces.push((t.city = name(town)));
      t.region = state;
      t.postcode = random.chance(0.25)
        ? `${random.digits(5)}-${random.digits(4)}`
        : random.digits(5);
      pieces.push(`${state} ${t.postcode}`);
      return { pieces, truth: t, countryNames: ['USA', 'US', 'United States'] };
    }
    case 'DE': {
      if (random.chance(0.08)) pieces.push((t.building = `c/o ${random.pick(v.people)}`));
      const suffix = random.pick(v.deSuffixes);
      let street = `${name(random.pick(v.deStreets))}${suffix}`;
      if (suffix === 'straße' && random.chance(0.3)) street = street.replace('straße', 'str.');
      if (suffix === 'straße' && random.chance(0.1)) street = street.replace('straße', 'strasse');
      t.street = random.chance(0.06)
        ? `Postfach ${random.between(1000, 999999)}`
        : `${street} ${random.between(1, 180)}${random.chance(0.1) ? 'a' : ''}`;
      pieces.push(t.street);
      t.postcode = random.digits(5).replace(/^0/, '1');
      t.city = random.pick(v.deTowns);
      pieces.push(`${random.chance(0.05) ? 'D-' : ''}${t.postcode} ${t.city}`);
      return { pieces, truth: t, countryNames: ['Germany', 'Deutschland', 'DE'] };
    }
    case 'FR': {
      if (random.chance(0.12))
        pieces.push(
          (t.building = random.pick([
            `Bâtiment ${random.pick(['A', 'B', 'C'])}`,
            `Appartement ${random.between(1, 60)}`,
            `c/o ${random.pick(v.people)}`,
          ])),
        );
      const prefix = random.pick(v.frPrefixes);
      t.street = random.chance(0.06)
        ? `BP ${random.between(1, 999)}`
        : `${random.between(1, 150)}${random.chance(0.08) ? ' bis' : ''} ${prefix} ${name(random.pick(v.frStreets))}`;
      pieces.push(t.street);
      t.postcode = `${random.pick(['75', '69', '13', '31', '44', '33', '59', '67', '35', '34', '06', '38', '21'])}${random.digits(3)}`;
      t.city = random.pick(v.frTowns);
      if (random.chance(0.08)) t.city = `${t.city} Cedex ${random.between(1, 20)}`;
      pieces.push(`${t.postcode} ${t.city}`);
      return { pieces, truth: t, countryNames: ['France', 'FR'] };
    }
    case 'IE': {
      const [town, county] = random.pick(v.ieTowns);
      if (random.chance(0.1))
        pieces.push(
          (t.building = `${random.pick(['Apartment', 'Unit'])} ${random.between(1, 30)}`),
        );
      const suffix = random.pick(['Street', 'Road', 'Avenue', 'Lane', 'Terrace', 'Park', 'Place']);
      t.street = random.chance(0.15)
        ? `${name(random.pick(v.ieStreets))} ${suffix}`
        : `${random.between(1, 120)} ${name(random.pick(v.ieStreets))} ${suffix}`;
      pieces.push(t.street);
      if (random.chance(0.15)) pieces.push((t.locality = random.pick(v.ieLocalities)));
      pieces.push((t.city = town));
      const withEircode = random.chance(0.75);
      if (random.chance(0.5) || !withEircode) {
        t.region = county;
        pieces.push(`${random.pick(['Co.', 'Co', 'County'])} ${county}`);
      }
      if (withEircode) pieces.push((t.postcode = eircode(random, town)));
      return { pieces, truth: t, countryNames: ['Ireland', 'IE', 'Éire'] };
    }
    case 'NL': {
      if (random.chance(0.06)) pieces.push((t.building = `t.a.v. ${random.pick(v.people)}`));
      const addition = random.weighted([
        ['', 7],
        [`-${random.between(1, 3)}`, 1],
        [random.pick(['A', 'B', 'a']), 1],
        [` ${random.pick(['A', 'B', 'hs'])}`, 1],
      ] as const);
      t.street = random.chance(0.06)
        ? `Postbus ${random.between(1, 9999)}`
        : `${name(random.pick(v.nlStreets))}${random.pick(v.nlSuffixes)} ${random.between(1, 250)}${addition}`;
      pieces.push(t.street);
      t.postcode = `${random.between(1000, 9999)} ${random.letters(2, 'ABCEGHJKLMNPRTVWXZ')}`;
      t.city = random.pick(v.nlTowns);
      pieces.push(`${random.chance(0.2) ? t.postcode.replace(' ', '') : t.postcode} ${t.city}`);
      return {
        pieces,
        truth: t,
        countryNames: ['Netherlands', 'Nederland', 'NL', 'The Netherlands'],
      };
    }
  }
}

/** The address as a person types it: commas or none, casing, blanks, a trailing country. */
function write(random: SeededRandom, pieces: string[], countryNames: string[]): string {
  const all = [...pieces];
  if (random.chance(0.4)) all.push(random.pick(countryNames));
  const separator = random.weighted([
    [', ', 6],
    [' ', 2],
    [',', 1],
    [' , ', 1],
  ] as const);
  let text = all.join(separator);
  if (random.chance(0.1)) text = text.replace(/ /g, () => (random.chance(0.3) ? '  ' : ' '));
  if (random.chance(0.1)) text = ` ${text} `;
  const casing = random.weighted([
    ['as-is', 7],
    ['upper', 2],
    ['lower', 1],
  ] as const);
  if (casing === 'upper') text = text.toUpperCase();
  if (casing === 'lower') text = text.toLowerCase();
  return text;
}

/** The labelled set: `dev` (1,200, tuned on) or `holdout` (500, never tuned on). */
export function generateAddressSet(kind: AddressSetKind): LabelledAddress[] {
  const random = new SeededRandom(kind === 'dev' ? 'addresses-dev-2026' : 'addresses-holdout-0917');
  const vocabulary = kind === 'dev' ? DEV : HOLDOUT;
  const count = kind === 'dev' ? 1200 : 500;
  const out: LabelledAddress[] = [];
  for (let i = 0; i < count; i++) {
    const country = LABELLED_COUNTRIES[i % LABELLED_COUNTRIES.length]!;
    const { pieces, truth, countryNames } = compose(random, vocabulary, country);
    out.push({ text: write(random, pieces, countryNames), truth });
  }
  return out;
}
