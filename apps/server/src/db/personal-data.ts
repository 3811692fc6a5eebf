import { type SQL, sql } from 'drizzle-orm';
import type { Database } from './client.js';
import { inTransaction } from './transaction.js';

/**
 * Where the database holds personal data, and how the database anonymizer (SPEC §2 Dev,
 * /dev/tools/database-anonymizer) rewrites it. It lives beside the migrations rather than in a
 * module: like them it is about the whole schema, and one list lets a test check that every
 * column whose name looks personal was considered (personal-data.test.ts) — a new module's
 * e-mail column cannot slip through unnoticed.
 *
 * Pseudonyms are keyed digests of the old value, so one person stays one pseudonym everywhere a
 * value was copied (a username in users, in the audit trail and in match overrides).
 */
export type Treatment =
  /** user-<12 hex>@example.com, from the lower-cased value */
  | 'email'
  /** Person <6 HEX> */
  | 'name'
  /** +44 7700 900nnn (Ofcom's range for drama: never a real number) */
  | 'phone'
  /** [redacted] */
  | 'text'
  /** null */
  | 'clear';

export const PERSONAL_COLUMNS: readonly { table: string; column: string; treatment: Treatment }[] =
  [
    { table: 'users', column: 'username', treatment: 'email' },
    { table: 'users', column: 'email', treatment: 'email' },
    { table: 'users', column: 'display_name', treatment: 'name' },
    { table: 'users', column: 'given_name', treatment: 'name' },
    { table: 'users', column: 'surname', treatment: 'name' },
    { table: 'users', column: 'idp_id', treatment: 'clear' },
    { table: 'system_logs', column: 'actor_username', treatment: 'email' },
    { table: 'system_logs', column: 'before', treatment: 'clear' },
    { table: 'system_logs', column: 'after', treatment: 'clear' },
    { table: 'job_match_overrides', column: 'username', treatment: 'email' },
    { table: 'use_cases', column: 'created_by_name', treatment: 'name' },
    { table: 'campaigns', column: 'created_by_name', treatment: 'name' },
    { table: 'issuer_supplier_list_entries', column: 'added_by_username', treatment: 'email' },
    { table: 'business_case_scenarios', column: 'created_by_name', treatment: 'name' },
    { table: 'business_case_issuer_defaults', column: 'updated_by_name', treatment: 'name' },
    { table: 'campaign_suppliers', column: 'contact_email', treatment: 'email' },
    { table: 'campaign_suppliers', column: 'contact_name', treatment: 'name' },
    { table: 'campaign_suppliers', column: 'contact_phone', treatment: 'phone' },
    { table: 'job_supplier_results', column: 'contact_email', treatment: 'email' },
    { table: 'job_supplier_results', column: 'contact_name', treatment: 'name' },
    { table: 'job_supplier_results', column: 'contact_phone', treatment: 'phone' },
    { table: 'job_supplier_exclusions', column: 'note', treatment: 'text' },
    { table: 'ai_prompts', column: 'saved_by_username', treatment: 'email' },
    { table: 'translation_overrides', column: 'updated_by_username', treatment: 'email' },
    { table: 'job_magic_links', column: 'recipient_email', treatment: 'email' },
    { table: 'job_magic_links', column: 'created_by_username', treatment: 'email' },
    { table: 'ml_models', column: 'trained_by_username', treatment: 'email' },
    { table: 'chat_logs', column: 'question', treatment: 'text' },
    { table: 'chat_logs', column: 'answer', treatment: 'text' },
    { table: 'companies_house_enrichments', column: 'requested_by_username', treatment: 'email' },
    { table: 'merge_linked_accounts', column: 'created_by_username', treatment: 'email' },
  ];

/** Tables emptied: sign-in state, mail waiting to go out, who is on which screen now. */
export const CLEARED_TABLES = [
  'sessions',
  'magic_links',
  // Sessions opened through results links (magic-links module): sign-in state, with addresses.
  'results_link_sessions',
  'login_failures',
  'mail_outbox',
  'entity_active_users',
  'entity_locks',
] as const;

/**
 * Handled one by one below, not by a treatment: passwords, the saved-by snapshots (SFTP inboxes,
 * downloads, accounting connections), the User audit entries' names, and the connections to real
 * outside servers (their secrets and tokens).
 */
export const SPECIALLY_HANDLED = [
  'users.password_hash',
  'sftp_inboxes.actor',
  'prepared_downloads.actor',
  'merge_linked_accounts.actor',
  'merge_linked_accounts.sealed_account_token',
  'sftp_inboxes.username',
  'sftp_inboxes.sealed_secret',
  'issuer_sso_configs.sealed_client_secret',
  'system_logs.entity_name',
  'issuers.member_usernames',
] as const;

/** Columns whose names look personal but hold none, and why (checked by personal-data.test.ts). */
export const NOT_PERSONAL: Readonly<Record<string, string>> = {
  'brandings.display_name': "an issuer's brand",
  'brandings.email_sender_address': "an issuer's sending address",
  'brandings.email_sender_name': "an issuer's sending name",
  'brandings.full_domain_name': "an issuer's host name",
  'issuers.email_domains': "an issuer's company domains",
  'users.id_provider_name': 'the name of a sign-in provider',
  'chat_logs.answer_mode': 'how the answer was made (model or offline)',
  'job_supplier_results.supplier_name': 'a business (the supplier)',
  'job_supplier_results.merchant_name': 'a business (card merchant)',
  'job_supplier_results.merchant_dba_name': 'a business (card merchant)',
  'job_supplier_results.candidate_merchant_name': 'a business (card merchant)',
  'campaign_suppliers.supplier_name': 'a business (the supplier)',
  'campaign_exclusions.supplier_name': 'a business (the supplier)',
  'job_supplier_companies.supplier_name': 'a business (the supplier)',
  'job_supplier_companies.company_name': 'a business (its Companies House name)',
  'merge_linked_accounts.integration_name': 'an accounting system (e.g. Xero)',
};

async function firstRow<T>(db: Database, query: SQL): Promise<T | undefined> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows[0];
}

/**
 * What the anonymizer needs to know of a database before it rewrites it: which cluster and
 * database it is (a URL that names the live one by another host is still the live one), and
 * whether it holds this product's tables at all.
 */
export async function describeDatabase(db: Database) {
  const row = await firstRow<{
    name: string;
    id: string;
    users: string | null;
    logs: string | null;
  }>(
    db,
    sql`select current_database() as name,
          (select system_identifier from pg_control_system())::text as id,
          to_regclass('public.users')::text as users,
          to_regclass('public.system_logs')::text as logs`,
  );
  return {
    identity: `${row?.id}/${row?.name}`,
    isOurs: Boolean(row?.users && row.logs),
  };
}

export type AnonymizeOptions = {
  /** Keys the pseudonyms: the same key gives the same pseudonyms on another copy. */
  key: string;
  /** Every user's new password hash; null removes passwords (sign-in by link or SSO only). */
  passwordHash: string | null;
};

/** Rows changed per table.column (or per emptied table), in the order they were rewritten. */
export type AnonymizeCounts = { target: string; rows: number }[];

/**
 * Rewrites the personal data of the database `db` in one transaction: all of it or, on an
 * error, none of it.
 */
export async function anonymizePersonalData(
  db: Database,
  options: AnonymizeOptions,
): Promise<AnonymizeCounts> {
  const digest = (value: SQL) =>
    sql`encode(sha256(convert_to(${options.key} || ':' || ${value}, 'UTF8')), 'hex')`;
  const pseudonym: Record<Treatment, (value: SQL) => SQL> = {
    email: (v) => sql`'user-' || substr(${digest(sql`lower(${v})`)}, 1, 12) || '@example.com'`,
    name: (v) => sql`'Person ' || upper(substr(${digest(v)}, 1, 6))`,
    phone: (v) =>
      sql`'+44 7700 900' || lpad((abs(('x' || substr(${digest(v)}, 1, 7))::bit(28)::int) % 1000)::text, 3, '0')`,
    text: () => sql`'[redacted]'`,
    clear: () => sql`null`,
  };

  return inTransaction(db, async (tx) => {
    const counts: AnonymizeCounts = [];
    const count = async (target: string, statement: SQL) => {
      const result = (await tx.execute(
        sql`with changed as (${statement} returning 1) select count(*)::int as n from changed`,
      )) as unknown as { rows: { n: number }[] };
      counts.push({ target, rows: result.rows[0]?.n ?? 0 });
    };

    for (const table of CLEARED_TABLES) {
      await count(table, sql`delete from ${sql.identifier(table)}`);
    }
    // Before the usernames change: a User entry's name is its username.
    await count(
      'system_logs.entity_name',
      sql`update system_logs set entity_name = ${pseudonym.email(sql`entity_name`)}
          where entity_type = 'User' and entity_name is not null`,
    );
    for (const { table, column, treatment } of PERSONAL_COLUMNS) {
      const c = sql.identifier(column);
      await count(
        `${table}.${column}`,
        sql`update ${sql.identifier(table)} set ${c} = ${pseudonym[treatment](sql`${c}`)}
            where ${c} is not null`,
      );
    }
    await count(
      'users.password_hash',
      sql`update users set password_hash = ${options.passwordHash}`,
    );
    // Who saved an inbox, asked for a download or connected an accounting system: a snapshot of
    // the actor, username included.
    for (const table of ['sftp_inboxes', 'prepared_downloads', 'merge_linked_accounts']) {
      await count(
        `${table}.actor`,
        sql`update ${sql.identifier(table)}
            set actor = jsonb_set(actor, '{username}', to_jsonb(${pseudonym.email(sql`(actor->>'username')`)}))
            where actor ? 'username'`,
      );
    }
    // A copy must not reach the real SFTP and sign-in servers with the live credentials.
    await count(
      'sftp_inboxes',
      sql`update sftp_inboxes set enabled = false, username = 'anonymized', sealed_secret = ''`,
    );
    await count(
      'merge_linked_accounts',
      sql`update merge_linked_accounts set sealed_account_token = null,
            status = case when status in ('Linked', 'Failing') then 'Unlinked' else status end`,
    );
    await count(
      'issuer_sso_configs',
      sql`update issuer_sso_configs set enabled = false, sealed_client_secret = ''`,
    );
    return counts;
  });
}
