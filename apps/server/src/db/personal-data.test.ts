import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.js';
import type { DatabaseHandle } from './client.js';
import {
  CLEARED_TABLES,
  NOT_PERSONAL,
  PERSONAL_COLUMNS,
  SPECIALLY_HANDLED,
  anonymizePersonalData,
} from './personal-data.js';

/** Column names that suggest a person: a new one must be placed in one of the lists. */
const LOOKS_PERSONAL =
  /(mail|user_?name|display|given|surname|phone|contact|password|secret|ip_address|user_agent|question|answer|note|actor|_name$|^name$|^before$|^after$)/;

/** Names, not people: what jobs, issuers, templates and reports are called. */
const ENTITY_NAMES = /^name(_lower)?$|file_?name$/;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('the personal-data catalogue (db/personal-data.ts)', () => {
  it('places every column whose name looks personal, so a new one cannot be missed', async () => {
    const columns = await rowsOf<{ t: string; c: string }>(sql`
      select c.table_name as t, c.column_name as c
      from information_schema.columns c
      join pg_class k on k.relname = c.table_name and not k.relispartition
      where c.table_schema = 'public'
        and c.data_type in ('text', 'jsonb', 'ARRAY', 'character varying')`);
    const placed = new Set([
      ...PERSONAL_COLUMNS.map((p) => `${p.table}.${p.column}`),
      ...SPECIALLY_HANDLED,
      ...Object.keys(NOT_PERSONAL),
    ]);
    const cleared = new Set<string>(CLEARED_TABLES);
    const unplaced = columns
      .filter(({ c }) => LOOKS_PERSONAL.test(c) && !ENTITY_NAMES.test(c))
      .filter(({ t, c }) => !cleared.has(t) && !placed.has(`${t}.${c}`) && !t.startsWith('proq_'))
      .map(({ t, c }) => `${t}.${c}`);
    expect(unplaced).toEqual([]);
  });

  it('names only tables and columns that exist', async () => {
    const columns = await rowsOf<{ k: string }>(sql`
      select table_name || '.' || column_name as k from information_schema.columns
      where table_schema = 'public'`);
    const existing = new Set(columns.map((r) => r.k));
    const tables = new Set(columns.map((r) => r.k.split('.')[0]));
    const named = [
      ...PERSONAL_COLUMNS.map((p) => `${p.table}.${p.column}`),
      ...SPECIALLY_HANDLED,
      ...Object.keys(NOT_PERSONAL),
    ];
    expect(named.filter((k) => !existing.has(k))).toEqual([]);
    expect(CLEARED_TABLES.filter((t) => !tables.has(t))).toEqual([]);
  });

  it('rewrites all of it or, on an error, none of it', async () => {
    const before = await rowsOf<{ username: string }>(sql`select username from users order by id`);
    // The last statement fails, after the users were rewritten in the same transaction.
    await database.db.execute(sql`
      create function refuse_update() returns trigger language plpgsql as
        $$ begin raise exception 'refused for the test'; end $$`);
    await database.db.execute(sql`
      create trigger refuse_update before update on issuer_sso_configs
        for each statement execute function refuse_update()`);
    try {
      await expect(
        anonymizePersonalData(database.db, { key: 'k', passwordHash: null }),
      ).rejects.toThrow();
    } finally {
      await database.db.execute(sql`drop trigger refuse_update on issuer_sso_configs`);
    }
    const after = await rowsOf<{ username: string }>(sql`select username from users order by id`);
    expect(after).toEqual(before);
  });
});
