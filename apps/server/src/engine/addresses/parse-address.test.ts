import { describe, expect, it } from 'vitest';
import type { AddressComponents } from '@b2b/contract';
import { parseAddress } from './parse-address.js';

const none: AddressComponents = {
  building: null,
  street: null,
  locality: null,
  city: null,
  region: null,
  postcode: null,
  country: null,
};
const parts = (text: string, defaultCountry?: Parameters<typeof parseAddress>[1]) =>
  parseAddress(text, defaultCountry).components;

describe('parseAddress, United Kingdom', () => {
  it('splits a flat, a street, a locality, a town, a county and a postcode', () => {
    expect(
      parts('Flat 3, 12 High St, Headingley, Leeds, West Yorkshire, LS6 3AB, United Kingdom'),
    ).toEqual({
      ...none,
      building: 'Flat 3',
      street: '12 High St',
      locality: 'Headingley',
      city: 'Leeds',
      region: 'West Yorkshire',
      postcode: 'LS6 3AB',
      country: 'GB',
    });
  });

  it('reads an address without commas, in capitals, with a postcode written without its space', () => {
    expect(parts('  FLAT 3  12 HIGH STREET LEEDS LS63AB ')).toEqual({
      ...none,
      building: 'FLAT 3',
      street: '12 HIGH STREET',
      city: 'LEEDS',
      postcode: 'LS6 3AB',
      country: 'GB',
    });
  });

  it('keeps a building name and a c/o line in building and a PO box as the street', () => {
    expect(parts('c/o Acme Ltd, Rose Court, PO Box 123, Bristol, BS1 4DJ')).toEqual({
      ...none,
      building: 'c/o Acme Ltd, Rose Court',
      street: 'PO Box 123',
      city: 'Bristol',
      postcode: 'BS1 4DJ',
      country: 'GB',
    });
  });
});

describe('parseAddress, United States', () => {
  it('reads a unit after the street, the state code and ZIP+4', () => {
    expect(parts('1600 Pennsylvania Ave NW Suite 200, Washington, DC 20500-0003, USA')).toEqual({
      ...none,
      building: 'Suite 200',
      street: '1600 Pennsylvania Ave NW',
      city: 'Washington',
      region: 'DC',
      postcode: '20500-0003',
      country: 'US',
    });
  });

  it('finds the town between the street suffix and the state without commas', () => {
    expect(parts('742 evergreen terrace springfield il 62704')).toEqual({
      ...none,
      street: '742 evergreen terrace',
      city: 'springfield',
      region: 'IL',
      postcode: '62704',
      country: 'US',
    });
  });
});

describe('parseAddress, Germany', () => {
  it('keeps the number after the street and the town after the postcode', () => {
    expect(parts('c/o Müller GmbH, Hauptstraße 5a, 10115 Berlin, Deutschland')).toEqual({
      ...none,
      building: 'c/o Müller GmbH',
      street: 'Hauptstraße 5a',
      city: 'Berlin',
      postcode: '10115',
      country: 'DE',
    });
  });

  it('reads a Postfach and a D- prefixed postcode without a written country', () => {
    expect(parts('Postfach 101234 D-50452 Köln')).toEqual({
      ...none,
      street: 'Postfach 101234',
      city: 'Köln',
      postcode: '50452',
      country: 'DE',
    });
  });

  it('tells a German five-digit postcode from a French one by the street word', () => {
    expect(parts('Lindenweg 12 80331 München').country).toBe('DE');
    expect(parts('Berliner Str. 7 60311 Frankfurt am Main')).toMatchObject({
      street: 'Berliner Str. 7',
      city: 'Frankfurt am Main',
      country: 'DE',
    });
  });
});

describe('parseAddress, France', () => {
  it('keeps the number before "rue" and the CEDEX with the town', () => {
    expect(parts('Bâtiment B, 12 bis rue de la Paix, 75002 Paris Cedex 02, France')).toEqual({
      ...none,
      building: 'Bâtiment B',
      street: '12 bis rue de la Paix',
      city: 'Paris Cedex 02',
      postcode: '75002',
      country: 'FR',
    });
  });

  it('reads a BP and infers France from the street words', () => {
    expect(parts('BP 45, 69001 Lyon')).toMatchObject({ street: 'BP 45', city: 'Lyon' });
    expect(parts('8 avenue Victor Hugo 13001 Marseille')).toEqual({
      ...none,
      street: '8 avenue Victor Hugo',
      city: 'Marseille',
      postcode: '13001',
      country: 'FR',
    });
  });
});

describe('parseAddress, Ireland', () => {
  it('reads a Dublin district, a county written "Co." and an Eircode', () => {
    expect(parts('Apartment 4, 22 Mary Street, Dublin 1, Co. Dublin, D01 F5P2')).toEqual({
      ...none,
      building: 'Apartment 4',
      street: '22 Mary Street',
      city: 'Dublin 1',
      region: 'Dublin',
      postcode: 'D01 F5P2',
      country: 'IE',
    });
  });

  it('knows an address is Irish from "Co. Clare" when it has no Eircode', () => {
    expect(parts('Main Street, Ballyvaughan, Co. Clare')).toEqual({
      ...none,
      street: 'Main Street',
      city: 'Ballyvaughan',
      region: 'Clare',
      country: 'IE',
    });
  });
});

describe('parseAddress, Netherlands', () => {
  it('reads a house number addition and a postcode without a space', () => {
    expect(parts('Kerkstraat 12-3 1017GC Amsterdam')).toEqual({
      ...none,
      street: 'Kerkstraat 12-3',
      city: 'Amsterdam',
      postcode: '1017 GC',
      country: 'NL',
    });
  });

  it('reads a Postbus', () => {
    expect(parts('Postbus 1234, 3000 BA Rotterdam, Nederland')).toEqual({
      ...none,
      street: 'Postbus 1234',
      city: 'Rotterdam',
      postcode: '3000 BA',
      country: 'NL',
    });
  });
});

describe('parseAddress, the country', () => {
  it('says where the country came from', () => {
    expect(parseAddress('12 High St, Leeds, UK').countrySource).toBe('explicit');
    expect(parseAddress('12 High St, Leeds LS6 3AB').countrySource).toBe('postcode');
    expect(parseAddress('Main Street 4, Springfield', { defaultCountry: 'DE' })).toMatchObject({
      countrySource: 'default',
      components: { country: 'DE' },
    });
    expect(parseAddress('somewhere').components.country).toBeNull();
  });

  it('uses the default country to tell five digits apart when nothing else does', () => {
    expect(parts('Zentrum 4 12345 Testort', { defaultCountry: 'FR' }).country).toBe('FR');
  });
});

describe('parseAddress on public addresses the generator never wrote', () => {
  it.each([
    ['350 5th Ave, New York, NY 10118', { street: '350 5th Ave', city: 'New York', region: 'NY' }],
    ['Platz der Republik 1, 11011 Berlin', { street: 'Platz der Republik 1', city: 'Berlin' }],
    ['Museumstraat 1, 1071 XX Amsterdam', { street: 'Museumstraat 1', postcode: '1071 XX' }],
    ["St James's Gate, Dublin 8, D08 VF8H", { street: "St James's Gate", city: 'Dublin 8' }],
    ['Am Sandtorkai 50, 20457 Hamburg', { street: 'Am Sandtorkai 50', country: 'DE' }],
    [
      'Unit 5, Riverside Industrial Estate, Station Road, Warrington WA1 1AA',
      {
        building: 'Unit 5, Riverside Industrial Estate',
        street: 'Station Road',
        city: 'Warrington',
      },
    ],
  ])('%s', (text, expected) => {
    expect(parts(text)).toMatchObject(expected);
  });
});
