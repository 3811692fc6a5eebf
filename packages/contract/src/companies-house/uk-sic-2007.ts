/**
 * UK SIC 2007 (the UK Standard Industrial Classification of Economic Activities 2007, Office for
 * National Statistics; Open Government Licence v3.0): its sections A–U and two-digit divisions
 * with their official titles. Companies House gives a company's activities as five-digit UK SIC
 * 2007 codes; the screens show each with its division's title (issue 21, Companies House tool).
 * Only sections and divisions are held here: the 600-odd classes would be a data file, not a
 * table to read.
 */

export type UkSicSection = {
  letter: string;
  title: string;
  /** The first and last two-digit division of the section. */
  divisions: readonly [number, number];
};

export const UK_SIC_2007_SECTIONS: readonly UkSicSection[] = [
  { letter: 'A', title: 'Agriculture, forestry and fishing', divisions: [1, 3] },
  { letter: 'B', title: 'Mining and quarrying', divisions: [5, 9] },
  { letter: 'C', title: 'Manufacturing', divisions: [10, 33] },
  {
    letter: 'D',
    title: 'Electricity, gas, steam and air conditioning supply',
    divisions: [35, 35],
  },
  {
    letter: 'E',
    title: 'Water supply; sewerage, waste management and remediation activities',
    divisions: [36, 39],
  },
  { letter: 'F', title: 'Construction', divisions: [41, 43] },
  {
    letter: 'G',
    title: 'Wholesale and retail trade; repair of motor vehicles and motorcycles',
    divisions: [45, 47],
  },
  { letter: 'H', title: 'Transportation and storage', divisions: [49, 53] },
  { letter: 'I', title: 'Accommodation and food service activities', divisions: [55, 56] },
  { letter: 'J', title: 'Information and communication', divisions: [58, 63] },
  { letter: 'K', title: 'Financial and insurance activities', divisions: [64, 66] },
  { letter: 'L', title: 'Real estate activities', divisions: [68, 68] },
  { letter: 'M', title: 'Professional, scientific and technical activities', divisions: [69, 75] },
  { letter: 'N', title: 'Administrative and support service activities', divisions: [77, 82] },
  {
    letter: 'O',
    title: 'Public administration and defence; compulsory social security',
    divisions: [84, 84],
  },
  { letter: 'P', title: 'Education', divisions: [85, 85] },
  { letter: 'Q', title: 'Human health and social work activities', divisions: [86, 88] },
  { letter: 'R', title: 'Arts, entertainment and recreation', divisions: [90, 93] },
  { letter: 'S', title: 'Other service activities', divisions: [94, 96] },
  {
    letter: 'T',
    title:
      'Activities of households as employers; undifferentiated goods- and services-producing activities of households for own use',
    divisions: [97, 98],
  },
  {
    letter: 'U',
    title: 'Activities of extraterritorial organisations and bodies',
    divisions: [99, 99],
  },
];

/** The 88 divisions by their two digits (04, 34, 40… are not used by SIC 2007). */
export const UK_SIC_2007_DIVISIONS: Readonly<Record<string, string>> = {
  '01': 'Crop and animal production, hunting and related service activities',
  '02': 'Forestry and logging',
  '03': 'Fishing and aquaculture',
  '05': 'Mining of coal and lignite',
  '06': 'Extraction of crude petroleum and natural gas',
  '07': 'Mining of metal ores',
  '08': 'Other mining and quarrying',
  '09': 'Mining support service activities',
  '10': 'Manufacture of food products',
  '11': 'Manufacture of beverages',
  '12': 'Manufacture of tobacco products',
  '13': 'Manufacture of textiles',
  '14': 'Manufacture of wearing apparel',
  '15': 'Manufacture of leather and related products',
  '16': 'Manufacture of wood and of products of wood and cork, except furniture; manufacture of articles of straw and plaiting materials',
  '17': 'Manufacture of paper and paper products',
  '18': 'Printing and reproduction of recorded media',
  '19': 'Manufacture of coke and refined petroleum products',
  '20': 'Manufacture of chemicals and chemical products',
  '21': 'Manufacture of basic pharmaceutical products and pharmaceutical preparations',
  '22': 'Manufacture of rubber and plastic products',
  '23': 'Manufacture of other non-metallic mineral products',
  '24': 'Manufacture of basic metals',
  '25': 'Manufacture of fabricated metal products, except machinery and equipment',
  '26': 'Manufacture of computer, electronic and optical products',
  '27': 'Manufacture of electrical equipment',
  '28': 'Manufacture of machinery and equipment n.e.c.',
  '29': 'Manufacture of motor vehicles, trailers and semi-trailers',
  '30': 'Manufacture of other transport equipment',
  '31': 'Manufacture of furniture',
  '32': 'Other manufacturing',
  '33': 'Repair and installation of machinery and equipment',
  '35': 'Electricity, gas, steam and air conditioning supply',
  '36': 'Water collection, treatment and supply',
  '37': 'Sewerage',
  '38': 'Waste collection, treatment and disposal activities; materials recovery',
  '39': 'Remediation activities and other waste management services',
  '41': 'Construction of buildings',
  '42': 'Civil engineering',
  '43': 'Specialised construction activities',
  '45': 'Wholesale and retail trade and repair of motor vehicles and motorcycles',
  '46': 'Wholesale trade, except of motor vehicles and motorcycles',
  '47': 'Retail trade, except of motor vehicles and motorcycles',
  '49': 'Land transport and transport via pipelines',
  '50': 'Water transport',
  '51': 'Air transport',
  '52': 'Warehousing and support activities for transportation',
  '53': 'Postal and courier activities',
  '55': 'Accommodation',
  '56': 'Food and beverage service activities',
  '58': 'Publishing activities',
  '59': 'Motion picture, video and television programme production, sound recording and music publishing activities',
  '60': 'Programming and broadcasting activities',
  '61': 'Telecommunications',
  '62': 'Computer programming, consultancy and related activities',
  '63': 'Information service activities',
  '64': 'Financial service activities, except insurance and pension funding',
  '65': 'Insurance, reinsurance and pension funding, except compulsory social security',
  '66': 'Activities auxiliary to financial services and insurance activities',
  '68': 'Real estate activities',
  '69': 'Legal and accounting activities',
  '70': 'Activities of head offices; management consultancy activities',
  '71': 'Architectural and engineering activities; technical testing and analysis',
  '72': 'Scientific research and development',
  '73': 'Advertising and market research',
  '74': 'Other professional, scientific and technical activities',
  '75': 'Veterinary activities',
  '77': 'Rental and leasing activities',
  '78': 'Employment activities',
  '79': 'Travel agency, tour operator and other reservation service and related activities',
  '80': 'Security and investigation activities',
  '81': 'Services to buildings and landscape activities',
  '82': 'Office administrative, office support and other business support activities',
  '84': 'Public administration and defence; compulsory social security',
  '85': 'Education',
  '86': 'Human health activities',
  '87': 'Residential care activities',
  '88': 'Social work activities without accommodation',
  '90': 'Creative, arts and entertainment activities',
  '91': 'Libraries, archives, museums and other cultural activities',
  '92': 'Gambling and betting activities',
  '93': 'Sports activities and amusement and recreation activities',
  '94': 'Activities of membership organisations',
  '95': 'Repair of computers and personal and household goods',
  '96': 'Other personal service activities',
  '97': 'Activities of households as employers of domestic personnel',
  '98': 'Undifferentiated goods- and services-producing activities of private households for own use',
  '99': 'Activities of extraterritorial organisations and bodies',
};

/**
 * Codes Companies House uses that are not SIC 2007 classes: 99999 "Dormant Company" would
 * otherwise read as division 99 (extraterritorial organisations).
 */
const NOT_SIC_2007 = new Set(['99999']);

/** "Division 62: Computer programming, …" for a UK SIC 2007 code, or null for none known. */
export function ukSicDivision(code: string): string | null {
  const digits = code.trim();
  if (!/^\d{2,5}$/.test(digits) || NOT_SIC_2007.has(digits)) return null;
  const division = digits.slice(0, 2);
  const title = UK_SIC_2007_DIVISIONS[division];
  return title ? `Division ${division}: ${title}` : null;
}

/**
 * A code as the screens show it: "62012 — Division 62: Computer programming, consultancy and
 * related activities"; a code whose division is unknown, alone.
 */
export function ukSicDescription(code: string): string {
  const division = ukSicDivision(code);
  return division ? `${code.trim()} — ${division}` : code.trim();
}
