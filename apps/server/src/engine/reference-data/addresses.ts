import type { StreetStyle } from './country-profiles.js';
import type { SeededRandom } from './random.js';

const split = (s: string) => s.trim().split(/\s*,\s*/);

const EN_NAMES = split(`High, Station, Church, Park, Victoria, Green, Manor, Kings, Queens, Mill,
  London, North, South, West, New, School, Market, Bridge, Albert, Castle, Chapel, Orchard,
  Windsor, Grange, Meadow, Springfield, Richmond, Oxford, York, Cambridge, Elm, Beech, Holly`);
const EN_TYPES: (readonly [string, number])[] = [
  ['Road', 30],
  ['Street', 25],
  ['Lane', 10],
  ['Avenue', 8],
  ['Way', 6],
  ['Close', 4],
  ['Drive', 6],
  ['Place', 3],
  ['Court', 3],
  ['Crescent', 3],
  ['Terrace', 2],
];
const US_NAMES = split(`Main, Oak, Maple, Cedar, Elm, Washington, Lake, Hill, Park, Pine, 1st,
  2nd, 3rd, 5th, Broadway, Madison, Jefferson, Lincoln, Franklin, Market, Sunset, River, Spring,
  Highland, Cherry, Walnut, Center, Commerce, Industrial, Airport`);
const US_TYPES: (readonly [string, number])[] = [
  ['St', 30],
  ['Ave', 25],
  ['Blvd', 10],
  ['Rd', 12],
  ['Dr', 10],
  ['Ln', 5],
  ['Way', 4],
  ['Pkwy', 4],
];
const DE_NAMES = split(`Haupt, Bahnhof, Schul, Garten, Dorf, Berg, Kirch, Wald, Linden, Ring,
  Industrie, Goethe, Schiller, Mozart, Markt, Wiesen, Feld, Post, Friedrich, Kaiser`);
const FR_NAMES = split(`de la République, Victor Hugo, du Général de Gaulle, Jean Jaurès, de
  Paris, des Lilas, Pasteur, de la Gare, Voltaire, Gambetta, Nationale, de la Liberté, Foch`);
const NL_NAMES = split(
  `Kerk, Dorps, Molen, Stations, Markt, Hoofd, School, Wilhelmina, Juliana, Prins Hendrik, Oranje, Beuk, Eiken`,
);
const ES_NAMES = split(`Mayor, de Alcalá, Gran Vía, del Sol, de la Paz, Real, de Serrano,
  Princesa, de Atocha, Colón, Reforma, Insurgentes, Juárez`);
const IT_NAMES = split(`Roma, Garibaldi, Mazzini, Dante, Verdi, Cavour, Marconi, Vittorio
  Emanuele, Nazionale, della Repubblica, XX Settembre`);
const PT_NAMES = split(`das Flores, Augusta, do Comércio, Direita, Sete de Setembro, da
  Liberdade, Paulista, do Ouvidor, da Consolação, Santa Catarina`);
const NORDIC_NAMES = split(`Stor, Kungs, Drottning, Strand, Skol, Kirke, Nørre, Vester, Øster,
  Hav, Sjö, Berg, Park`);
const PL_NAMES = split(`Marszałkowska, Długa, Polna, Lipowa, Kwiatowa, Słoneczna, Ogrodowa,
  Leśna, Krótka, Szkolna, Piłsudskiego`);
const JA_DISTRICTS = split(`Marunouchi, Shinjuku, Shibuya, Ginza, Umeda, Namba, Minato Mirai,
  Sakae, Roppongi, Akasaka`);
const BUSINESS_PLACES = split(`Industrial Estate, Business Park, Trading Estate, Enterprise Park,
  Technology Park, Retail Park`);

/** A street address line in the country's own style. */
export function streetAddress(r: SeededRandom, style: StreetStyle): string {
  const n = r.between(1, r.chance(0.8) ? 150 : 2500);
  switch (style) {
    case 'en': {
      if (r.chance(0.18)) {
        return `Unit ${r.between(1, 40)}, ${r.pick(EN_NAMES)} ${r.pick(BUSINESS_PLACES)}`;
      }
      const street = `${r.pick(EN_NAMES)} ${r.weighted(EN_TYPES)}`;
      return r.chance(0.1) ? `${r.pick(EN_NAMES)} House, ${n} ${street}` : `${n} ${street}`;
    }
    case 'us': {
      const line = `${n} ${r.chance(0.15) ? `${r.pick(['N', 'S', 'E', 'W'])} ` : ''}${r.pick(US_NAMES)} ${r.weighted(US_TYPES)}`;
      return r.chance(0.25) ? `${line} Suite ${r.between(100, 1900)}` : line;
    }
    case 'de': {
      const kind = r.weighted([
        ['straße', 70],
        ['weg', 15],
        ['platz', 5],
        ['allee', 10],
      ]);
      return `${r.pick(DE_NAMES)}${kind} ${r.between(1, 120)}`;
    }
    case 'fr':
      return `${r.between(1, 180)} ${r.weighted([
        ['rue', 60],
        ['avenue', 20],
        ['boulevard', 12],
        ['place', 8],
      ])} ${r.pick(FR_NAMES)}`;
    case 'nl':
      return `${r.pick(NL_NAMES)}${r.weighted([
        ['straat', 60],
        ['weg', 25],
        ['laan', 15],
      ])} ${r.between(1, 250)}`;
    case 'es':
      return `${r.weighted([
        ['Calle', 70],
        ['Avenida', 20],
        ['Paseo', 10],
      ])} ${r.pick(ES_NAMES)} ${r.between(1, 200)}`;
    case 'it':
      return `${r.weighted([
        ['Via', 80],
        ['Viale', 12],
        ['Piazza', 8],
      ])} ${r.pick(IT_NAMES)} ${r.between(1, 200)}`;
    case 'pt':
      return `${r.weighted([
        ['Rua', 75],
        ['Avenida', 25],
      ])} ${r.pick(PT_NAMES)} ${r.between(1, 2000)}`;
    case 'se':
      return `${r.pick(NORDIC_NAMES)}gatan ${r.between(1, 90)}`;
    case 'no':
      return `${r.pick(NORDIC_NAMES)}gata ${r.between(1, 90)}`;
    case 'dk':
      return `${r.pick(NORDIC_NAMES)}${r.weighted([
        ['gade', 60],
        ['vej', 40],
      ])} ${r.between(1, 90)}`;
    case 'pl':
      return `ul. ${r.pick(PL_NAMES)} ${r.between(1, 150)}`;
    case 'ja':
      return `${r.between(1, 9)}-${r.between(1, 30)}-${r.between(1, 20)} ${r.pick(JA_DISTRICTS)}`;
  }
}
