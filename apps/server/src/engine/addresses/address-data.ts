import type { ADDRESS_PARSER_COUNTRIES } from '@b2b/contract';

/**
 * What the rule-based address parser and validator know about the six countries they read
 * (SPEC §2 Tools, AI address parser): postcode shapes, street words, the regions a postcode is
 * written after, and the names a country is written as. Closed lists only (states, counties,
 * provinces, UK postcode areas); towns and streets are never listed, so an unseen town parses
 * the same as a known one.
 */

export type AddressCountry = (typeof ADDRESS_PARSER_COUNTRIES)[number];

/** Upper case, accents and punctuation dropped, single spaces: how names are compared. */
export function foldKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'SS')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

/** Ways a country is written at the end of an address, folded (foldKey). */
const COUNTRY_NAMES: Record<AddressCountry, string[]> = {
  GB: [
    'UK',
    'U K',
    'GB',
    'GBR',
    'UNITED KINGDOM',
    'GREAT BRITAIN',
    'BRITAIN',
    'ENGLAND',
    'SCOTLAND',
    'WALES',
    'NORTHERN IRELAND',
  ],
  US: ['US', 'USA', 'U S', 'U S A', 'UNITED STATES', 'UNITED STATES OF AMERICA', 'AMERICA'],
  DE: ['DE', 'DEU', 'GERMANY', 'DEUTSCHLAND', 'BRD', 'ALLEMAGNE'],
  FR: ['FR', 'FRA', 'FRANCE', 'FRANKREICH'],
  IE: ['IE', 'IRL', 'IRELAND', 'REPUBLIC OF IRELAND', 'EIRE'],
  NL: ['NL', 'NLD', 'NETHERLANDS', 'THE NETHERLANDS', 'NEDERLAND', 'HOLLAND'],
};

/** Folded country name → ISO code; the longest names have up to five words. */
export const COUNTRY_BY_NAME = new Map<string, AddressCountry>(
  Object.entries(COUNTRY_NAMES).flatMap(([code, names]) =>
    names.map((n) => [n, code as AddressCountry] as const),
  ),
);

/** The country prefix of a European postcode written "D-10115", "F-75008", "NL-1012 AB". */
export const POSTCODE_COUNTRY_PREFIX: Record<string, AddressCountry> = {
  D: 'DE',
  DE: 'DE',
  F: 'FR',
  FR: 'FR',
  NL: 'NL',
};

/** ISO 3166-1 alpha-2 codes (the 249 officially assigned); alpha-3 ones are in the contract. */
export const ISO_3166_ALPHA2 = new Set(
  `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS
  BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE
  EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM
  HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC
  LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA
  NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW
  SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO
  TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW`.split(/\s+/),
);

/** US states, DC and the territories, by USPS code. */
export const US_STATES = new Set(
  `AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ
  NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR GU VI AS MP`.split(/\s+/),
);

/** Historic and ceremonial UK counties people still write in addresses (folded). */
export const UK_COUNTIES = new Set(
  [
    'Avon',
    'Bedfordshire',
    'Berkshire',
    'Buckinghamshire',
    'Cambridgeshire',
    'Cheshire',
    'Cleveland',
    'Cornwall',
    'Cumbria',
    'Derbyshire',
    'Devon',
    'Dorset',
    'Durham',
    'County Durham',
    'East Sussex',
    'Essex',
    'Gloucestershire',
    'Greater London',
    'Greater Manchester',
    'Hampshire',
    'Herefordshire',
    'Hertfordshire',
    'Isle of Wight',
    'Kent',
    'Lancashire',
    'Leicestershire',
    'Lincolnshire',
    'Merseyside',
    'Middlesex',
    'Norfolk',
    'Northamptonshire',
    'Northumberland',
    'North Yorkshire',
    'Nottinghamshire',
    'Oxfordshire',
    'Rutland',
    'Shropshire',
    'Somerset',
    'South Yorkshire',
    'Staffordshire',
    'Suffolk',
    'Surrey',
    'Tyne and Wear',
    'Warwickshire',
    'West Midlands',
    'West Sussex',
    'West Yorkshire',
    'Wiltshire',
    'Worcestershire',
    'East Riding of Yorkshire',
    'Yorkshire',
    'Aberdeenshire',
    'Angus',
    'Argyll',
    'Ayrshire',
    'Dumfriesshire',
    'Fife',
    'Lanarkshire',
    'Midlothian',
    'East Lothian',
    'West Lothian',
    'Perthshire',
    'Renfrewshire',
    'Stirlingshire',
    'Highland',
    'Clwyd',
    'Dyfed',
    'Gwent',
    'Gwynedd',
    'Powys',
    'Glamorgan',
    'Mid Glamorgan',
    'South Glamorgan',
    'West Glamorgan',
    'Antrim',
    'County Antrim',
    'Armagh',
    'County Down',
    'Fermanagh',
    'Londonderry',
    'Tyrone',
  ].map(foldKey),
);

/** Counties named like their county town: alone, the name is the town. */
export const UK_COUNTY_TOWNS = new Set(['DURHAM', 'LONDONDERRY', 'ARMAGH', 'ANTRIM']);

/** The 26 counties of Ireland (folded), written "Co. Cork", "County Cork" or "Cork". */
export const IE_COUNTIES = new Set(
  [
    'Carlow',
    'Cavan',
    'Clare',
    'Cork',
    'Donegal',
    'Dublin',
    'Galway',
    'Kerry',
    'Kildare',
    'Kilkenny',
    'Laois',
    'Leitrim',
    'Limerick',
    'Longford',
    'Louth',
    'Mayo',
    'Meath',
    'Monaghan',
    'Offaly',
    'Roscommon',
    'Sligo',
    'Tipperary',
    'Waterford',
    'Westmeath',
    'Wexford',
    'Wicklow',
  ].map(foldKey),
);

/** The twelve Dutch provinces (folded), sometimes written after the town. */
export const NL_PROVINCES = new Set(
  [
    'Drenthe',
    'Flevoland',
    'Friesland',
    'Fryslan',
    'Gelderland',
    'Groningen',
    'Limburg',
    'Noord-Brabant',
    'Noord-Holland',
    'Overijssel',
    'Utrecht',
    'Zeeland',
    'Zuid-Holland',
  ].map(foldKey),
);

/**
 * The UK postcode areas (the letters before the first digit): the 121 of Great Britain and
 * Northern Ireland plus GY, JE and IM, which Royal Mail serves the same way. A postcode whose
 * area is not here is well formed yet does not exist.
 */
export const UK_POSTCODE_AREAS = new Set(
  `AB AL B BA BB BD BH BL BN BR BS BT CA CB CF CH CM CO CR CT CV CW DA DD DE DG DH DL DN DT DY
  E EC EH EN EX FK FY G GL GU GY HA HD HG HP HR HS HU HX IG IM IP IV JE KA KT KW KY L LA LD LE
  LL LN LS LU M ME MK ML N NE NG NN NP NR NW OL OX PA PE PH PL PO PR RG RH RM S SA SE SG SK SL
  SM SN SO SP SR SS ST SW SY TA TD TF TN TQ TR TS TW UB W WA WC WD WF WN WR WS WV YO ZE`.split(
    /\s+/,
  ),
);

/**
 * Street words, folded, by the countries that use them. A word at the end of a street name
 * (suffix) or at its start (prefix, as French "rue de …"); German compounds end in a suffix
 * ("Hauptstraße", "Lindenweg") and are matched by ending.
 */
export const STREET_SUFFIXES = new Set(
  `STREET ST STR ROAD RD AVENUE AVE AV LANE LN DRIVE DR COURT CT PLACE PL SQUARE SQ TERRACE TCE
  CRESCENT CRES CLOSE CL WAY GROVE GR GARDENS GDNS HILL PARK ROW WALK MEWS PARADE BOULEVARD BLVD
  HIGHWAY HWY PARKWAY PKWY CIRCLE CIR TRAIL TRL PIKE TURNPIKE PLAZA TER QUAY GREEN GATE VIEW RISE
  STRASSE WEG PLATZ ALLEE GASSE RING DAMM UFER CHAUSSEE PFAD MARKT STEIG
  STRAAT LAAN PLEIN GRACHT KADE SINGEL DIJK HOF PAD DREEF MARKT`.split(/\s+/),
);

/** The endings of German and Dutch compound street names ("Lindenstraße", "Kerkstraat"). */
export const STREET_ENDINGS =
  /(STRASSE|STR|WEG|PLATZ|ALLEE|GASSE|RING|DAMM|UFER|CHAUSSEE|PFAD|MARKT|STEIG|STRAAT|LAAN|PLEIN|GRACHT|KADE|SINGEL|DIJK|HOF|PAD|DREEF|STEEG)$/;

/** French (and some Dutch) street words written before the name: "rue de la Paix". */
export const STREET_PREFIXES = new Set(
  `RUE AVENUE AV BOULEVARD BD BLD PLACE ALLEE CHEMIN IMPASSE QUAI COURS ROUTE RTE SQUARE PASSAGE
  VOIE CHAUSSEE ESPLANADE PROMENADE SENTIER`.split(/\s+/),
);

/** Words that say an address is French or German when both use five-digit postcodes. */
export const FRENCH_WORDS = new Set(
  `RUE AVENUE AV BOULEVARD BD PLACE ALLEE CHEMIN IMPASSE QUAI COURS ROUTE RTE CEDEX BP DE LA DU DES
  LE LES SAINT ST STE SAINTE VOIE ESPLANADE PROMENADE BATIMENT APPARTEMENT BIS TER`.split(/\s+/),
);
export const GERMAN_WORDS = new Set(
  `STRASSE STR WEG PLATZ ALLEE GASSE RING DAMM UFER POSTFACH CHAUSSEE AM AN DER DEN IM IN BEI OG
  HINTERHAUS`.split(/\s+/),
);

/** A unit or building word that starts the building component ("Flat 3", "Suite 200"). */
export const UNIT_WORDS =
  /^(FLAT|APT|APARTMENT|UNIT|SUITE|STE|ROOM|RM|FLOOR|FL|BLDG|BUILDING|APPARTEMENT|APP|BATIMENT|BAT|ETAGE|WOHNUNG|WHG|HAUS|GEBAUDE|#)$/;

/** Words of a PO box, which stands in the street's place ("PO Box 12", "Postfach 1234", "BP 45"). */
export const PO_BOX =
  /^(?:P\.?\s?O\.?\s?Box|Post\s?Office\s?Box|Postfach|Postbus|Antwoordnummer|BP|B\.P\.|Boite Postale|Boîte Postale|CS)\s*\d+/i;
