import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineTestKit } from '../engine-test-kit.js';
import { copyToParquet, sqlString } from '../duckdb.js';
import { installNormaliseMacros, normaliseNames } from './normalise-sql.js';
import { tokenScoreSql } from './token-score-sql.js';

let kit: Awaited<ReturnType<typeof createEngineTestKit>>;
beforeAll(async () => {
  kit = await createEngineTestKit();
  await installNormaliseMacros(kit.db);
});
afterAll(() => kit.dispose());

describe('name normalisation', () => {
  it.each([
    ['ACME Ltd', 'acme'],
    ['Acme Limited', 'acme'],
    ['The Acme Company Inc.', 'acme'],
    ['Acs Business Supplies Lt', 'acs business supplies'],
    ['ACS BUSINESS SUPPLIES LIMI', 'acs business supplies'],
    ['A.C.S. Business Supplies L.L.C.', 'acs business supplies'],
    ['Smith & Co', 'smith'],
    ['Smith & Jones LLP', 'smith and jones'],
    ['Müller Großhandel GmbH & Co. KG', 'muller grosshandel'],
    ['Tesco Stores #1234', 'tesco stores'],
    ['TESCO STORE 0457', 'tesco'],
    ['SQ *ACME COFFEE', 'acme coffee'],
    ['PAYPAL *ACMESUPPLIES', 'acmesupplies'],
    ['ZETTLE_*DOVER HAIR STUDIO', 'dover hair studio'],
    ['SP VISSERHAIRSTUDIO', 'visserhairstudio'],
    ['SP Energy Networks', 'sp energy networks'],
    ['SP Offices', 'sp offices'],
    ['AMZNMktplace', 'amazon marketplace'],
    ['AMZN Mktp UK*2K4T1', 'amazon marketplace'],
    ['Harper Intl Svcs Pty Ltd', 'harper international services'],
    ['Lambert Digital (Pty) L', 'lambert digital'],
    ['Helarlora Limiteed', 'helarlora'],
    ["O'Neill Builders", 'oneill builders'],
    ['Vinoraeum S.r.l.', 'vinoraeum'],
    ['Dynelify B.V', 'dynelify'],
    ['Limited', 'limited'],
    // Cut inside the legal form at a descriptor's length: what is left of the form goes.
    ['LAPWING LANDSCAPING LI', 'lapwing landscaping'],
    ['HARTMANN FISH & CHIPS GMB', 'hartmann fish and chips'],
    ['BRIGHTWATER TRADING CORPO', 'brightwater trading'],
    // A short name ending in those letters was not cut: they are its own.
    ['Bruce Li', 'bruce li'],
    ['Phoenix Laundry Aktiebolag', 'phoenix laundry'],
    ['Kestrel Holdings Public Limited Company', 'kestrel holdings'],
  ])('%j → %j', async (raw, expected) => {
    expect(await normaliseNames(kit.db, [raw])).toEqual([expected]);
  });

  it('keeps blanks empty', async () => {
    expect(await normaliseNames(kit.db, [null, '  '])).toEqual([null, null]);
  });
});

describe('field normalisation', () => {
  const one = async (sql: string) => (await kit.db.one<{ v: unknown }>(`SELECT ${sql} AS v`))?.v;

  it('normalises postcodes and their areas per country', async () => {
    expect(await one(`b2b_postcode('sw1a 1aa', 'GBR')`)).toBe('SW1A1AA');
    expect(await one(`b2b_postcode_area('SW1A1AA', 'GBR')`)).toBe('SW1A');
    expect(await one(`b2b_postcode('10001-1234', 'USA')`)).toBe('10001');
    expect(await one(`b2b_postcode('1011 ab', 'NLD')`)).toBe('1011AB');
    expect(await one(`b2b_postcode_area('1011AB', 'NLD')`)).toBe('1011');
  });

  it('normalises tax ids with or without country prefix and separators', async () => {
    expect(await one(`b2b_tax_id('GB 123 4567 89')`)).toBe('123456789');
    expect(await one(`b2b_tax_id('123456789')`)).toBe('123456789');
    expect(await one(`b2b_tax_id('NL012345678B01')`)).toBe('12345678');
    expect(await one(`b2b_tax_id('12-3456789')`)).toBe('123456789');
    expect(await one(`b2b_tax_id('123')`)).toBeNull();
  });

  it('reads the legal form a name ends in, one spelling for each form', async () => {
    const form = async (name: string) => one(`b2b_legal_form(${sqlString(name)})`);
    expect(await form('Bridge Tyres Ltd')).toBe('ltd');
    expect(await form('BRIDGE TYRES LIMITED')).toBe('ltd');
    expect(await form('Acorn Green Chemist Pty Limited')).toBe('ltd');
    expect(await form('Acorn Green Chemist Pty Ltd')).toBe('ltd');
    expect(await form('Helarlora Limiteed')).toBe('ltd');
    expect(await form('Foo L.L.C.')).toBe('llc');
    expect(await form('Foo Incorporated')).toBe('inc');
    expect(await form('Smith & Co')).toBe('co');
    expect(await form('Vinoraeum S.r.l.')).toBe('srl');
    // Written out, or the short form a country uses for its private limited company.
    expect(await form('Phoenix Laundry Aktiebolag')).toBe('ab');
    expect(await form('PHOENIX LAUNDRY AB')).toBe('ab');
    expect(await form('Baxter Hardware Pte')).toBe('ltd');
    expect(await form('BAXTER HARDWARE PTE LTD')).toBe('ltd');
    expect(await form('Kestrel Holdings Public Limited Company')).toBe('plc');
    expect(await form('Bridge Tyres')).toBeNull();
    // What a cut descriptor leaves of a form is no form: the comparison skips such records.
    expect(await form('ACS BUSINESS SUPPLIES LIMI')).toBeNull();
  });

  it('scores token sets: typos, truncation, extra words weigh by rarity', async () => {
    const stats = `${kit.dir}/token-stats.parquet`;
    const df: Record<string, number> = { trinity: 1, direct: 100, data: 100 };
    await copyToParquet(
      kit.db,
      `SELECT 'GBR' AS country, token, CAST(df AS INTEGER) AS df FROM (VALUES ${Object.entries(df)
        .map(([t, n]) => `('${t}', ${n})`)
        .join(', ')}) t(token, df)`,
      stats,
    );
    await kit.db.run(`CREATE OR REPLACE TEMP TABLE n AS SELECT 'GBR' AS country, 1000.0 AS n`);
    const score = async (a: string[], b: string[], merchantMayBeCut = false) => {
      const list = (x: string[]) => `[${x.map((t) => `'${t}'`).join(', ')}]::VARCHAR[]`;
      await kit.db.run(
        `CREATE OR REPLACE TEMP TABLE s AS SELECT 1 AS supplier_no, 'GBR' AS country, ${list(a)} AS name_tokens`,
      );
      await kit.db.run(
        `CREATE OR REPLACE TEMP TABLE p AS SELECT 1 AS supplier_no, 1 AS merchant_no, 'GBR' AS country, ${list(b)} AS tokens`,
      );
      const sql = tokenScoreSql({
        pairs: 'p',
        suppliers: 's',
        merchantTokens: 'tokens',
        merchantMayBeCut: String(merchantMayBeCut),
        tokenStatsPath: stats,
        countryCounts: 'n',
      });
      return (await kit.db.one<{ v: number }>(`SELECT round(score, 3) AS v FROM (${sql})`))?.v;
    };
    expect(await score(['harper', 'plumbing'], ['harper', 'plumbing'])).toBe(1);
    expect(await score(['hraper', 'plumbing'], ['harper', 'plumbing'])).toBe(1);
    expect(await score(['boks'], ['books'])).toBe(1);
    expect(await score(['acs', 'business', 'sup'], ['acs', 'business', 'supplies'])).toBe(1);
    expect(await score(['foster', 'training'], ['foster', 'trading'])).toBe(0.5);
    expect(await score(['trinity', 'direct', 'data'], ['direct', 'data'])).toBeCloseTo(0.606, 3);
    // The merchant's last word is a cut only where its record may be a descriptor cut short.
    expect(await score(['kestrel', 'garden', 'centre'], ['kestrel', 'garden', 'cen'], true)).toBe(
      1,
    );
    expect(await score(['zenenloratravel'], ['zenenlora'], true)).toBe(1);
    expect(await score(['zenenloratravel'], ['zenenlora'])).toBe(0);
  });
});
