import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlString } from '../duckdb.js';
import { createEngineTestKit } from '../engine-test-kit.js';
import { REGISTERED_NAME_FORMS } from '../matching/registered-names.js';
import { BUSINESSES_FILE, writeCardFeedCsv } from './card-feed.js';
import { generateReferenceData, writeMerchantsCsv } from './generate-merchants.js';
import { MERCHANT_COLUMNS, type ReferenceVersion } from './reference-version.js';

let kit: Awaited<ReturnType<typeof createEngineTestKit>>;
let dev: ReferenceVersion;
let holdout: ReferenceVersion;
let merchants: string;
let truth: string;

beforeAll(async () => {
  kit = await createEngineTestKit();
  const rootDir = path.join(kit.dir, 'reference');
  dev = await generateReferenceData({
    db: kit.db,
    rootDir,
    seed: 'test',
    count: 4000,
    style: 'card-feed',
  });
  holdout = await generateReferenceData({
    db: kit.db,
    rootDir,
    seed: 'test',
    count: 4000,
    style: 'card-feed',
    mix: 'holdout',
  });
  merchants = `read_parquet(${sqlString(dev.merchantsPath)})`;
  truth = `read_parquet(${sqlString(path.join(dev.dir, BUSINESSES_FILE))})`;
});
afterAll(() => kit.dispose());

const count = (sql: string) =>
  kit.db.one<{ n: number }>(`SELECT CAST(count(*) AS INTEGER) AS n FROM ${sql}`).then((r) => r!.n);

describe('card-feed reference data', () => {
  it('is reproducible: the same seed and mix give the same records and truth', async () => {
    const run = (name: string, seed: string, mix: 'dev' | 'holdout') =>
      writeCardFeedCsv({
        merchantsCsv: path.join(kit.dir, `${name}-m.csv`),
        businessesCsv: path.join(kit.dir, `${name}-b.csv`),
        seed,
        count: 1500,
        asOf: '2025-06-30',
        mix,
      });
    const a = await run('a', 's', 'dev');
    const b = await run('b', 's', 'dev');
    expect(b).toEqual(a);
    for (const part of ['m', 'b'])
      expect(fs.readFileSync(path.join(kit.dir, `a-${part}.csv`), 'utf8')).toBe(
        fs.readFileSync(path.join(kit.dir, `b-${part}.csv`), 'utf8'),
      );
    expect((await run('c', 't', 'dev')).contentHash).not.toBe(a.contentHash);
    expect((await run('d', 's', 'holdout')).contentHash).not.toBe(a.contentHash);
  });

  it('records its style, mix and business count in the manifest', () => {
    expect(dev.manifest).toMatchObject({
      source: 'generator',
      merchantCount: 4000,
      generator: { seed: 'test', count: 4000, style: 'card-feed', mix: 'dev' },
    });
    expect(holdout.manifest.generator).toMatchObject({ style: 'card-feed', mix: 'holdout' });
    expect(dev.manifest.generator!.businessCount).toBeGreaterThan(1000);
    expect(dev.manifest.generator!.businessCount).toBeLessThan(3000);
    expect(holdout.manifest.versionId).not.toBe(dev.manifest.versionId);
  });

  it('keeps the truth out of merchants.parquet and covers every record in businesses.parquet', async () => {
    const columns = await kit.db.all<{ column_name: string }>(
      `DESCRIBE SELECT * FROM ${merchants}`,
    );
    expect(columns.map((c) => c.column_name)).toEqual(Object.keys(MERCHANT_COLUMNS));
    expect(await count(truth)).toBe(4000);
    expect(await count(`(SELECT DISTINCT merchant_id FROM ${truth})`)).toBe(4000);
    expect(await count(`${merchants} m ANTI JOIN ${truth} t USING (merchant_id)`)).toBe(0);
    expect(await count(`${truth} t ANTI JOIN ${merchants} m USING (merchant_id)`)).toBe(0);
    expect(await count(`(SELECT DISTINCT business_id FROM ${truth})`)).toBe(
      dev.manifest.generator!.businessCount,
    );
  });

  it('writes the same business several times in another letter case', async () => {
    const pairs = await count(`${truth} a JOIN ${truth} b USING (business_id)
      JOIN ${merchants} ma ON ma.merchant_id = a.merchant_id
      JOIN ${merchants} mb ON mb.merchant_id = b.merchant_id
      WHERE a.noise = 'canonical' AND b.noise = 'case-duplicate'
        AND ma.merchant_name <> mb.merchant_name AND lower(ma.merchant_name) = lower(mb.merchant_name)`);
    expect(pairs).toBeGreaterThan(50);
  });

  it('cuts descriptors at exactly 22 and 25 characters, upper-cased', async () => {
    for (const width of [22, 25]) {
      const rows = await kit.db.all<{ name: string; full: string; trading: string }>(
        `SELECT m.merchant_name AS name, upper(t.business_name) AS full, upper(t.trading_name) AS trading
         FROM ${truth} t JOIN ${merchants} m USING (merchant_id) WHERE t.noise = 'truncated-${width}'`,
      );
      expect(rows.length).toBeGreaterThan(20);
      for (const row of rows) {
        expect(row.name.length).toBeLessThanOrEqual(width);
        expect(row.full.startsWith(row.name) || row.trading.startsWith(row.name)).toBe(true);
        expect(row.full.length > width || row.trading.length > width).toBe(true);
      }
      expect(rows.filter((row) => row.name.length === width).length).toBeGreaterThan(
        rows.length / 2,
      );
    }
  });

  it('writes processor prefixes, public bodies, charity branches and other locations', async () => {
    const noise = (kind: string) => count(`${truth} WHERE noise = '${kind}'`);
    expect(await noise('processor-prefix')).toBeGreaterThan(10);
    expect(await noise('location')).toBeGreaterThan(100);
    expect(await noise('suffix-dropped')).toBeGreaterThan(50);
    expect(
      await count(`${truth} t JOIN ${merchants} m USING (merchant_id)
        WHERE t.noise = 'processor-prefix'
          AND regexp_matches(m.merchant_name, '^(SQ ?\\*|PAYPAL \\*|SP |TST\\* |SUMUP \\*|IZ \\*|ZETTLE_\\*)')`),
    ).toBe(await noise('processor-prefix'));
    expect(
      await count(
        `${truth} WHERE business_kind = 'public-body' AND regexp_matches(business_name, 'Council|NHS|University|College')`,
      ),
    ).toBeGreaterThan(20);
    // A branch is a business of its own, with its national charity as parent.
    const branches = await kit.db.all<{ branch: string; parent: string }>(
      `SELECT DISTINCT b.business_name AS branch, p.business_name AS parent
       FROM ${truth} b JOIN ${truth} p ON p.business_id = b.parent_business_id
       WHERE b.business_kind = 'charity-branch'`,
    );
    expect(branches.length).toBeGreaterThan(5);
    for (const { branch, parent } of branches) expect(branch.startsWith(parent)).toBe(true);
    // Locations: the same business in another town.
    expect(
      await count(`${truth} t JOIN ${merchants} m USING (merchant_id)
        WHERE t.noise = 'location' AND m.city <> t.city`),
    ).toBeGreaterThan(50);
  });

  it('gives common names to unrelated businesses in different towns', async () => {
    const shared = await count(`(SELECT lower(trading_name) FROM ${truth}
      GROUP BY 1 HAVING count(DISTINCT business_id) > 1
        AND count(DISTINCT business_id) = count(DISTINCT city))`);
    expect(shared).toBeGreaterThan(20);
  });

  it('gives a registered name to one business where the register keeps names unique', async () => {
    // Names compared as Companies House compares them: no "the", "&" as "and", no punctuation.
    const sameAs = `regexp_replace(replace(regexp_replace(strip_accents(lower(trading_name)), '^the\\s+', ''),
      '&', 'and'), '[^a-z0-9]+', '', 'g')`;
    const registered = `(SELECT DISTINCT business_id, country, ${sameAs} AS name,
        business_name <> trading_name AS with_form
      FROM ${truth} WHERE country IN (${Object.keys(REGISTERED_NAME_FORMS)
        .map((iso3) => `'${iso3}'`)
        .join(', ')}))`;
    expect(
      await count(`(SELECT country, name FROM ${registered} WHERE with_form
        GROUP BY ALL HAVING count(*) > 1)`),
    ).toBe(0);
    // Unrelated businesses still share the trading name, without the legal form.
    expect(
      await count(`(SELECT country, name FROM ${registered}
        GROUP BY ALL HAVING count(*) FILTER (WHERE with_form) = 1 AND count(*) > 1)`),
    ).toBeGreaterThan(5);
  });

  it('leaves most tax ids out, as card feeds do', async () => {
    const withTaxId = await count(`${merchants} WHERE tax_id IS NOT NULL`);
    expect(withTaxId).toBeGreaterThan(50);
    expect(withTaxId).toBeLessThan(4000 * 0.2);
  });

  it('uses another noise mix for the held-out set', async () => {
    const canonicalShare = async (version: ReferenceVersion) =>
      (await count(
        `read_parquet(${sqlString(path.join(version.dir, BUSINESSES_FILE))}) WHERE noise = 'canonical'`,
      )) / 4000;
    expect(await canonicalShare(holdout)).toBeLessThan((await canonicalShare(dev)) - 0.03);
  });

  it('leaves the classic style unchanged', async () => {
    // The content hash of the classic generator's output before the card-feed style existed.
    expect(
      await writeMerchantsCsv(path.join(kit.dir, 'classic.csv'), 'test', 2000, '2025-06-30'),
    ).toBe('de19cd425d43c51265398c1df1cb71b5d5cd61c55596daf5eaf65b0aff30e0e6');
    const classic = await generateReferenceData({
      db: kit.db,
      rootDir: path.join(kit.dir, 'classic'),
      seed: 'test',
      count: 500,
    });
    expect(classic.manifest.generator).toMatchObject({ style: 'classic' });
    expect(fs.existsSync(path.join(classic.dir, BUSINESSES_FILE))).toBe(false);
  });
});
