import type { MccGroup } from './mcc.js';

/** Word lists for synthetic merchant names. Repeats across merchants are intended: real
 * directories hold many "Premier Cleaning Services Ltd". */

const split = (s: string) => s.trim().split(/\s*,\s*/);

export const SURNAMES: Record<string, string[]> = {
  en: split(`Smith, Jones, Taylor, Brown, Williams, Wilson, Johnson, Davies, Robinson, Wright,
    Thompson, Evans, Walker, White, Roberts, Green, Hall, Wood, Jackson, Clarke, Harper, Baxter,
    Fletcher, Holloway, Whitaker, Ashworth, Pemberton, Hargreaves, Bradshaw, Kendall, Lockwood,
    Marsden, Prescott, Rowland, Sutcliffe, Thornton, Wainwright, Yardley, Bennett, Chapman,
    Dawson, Ellis, Fisher, Gibson, Hughes, Irving, Knight, Lambert, Mason, Newman, Owen, Parker,
    Quinn, Reid, Shaw, Turner, Underwood, Vaughan, Ward, Young, Abbott, Barker, Carter, Doyle,
    Elliott, Foster, Graham, Hammond, Ingram, Jenkins, Kelly, Lawson, Murphy, Nash, O'Brien,
    O'Neill, McDonald, MacKenzie, Patel, Khan, Singh, Chen, Miller, Davis, Garcia, Martinez,
    Anderson, Thomas, Moore, Martin, Lee, Harris, Clark, Lewis, Allen, King, Scott, Adams, Baker,
    Nelson, Hill, Campbell, Mitchell, Perez, Collins, Stewart, Sanchez, Morris, Rogers, Reed,
    Cook, Morgan, Bell, Cooper, Richardson, Cox, Howard, Ward, Brooks, Sanders, Price, Russell,
    Griffin, Hayes, Myers, Ford, Hamilton, Sullivan, Wallace, Woods, Cole, West, Jordan, Reynolds`),
  de: split(`Müller, Schmidt, Schneider, Fischer, Weber, Meyer, Wagner, Becker, Schulz, Hoffmann,
    Schäfer, Koch, Bauer, Richter, Klein, Wolf, Schröder, Neumann, Schwarz, Zimmermann, Braun,
    Krüger, Hofmann, Hartmann, Lange, Schmitt, Werner, Krause, Meier, Lehmann, Huber, Kaiser`),
  fr: split(`Martin, Bernard, Dubois, Thomas, Robert, Richard, Petit, Durand, Leroy, Moreau, Simon,
    Laurent, Lefebvre, Michel, Garcia, David, Bertrand, Roux, Vincent, Fournier, Morel, Girard,
    André, Lefèvre, Mercier, Dupont, Lambert, Bonnet, François, Martinez, Peeters, Janssens`),
  nl: split(`De Jong, Jansen, De Vries, Van den Berg, Van Dijk, Bakker, Janssen, Visser, Smit,
    Meijer, De Boer, Mulder, De Groot, Bos, Vos, Peters, Hendriks, Van Leeuwen, Dekker, Brouwer`),
  es: split(`García, Rodríguez, González, Fernández, López, Martínez, Sánchez, Pérez, Gómez,
    Martín, Jiménez, Ruiz, Hernández, Díaz, Moreno, Álvarez, Romero, Navarro, Torres, Domínguez,
    Silva, Santos, Ferreira, Pereira, Oliveira, Costa, Rodrigues, Almeida, Carvalho, Souza`),
  it: split(`Rossi, Russo, Ferrari, Esposito, Bianchi, Romano, Colombo, Ricci, Marino, Greco,
    Bruno, Gallo, Conti, De Luca, Mancini, Costa, Giordano, Rizzo, Lombardi, Moretti`),
  nordic: split(`Andersson, Johansson, Karlsson, Nilsson, Eriksson, Larsson, Olsson, Persson,
    Hansen, Johansen, Olsen, Larsen, Nielsen, Jensen, Pedersen, Andersen, Christensen, Berg,
    Lindqvist, Holm`),
  pl: split(`Nowak, Kowalski, Wiśniewski, Wójcik, Kowalczyk, Kamiński, Lewandowski, Zieliński,
    Szymański, Woźniak, Dąbrowski, Kozłowski, Jankowski, Mazur, Kwiatkowski`),
  ja: split(`Sato, Suzuki, Takahashi, Tanaka, Watanabe, Ito, Yamamoto, Nakamura, Kobayashi, Kato,
    Yoshida, Yamada, Sasaki, Yamaguchi, Matsumoto`),
};

export const PLACE_WORDS = split(`Northern, Southern, Eastern, Western, Central, Coastal, Thames,
  Mersey, Pennine, Highland, Valley, Riverside, Lakeside, Metro, City, Capital, National, Atlantic,
  Pacific, Summit, Crown, Royal, Union, Premier, Global, United, Allied, Continental, Midland,
  Heartland, Greenfield, Oakwood, Redwood, Kingsway, Westfield, Eastgate, Northgate, Southbank,
  Harbour, Meadowbank, Hillside, Parkside, Bayview, Clearwater, Stonebridge, Ashford, Brookfield,
  Fairview, Greenway, Castle, Abbey, Cathedral, Forest, Moorland, Dales, Peak, Bridgewater,
  Lakeland, Bay Area, Gulf Coast, Mountain, Prairie, Sunbelt, Tri-County, Four Seasons`);

export const DESCRIPTIVE = split(`Golden Oak, Blue River, Silver Birch, Red Kite, Green Leaf, Black
  Swan, White Rose, Evergreen, Bright Star, Clear View, Swift, Rapid, Precision, Quality, Apex,
  Pinnacle, Vertex, Keystone, Cornerstone, Horizon, Meridian, Phoenix, Falcon, Eagle, Orion,
  Atlas, Titan, Nova, Zenith, Vanguard, Sterling, Regal, Noble, Liberty, Heritage, Legacy,
  Signature, Elite, Prime, Optimum, Infinity, True North, First Choice, Best Value, Smart,
  Express, Direct, Total, Complete, Advanced, Modern, Classic, Trinity, Beacon, Lighthouse,
  Anchor, Compass, Arrow, Oak Tree, Willow, Maple Leaf, Cedar, Ivy, Lotus, Orchid, Sapphire,
  Emerald, Ruby, Diamond, Crystal, Platinum, Copper Kettle, Iron Bridge, Stone Wall`);

const BRAND_HEADS = split(`Zen, Ava, Vel, Cor, Nex, Lum, Syn, Tri, Quan, Ver, Ori, Kal, Mar, Sol,
  Ter, Vox, Hel, Axi, Bri, Cal, Dyn, El, Fin, Gal, Hal, Jun, Kin, Lyr, Myr, Nov, Oct, Pax, Rho,
  Sel, Tal, Ul, Vin, Wex, Xan, Yor, Zyl, Alt, Bel, Cyn, Dor, Eph, Fer, Gor, Hyp, Ix`);
const BRAND_MIDS = [
  '',
  'a',
  'o',
  'i',
  'e',
  'ora',
  'ari',
  'eri',
  'ono',
  'ex',
  'yn',
  'el',
  'ar',
  'en',
];
const BRAND_TAILS = split(`tix, lora, vant, nix, dex, tra, via, lis, ton, ware, ly, sys, gen, core,
  ify, eon, ova, is, us, ia, ent, ano, ium, ora, ex, ive, ara, eum, ant, ics`);

/** A made-up brand such as "Zenatix" or "Corvant". */
export function brandName(pick: <T>(items: readonly T[]) => T): string {
  return `${pick(BRAND_HEADS)}${pick(BRAND_MIDS)}${pick(BRAND_TAILS)}`;
}

/** Words that say what a merchant of an MCC group does. */
export const INDUSTRY_WORDS: Record<MccGroup, string[]> = {
  'Agricultural and contracted services': split(`Builders, Construction, Contractors, Roofing,
    Electrical, Plumbing & Heating, Landscaping, Groundworks, Joinery, Scaffolding, Veterinary
    Clinic, Printing, Cleaning Products, Decorators, Insulation, Glazing`),
  Airlines: split(`Airways, Air, Airlines, Aviation, Air Charter`),
  'Car rental': split(`Car Hire, Car Rental, Rent-A-Car, Vehicle Rentals, Van Hire`),
  Lodging: split(`Hotel, Hotels, Inn, Lodge, Suites, Guest House, Resort, Apartments`),
  Transportation: split(`Logistics, Freight, Haulage, Transport, Couriers, Taxis, Travel,
    Removals, Shipping, Coaches, Express Delivery, Distribution`),
  'Utilities and telecom': split(`Energy, Power, Water, Telecom, Communications, Networks,
    Broadband, Utilities, Gas`),
  'Retail outlets': split(`Supplies, Wholesale, Distributors, Trading, Hardware, Building
    Supplies, Office Supplies, Business Supplies, Motors, Auto Parts, Foods, Electrical Supplies,
    Industrial Supplies, Timber, Packaging, Chemicals, Medical Supplies, Tools`),
  Clothing: split(`Clothing, Fashions, Outfitters, Workwear, Uniforms, Footwear, Tailors`),
  'Miscellaneous stores': split(`Furniture, Interiors, Computers, Books, Stationers, Florists,
    Restaurant, Catering, Cafe, Pharmacy, Garden Centre, Laundry, Photography, Electronics,
    Appliances, Sports, Opticians, Bakery, Butchers, Wine Merchants`),
  'Business services': split(`Consulting, Solutions, Marketing, IT Services, Software, Staffing,
    Recruitment, Security, Cleaning Services, Facilities Management, Advertising, Equipment Hire,
    Business Services, Data Services, Print Management, Digital, Technologies, Systems, Media,
    Translation Services, Courier Services, Waste Management`),
  'Professional services and membership organisations': split(`Dental Care, Medical Centre,
    Solicitors, Accountants, Associates, Partners, Engineering, Architects, Laboratories,
    Academy, Training, Care Services, Surveyors, Legal Services, Clinic, Health, Education,
    Consulting Engineers, Tax Advisers`),
  Government: split(`Council, Authority, Agency, Services, Commission, Trust, Board`),
};

/** Words a chain adds to its brand. */
export const CHAIN_WORDS = split(`Express, Stores, Mart, Direct, Depot, Centre, Outlet, Superstore,
  Local, Plus, Extra, Market, Warehouse, Shop`);
