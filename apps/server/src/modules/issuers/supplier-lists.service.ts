import {
  type IssuerSupplierLists,
  type SupplierListKind,
  SUPPLIER_LIST_MAX_ENTRIES,
} from '@b2b/contract';
import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.js';
import { supplierNameKey } from '../../db/supplier-name-key.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { ConcurrencyService } from '../concurrency/concurrency.service.js';
import type { SystemLogsService } from '../system-logs/system-logs.service.js';
import { ISSUER_ENTITY } from './issuer-admin.service.js';
import { authorize } from './issuers.policy.js';
import { createIssuersRepo } from './issuers.repo.js';
import {
  type NewSupplierListEntry,
  type SupplierListEntryRow,
  createSupplierListsRepo,
} from './supplier-lists.repo.js';

/** How many added and removed names an audit entry names (a list may hold 10,000). */
const AUDITED_NAMES = 50;

/** The comparison keys of an issuer's lists, and a digest that changes when either does. */
export type SupplierListKeys = Record<SupplierListKind, string[]> & { digest: string };

function presentList(rows: SupplierListEntryRow[], list: SupplierListKind) {
  const entries = rows.filter((r) => r.list === list);
  const latest = entries.reduce<Date | null>(
    (at, r) => (at && at > r.addedAt ? at : r.addedAt),
    null,
  );
  return {
    entries: entries.map((r) => ({
      name: r.name,
      addedBy: r.addedByUsername,
      addedOn: r.addedAt.toISOString(),
    })),
    updatedOn: latest?.toISOString() ?? null,
  };
}

/**
 * The names as a list keeps them: trimmed, blanks dropped, each supplier once (the first
 * spelling given). A name with nothing to compare by is a 400 naming its line.
 */
function wantedEntries(names: readonly string[]): NewSupplierListEntry[] {
  const byKey = new Map<string, NewSupplierListEntry>();
  names.forEach((raw, i) => {
    const name = raw.trim().replace(/\s+/g, ' ');
    if (name === '') return;
    const nameKey = supplierNameKey(name);
    if (nameKey === '') {
      throw AppError.badRequest(
        `Supplier name '${name}' (line ${i + 1}) has no Latin letters or digits to compare suppliers by.`,
        `body.names[${i}]`,
      );
    }
    if (!byKey.has(nameKey)) byKey.set(nameKey, { nameKey, name });
  });
  if (byKey.size > SUPPLIER_LIST_MAX_ENTRIES) {
    throw AppError.badRequest(
      `A supplier list holds at most ${SUPPLIER_LIST_MAX_ENTRIES} suppliers; this one has ${byKey.size}.`,
      'body.names',
    );
  }
  return [...byKey.values()];
}

/**
 * An issuer's supplier include and exclude lists (SPEC §3 hasSupplierIncludeList and
 * hasSupplierExcludeList): read with the issuer, replaced with the issuer's rights and write lock,
 * every change audited. The jobs module filters use cases and campaigns by `keysOf`.
 */
export function createSupplierListsService(
  db: Database,
  deps: { concurrency: ConcurrencyService; systemLogs: SystemLogsService },
) {
  const repo = createSupplierListsRepo(db);
  const issuers = createIssuersRepo(db);

  async function requireIssuer(actor: Actor, id: string) {
    authorize(actor, 'view', { id });
    const row = await issuers.findById(id);
    if (!row) throw AppError.notFound('Issuer not found.');
    return row;
  }

  async function present(issuerId: string): Promise<IssuerSupplierLists> {
    const rows = await repo.entries(issuerId);
    return {
      issuerId,
      include: presentList(rows, 'include'),
      exclude: presentList(rows, 'exclude'),
    };
  }

  return {
    async get(actor: Actor, issuerId: string): Promise<IssuerSupplierLists> {
      await requireIssuer(actor, issuerId);
      return present(issuerId);
    },

    async replace(
      actor: Actor,
      issuerId: string,
      list: SupplierListKind,
      names: readonly string[],
    ): Promise<IssuerSupplierLists> {
      const issuer = await requireIssuer(actor, issuerId);
      await deps.concurrency.assertWritable(
        actor,
        { entityType: ISSUER_ENTITY, entityId: issuerId },
        `Issuer '${issuer.name}'`,
      );
      const wanted = wantedEntries(names);
      const before = (await repo.entries(issuerId)).filter((r) => r.list === list);
      await repo.replace(issuerId, list, wanted, actor.username);
      const beforeKeys = new Set(before.map((r) => r.nameKey));
      const wantedKeys = new Set(wanted.map((e) => e.nameKey));
      const added = wanted.filter((e) => !beforeKeys.has(e.nameKey)).map((e) => e.name);
      const removed = before.filter((r) => !wantedKeys.has(r.nameKey)).map((r) => r.name);
      await deps.systemLogs.record(actor, {
        action: list === 'include' ? 'SupplierIncludeListReplaced' : 'SupplierExcludeListReplaced',
        entityType: ISSUER_ENTITY,
        entityId: issuerId,
        entityName: issuer.name,
        before: { list, suppliers: before.length },
        after: {
          list,
          suppliers: wanted.length,
          added: added.slice(0, AUDITED_NAMES),
          addedCount: added.length,
          removed: removed.slice(0, AUDITED_NAMES),
          removedCount: removed.length,
        },
      });
      return present(issuerId);
    },

    /** The lists' comparison keys for an issuer's jobs, whoever asks: the caller scopes it. */
    async keysOf(issuerId: string): Promise<SupplierListKeys> {
      const keys = await repo.keys(issuerId);
      const digest = createHash('sha256')
        .update(JSON.stringify([keys.include, keys.exclude]))
        .digest('base64url')
        .slice(0, 16);
      return { ...keys, digest };
    },
  };
}
