import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.js';
import { openTestDatabase } from './test-database.js';

/**
 * What the migrations build that the Drizzle schema cannot say, so `drizzle-kit generate` would
 * neither keep nor notice it: the covering (INCLUDE) columns of the user list indexes (0021,
 * 0023) and the triggers that keep list counts (0002, 0009, 0018, 0019, 0022). A generated
 * migration that drops one of them fails here, on PGlite and on PostgreSQL alike.
 */
describe('database catalogue', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    (await database.db.execute(query)) as unknown as { rows: T[] };

  it('keeps the covering columns of the user status list indexes', async () => {
    const { rows: indexes } = await rows<{ indexname: string; indexdef: string }>(
      sql`select indexname, indexdef from pg_indexes where tablename = 'users' and indexdef like '%INCLUDE%'`,
    );
    const included = Object.fromEntries(
      indexes.map((i) => [i.indexname, /INCLUDE \((.*)\)$/.exec(i.indexdef)?.[1]]),
    );
    expect(included).toEqual({
      users_status_given_name_idx: 'username, display_name, surname, last_activity_at, created_at',
      users_status_surname_idx: 'username, display_name, given_name, last_activity_at, created_at',
      users_status_username_prefix_idx:
        'id, display_name, given_name, surname, last_activity_at, created_at',
    });
  });

  it('keeps the triggers that maintain list counts and member names, with their functions', async () => {
    const { rows: triggers } = await rows<{ name: string; table: string; fn: string }>(
      sql`select t.tgname as name, c.relname as table, p.proname as fn
          from pg_trigger t
          join pg_class c on c.oid = t.tgrelid
          join pg_proc p on p.oid = t.tgfoid
          where not t.tgisinternal
          order by t.tgname`,
    );
    expect(triggers).toEqual([
      { name: 'issuer_total_deleted', table: 'issuers', fn: 'issuer_total_deleted' },
      { name: 'issuer_total_inserted', table: 'issuers', fn: 'issuer_total_inserted' },
      { name: 'issuer_users_deleted', table: 'issuer_users', fn: 'issuer_users_deleted' },
      { name: 'issuer_users_inserted', table: 'issuer_users', fn: 'issuer_users_inserted' },
      { name: 'issuer_users_updated', table: 'issuer_users', fn: 'issuer_users_updated' },
      { name: 'proq_commands_count_delete', table: 'proq_commands', fn: 'proq_count_deleted' },
      { name: 'proq_commands_count_insert', table: 'proq_commands', fn: 'proq_count_inserted' },
      { name: 'proq_commands_count_update', table: 'proq_commands', fn: 'proq_count_updated' },
      { name: 'users_status_count', table: 'users', fn: 'users_status_count_trigger' },
      { name: 'users_username_changed', table: 'users', fn: 'users_username_changed' },
    ]);
  });

  it('keeps the functions the generated columns and triggers call', async () => {
    const { rows: functions } = await rows<{ name: string }>(
      sql`select p.proname as name from pg_proc p
          join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = current_schema() and p.proname in ('user_listing_status', 'issuer_members_refresh')
          order by p.proname`,
    );
    expect(functions.map((f) => f.name)).toEqual(['issuer_members_refresh', 'user_listing_status']);
  });
});
