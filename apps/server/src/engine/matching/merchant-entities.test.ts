import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestKit } from '../engine-test-kit.js';
import { importReferenceData, suggestMerchantMapping } from '../reference-data/import-merchants.js';

// Card reference data as feeds deliver it: one business several times over.
const MERCHANTS = `merchant_id,merchant_name,city,postcode,country,tax_id,mcc,dba_name
M01,Northgate Bakery Ltd,Leeds,LS1 4AB,GBR,,5462,
M02,NORTHGATE BAKERY,Leeds,,GBR,,5462,
M03,Northgate Bakery,York,YO1 7HH,GBR,,5462,
M04,Kestrel Valley Garden Centre Ltd,Harrogate,HG1 1AA,GBR,,5261,
M05,KESTREL VALLEY GARDEN C,Harrogate,,GBR,,5261,
M06,SQ *KESTREL VALLEY GARDEN,,,GBR,,5261,
M07,Harlow Office Furniture Ltd,Harlow,CM20 1AA,GBR,GB555666777,5712,
M08,HARLOW OFFICE FURNITURE,Leeds,,GBR,GB 555 666 777,5712,
M09,Northern Industrial Cleaning Services Limited,Bradford,,GBR,,7349,
M10,Northern Industrial Clearance Ltd,Bradford,,GBR,,7349,
M11,NORTHERN INDUSTRIAL CLE,Bradford,,GBR,,7349,
M12,Sanders Consulting Inc,Boston,,USA,,8999,
M13,Sanders Consulting Engineers LLC,Boston,,USA,,8999,
M14,Age UK Northumberland,Morpeth,NE61 1AA,GBR,,8398,
M15,AGE UK NORTHUMBERLAN,Morpeth,,GBR,,8398,
M16,Quinn Timber Ltd,,,GBR,,5211,
M17,QUINN TIMBER,Hull,,GBR,,5211,
M18,Brightmart Stores Ltd,Leeds,LS1 6HD,GBR,,5411,
M19,BRIGHTMART,York,,GBR,,5411,BRIGHTMART #1234 YORK
M20,Brightmart Stores Ltd,Hull,,GBR,,5411,BRIGHTMART #88 HULL
M21,Brightmart Stores Ltd,Bristol,,GBR,,7011,
M22,Sterling Bakers,Manchester,M15 3BL,GBR,,5462,
M23,SUMUP *STERLINGBAKERS,Manchester,M15 3BL,GBR,,5462,
M24,Sterling Bakers,Kendal,LA14 0TQ,GBR,,5462,
M25,Community Foundation for Suffolk,Ipswich,IP12 0ZJ,GBR,,8398,
M26,Community Foundation for Ipswich,Ipswich,IP15 2RQ,GBR,,8398,
M27,COMMUNITY FOUNDATION FOR,Ipswich,IP12 0ZJ,GBR,,8398,
M28,Northampton Hotel Ltd,Northampton,NN28 0FG,GBR,,7011,
M29,NORTHAMPTON HOTEL,Northampton,NN28 0FG,GBR,GB543231955,7011,
M30,NORTHAMPTON HOTEL LTD,Northampton,NN21 0YE,GBR,GB258397604,7011,
M31,NORTHAMPTON HOTEL,Northampton,NN21 0YE,GBR,,7011,
M32,Ingram & Hammond Limited,Bedford,MK11 3AY,GBR,,7538,
M33,INGRAM & HAMMOND LTD,Truro,TR3 6JG,GBR,,7538,
M34,INGRAM & HAMMOND,Bedford,,GBR,,7538,
M35,INGRAM & HAMMOND,Stoke-on-Trent,ST22 6TX,GBR,,7538,
M36,Skylark Signs GmbH,Düsseldorf,40991,DEU,,7399,
M37,SKYLARK SIGNS GMBH,Essen,45508,DEU,,7399,`;

let kit: Awaited<ReturnType<typeof createEngineTestKit>>;
let entityOf: Record<string, string>;

beforeAll(async () => {
  kit = await createEngineTestKit();
  const { version } = await importReferenceData({
    db: kit.db,
    rootDir: path.join(kit.dir, 'reference'),
    file: kit.file('merchants.csv', MERCHANTS),
    declaredName: 'merchants.csv',
    mapping: suggestMerchantMapping(MERCHANTS.split('\n')[0]!.split(',')),
    workDir: kit.dir,
  });
  const rows = await kit.db.all<{ merchant_id: string; entity_id: string }>(
    `SELECT merchant_id, entity_id FROM read_parquet('${version.indexPath}')`,
  );
  entityOf = Object.fromEntries(rows.map((r) => [r.merchant_id, r.entity_id]));
}, 60_000);
afterAll(() => kit.dispose());

const same = (...ids: string[]) => new Set(ids.map((id) => entityOf[id])).size === 1;

describe('merchant entities', () => {
  it('joins one business listed in other letter case and with or without legal form', () => {
    expect(same('M01', 'M02')).toBe(true);
    expect(entityOf.M01).toBe('M01');
  });

  it('keeps a same-named shop in another town apart (a common name, no shared tax id)', () => {
    expect(same('M01', 'M03')).toBe(false);
  });

  it('joins descriptors cut at a card network field length to the full name', () => {
    expect(same('M04', 'M05', 'M06')).toBe(true);
    expect(same('M14', 'M15')).toBe(true);
  });

  it("joins a payment processor's run-together descriptor to the business's record", () => {
    expect(same('M22', 'M23')).toBe(true);
    expect(same('M22', 'M24')).toBe(false);
  });

  it('joins records of other towns that share a tax id', () => {
    expect(same('M07', 'M08')).toBe(true);
  });

  it('leaves a cut descriptor alone when two businesses could be its full name', () => {
    expect(same('M09', 'M11')).toBe(false);
    expect(same('M10', 'M11')).toBe(false);
    expect(same('M09', 'M10')).toBe(false);
  });

  it("joins a cut descriptor to the full name at its postcode, not the town's other one", () => {
    expect(same('M25', 'M27')).toBe(true);
    expect(same('M26', 'M27')).toBe(false);
  });

  it('joins a record without tax id to the tax id of its name at its postcode, in a town of two', () => {
    expect(same('M28', 'M29')).toBe(true);
    expect(same('M30', 'M31')).toBe(true);
    expect(same('M28', 'M31')).toBe(false);
  });

  it('does not treat a name ending in a complete legal form as cut short', () => {
    expect(same('M12', 'M13')).toBe(false);
  });

  it('joins a record without town or tax id to the only entity of its name', () => {
    expect(same('M16', 'M17')).toBe(true);
  });

  it('joins the records of a registered name in other towns where the register keeps names unique', () => {
    // Companies House refuses a name already on its register: one "Ingram & Hammond Limited".
    expect(same('M32', 'M33', 'M34')).toBe(true);
    // A record without the legal form in another town may be a namesake's.
    expect(same('M32', 'M35')).toBe(false);
  });

  it('keeps same-named GmbHs of two cities apart (German registers compare names by town)', () => {
    expect(same('M36', 'M37')).toBe(false);
  });

  it("joins a chain's store-numbered records in other towns and the names they carry", () => {
    expect(same('M18', 'M19', 'M20')).toBe(true);
    expect(entityOf.M19).toBe('M18');
  });

  it("keeps a record of a chain's name apart when its MCC group is another", () => {
    expect(same('M18', 'M21')).toBe(false);
  });
});
