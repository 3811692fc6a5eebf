import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.js';
import type { DatabaseHandle } from './client.js';
import { supplierNameKey, supplierNameKeySql } from './supplier-name-key.js';
import { queryRows } from './transaction.js';

// Names as buyers' files carry them: case, punctuation, accents, legal forms, blanks.
const NAMES = [
  'ACME Ltd.',
  'Acme ltd',
  'acme',
  '  Acmé   LIMITED ',
  'Smith & Co',
  'Smith & Co. Ltd',
  'Société Générale S.A.',
  'SOCIETE GENERALE SA',
  'Müller GmbH',
  'O’Brien Plumbing, Inc',
  'Company',
  'The Co Company Ltd',
  'Corp',
  'Łódź Trading Sp. z o.o.',
  'İstanbul Kargo A.Ş.',
  'Straße 12 Bäckerei',
  '東京ガス株式会社',
  '---',
  '',
  'Coca-Cola Enterprises Inc.',
  'PG&E Corporation',
];

describe('supplier name key', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('compares names without case, punctuation, accents or a trailing legal form', () => {
    expect(supplierNameKey('ACME Ltd.')).toBe('acme');
    expect(supplierNameKey('  Acmé   LIMITED ')).toBe('acme');
    expect(supplierNameKey('Smith & Co. Ltd')).toBe('smith');
    expect(supplierNameKey('Société Générale S.A.')).toBe(supplierNameKey('SOCIETE GENERALE SA'));
    expect(supplierNameKey('The Co Company Ltd')).toBe('the');
    expect(supplierNameKey('Coca-Cola Enterprises Inc.')).toBe('coca cola enterprises');
  });

  it('keeps a name that is nothing but a legal form, and gives no key to one without letters', () => {
    expect(supplierNameKey('Company')).toBe('company');
    expect(supplierNameKey('Corp')).toBe('corp');
    expect(supplierNameKey('---')).toBe('');
    expect(supplierNameKey('東京ガス株式会社')).toBe('');
  });

  it('gives the same key in SQL as in TypeScript for every name', async () => {
    const rows = await queryRows<{ name: string; key: string }>(
      database.db,
      sql`select name, ${supplierNameKeySql(sql`name`)} as key from unnest(array[${sql.join(
        NAMES.map((n) => sql`${n}`),
        sql`, `,
      )}]::text[]) as t(name)`,
    );
    const fromSql = Object.fromEntries(rows.map((r) => [r.name, r.key]));
    expect(fromSql).toEqual(Object.fromEntries(NAMES.map((n) => [n, supplierNameKey(n)])));
  });
});
