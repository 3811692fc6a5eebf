import type { CountryProfile } from './country-profiles/country-profile.js';
import { ZAF } from './country-profiles/africa.js';
import { BRA, CAN, MEX, USA } from './country-profiles/americas.js';
import { AUS, IND, JPN, NZL, SGP } from './country-profiles/asia-pacific.js';
import { DNK, GBR, IRL, NOR, SWE } from './country-profiles/northern-europe.js';
import { ESP, ITA, POL, PRT } from './country-profiles/southern-and-eastern-europe.js';
import { AUT, BEL, CHE, DEU, FRA, NLD } from './country-profiles/western-europe.js';

export type { CountryProfile, StreetStyle } from './country-profiles/country-profile.js';

/**
 * Every country the demo-data generator makes merchants in, one file per region.
 *
 * The order is part of the output: the seeded generator draws a country by cumulative weight
 * over this list, so reordering it changes every generated data set (and so its `versionId`).
 */
export const COUNTRY_PROFILES: readonly CountryProfile[] = [
  GBR,
  USA,
  DEU,
  FRA,
  IRL,
  NLD,
  ESP,
  ITA,
  CAN,
  AUS,
  BEL,
  CHE,
  SWE,
  AUT,
  DNK,
  NOR,
  POL,
  PRT,
  NZL,
  SGP,
  JPN,
  IND,
  ZAF,
  MEX,
  BRA,
];
