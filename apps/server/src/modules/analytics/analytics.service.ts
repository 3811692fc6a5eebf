import { PassThrough } from 'node:stream';
import {
  ANALYTICS_DATASETS,
  ANALYTICS_EXPORT_MAX_ROWS,
  ANALYTICS_MAX_ROWS,
  ERROR_CODES,
  permissionsOf,
  type AnalyticsCell,
  type AnalyticsColumnType,
  type AnalyticsDatasetInfo,
  type AnalyticsQueryDefinition,
  type AnalyticsResult,
  type AnalyticsRunRequest,
  type ReportSchedule,
  type SaveReportRequest,
  type SavedReport,
  type SavedReportList,
} from '@b2b/contract';
import type { DatabaseHandle } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { csvTableWriter, xlsxTableWriter } from '../../lib/table-writers.js';
import type { MailService } from '../mail/mail.service.js';
import {
  type BuiltQuery,
  buildAnalyticsQuery,
  isDatasetKey,
  runReadOnly,
} from './analytics-query.read.js';
import { type ReportRow, createAnalyticsRepo } from './analytics.repo.js';
import {
  analyticsViewer,
  authorize,
  canEditReport,
  authorizeColumns,
  canQueryDataset,
  hiddenColumns,
  canReceiveReport,
  queryableDatasets,
} from './analytics.policy.js';
import { type ReportUser, createReportUsersRead } from './report-users.read.js';

/** PostgreSQL's "canceling statement due to statement timeout". */
const QUERY_CANCELED = '57014';

const errorCode = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
};

/** The clear answer of a query stopped at its time limit (408, never 500). */
export function queryTimeoutError(limitMs: number): AppError {
  const limit = limitMs >= 1000 ? `${limitMs / 1000} s` : `${limitMs} ms`;
  return new AppError(
    408,
    `The query was stopped at its time limit of ${limit}. Add filters or group the rows to make it smaller.`,
    ERROR_CODES.queryTimeout,
  );
}

/** The next mailing of a schedule after `from`: 06:00 UTC the next day, Monday or 1st. */
export function nextMailing(schedule: ReportSchedule, from: Date): Date {
  const at = new Date(
    Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate(), 6, 0, 0),
  );
  if (schedule.frequency === 'monthly') {
    at.setUTCDate(1);
    if (at <= from) at.setUTCMonth(at.getUTCMonth() + 1);
    return at;
  }
  if (at <= from) at.setUTCDate(at.getUTCDate() + 1);
  if (schedule.frequency === 'weekly')
    while (at.getUTCDay() !== 1) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

type ExportFile = { fileName: string; contentType: string; body: Buffer };

const fileSafe = (name: string) =>
  name
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'report';

/**
 * The analytics query builder and saved reports (SPEC §2 /admin/analytics-query, /reports/…).
 * Queries run in a read-only transaction with a statement timeout; rows are limited to what
 * the viewer may see by the SQL itself (analytics-query.read.ts).
 */
export function createAnalyticsService(
  database: Pick<DatabaseHandle, 'db' | 'kind'>,
  deps: { mail: Pick<MailService, 'send'>; queryTimeoutMs: number },
) {
  const { db } = database;
  const repo = createAnalyticsRepo(db);
  const people = createReportUsersRead(db);
  const timeoutMs = deps.queryTimeoutMs;

  function build(actor: Actor, definition: AnalyticsQueryDefinition): BuiltQuery {
    if (isDatasetKey(definition.dataset) && !canQueryDataset(actor, definition.dataset))
      throw AppError.forbidden(`The ${definition.dataset} dataset needs the UsersRead permission.`);
    // Sorting names result keys (a column or an aggregate of one), so it is covered by these.
    if (isDatasetKey(definition.dataset))
      authorizeColumns(actor, { ...definition, dataset: definition.dataset });
    return buildAnalyticsQuery(definition, analyticsViewer(actor));
  }

  /**
   * Runs a statement read-only under the time limit. PostgreSQL stops it itself
   * (statement_timeout, SET LOCAL through set_config). PGlite ignores statement_timeout and runs
   * on this thread, so nothing can interrupt it: there a result that came later than the limit
   * is refused with the same answer, so the limit means the same to the user on both.
   */
  async function timed(built: BuiltQuery, limit: number, offset: number) {
    const started = performance.now();
    try {
      const rows = await runReadOnly(db, built, limit, offset, timeoutMs);
      if (database.kind === 'pglite' && performance.now() - started > timeoutMs)
        throw queryTimeoutError(timeoutMs);
      return rows;
    } catch (error) {
      if (errorCode(error) === QUERY_CANCELED) throw queryTimeoutError(timeoutMs);
      throw error;
    }
  }

  async function reportFacts(row: ReportRow) {
    const shares = await repo.shares([row.id]);
    return { ...row, sharedWithUserIds: shares.map((s) => s.userId) };
  }

  async function present(actor: Actor, row: ReportRow): Promise<SavedReport> {
    const facts = await reportFacts(row);
    const named = await people.byIds([row.ownerId, ...facts.sharedWithUserIds]);
    const nameOf = (id: string) => named.find((u) => u.id === id)?.displayName ?? '';
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      definition: row.definition,
      chart: row.chart,
      ownerId: row.ownerId,
      ownerName: nameOf(row.ownerId),
      sharedWith: facts.sharedWithUserIds.map((userId) => ({
        userId,
        displayName: nameOf(userId),
      })),
      schedule: row.schedule ?? null,
      lastMailedAt: row.lastMailedAt?.toISOString() ?? null,
      canEdit: canEditReport(actor, facts),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** Checks a report before it is stored: the query builds, every recipient may receive it. */
  async function checkSave(actor: Actor, input: SaveReportRequest) {
    build(actor, input.definition);
    const ids = [...new Set(input.sharedWithUserIds)].filter((id) => id !== actor.userId);
    const found = await people.byIds(ids);
    for (const id of ids) {
      const user = found.find((u) => u.id === id);
      if (!user)
        throw AppError.badRequest(
          `sharedWithUserIds: user ${id} does not exist`,
          'sharedWithUserIds',
        );
      if (!canReceiveReport(user))
        throw AppError.forbidden(
          `${user.displayName} (${user.username}) does not hold AnalyticsQuery_VIEW: the report cannot be shared with them.`,
        );
    }
    return ids;
  }

  const stored = (input: SaveReportRequest) => ({
    name: input.name,
    description: input.description,
    definition: input.definition,
    chart: input.chart,
    schedule: input.schedule,
    nextMailAt: input.schedule ? nextMailing(input.schedule, new Date()) : null,
  });

  async function openable(actor: Actor, reportId: string, action: 'open' | 'edit') {
    const row = await repo.find(reportId);
    if (!row) throw AppError.notFound('Report not found.');
    authorize(actor, action, await reportFacts(row));
    return row;
  }

  /**
   * A scheduled report's owner as they are now: their roles' permissions and their issuers, so
   * a mailing never shows more than the owner could see today.
   */
  async function ownerNow(owner: ReportUser): Promise<Actor> {
    const memberships = await people.memberships(owner.id);
    return {
      userId: owner.id,
      username: owner.username,
      sessionId: '',
      permissions: permissionsOf(
        [...owner.standardRoles, ...owner.tabbedViewRoles],
        owner.explicitPermissions,
      ),
      issuerIds: memberships.issuerIds,
      managedIssuerIds: memberships.managedIssuerIds,
      eligible: true,
    };
  }

  /** All rows of a definition (to the export limit) as header and cells. */
  async function allRows(actor: Actor, definition: AnalyticsQueryDefinition) {
    const built = build(actor, definition);
    const rows = await timed(built, ANALYTICS_EXPORT_MAX_ROWS, 0);
    return { header: built.columns.map((c) => c.label), rows };
  }

  async function tableFile(
    header: string[],
    rows: AnalyticsCell[][],
    format: 'csv' | 'xlsx',
  ): Promise<Buffer> {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const writer =
      format === 'csv'
        ? await csvTableWriter(out, header)
        : await xlsxTableWriter(out, header, 'Report');
    await writer.writeRows(rows);
    await writer.end();
    return Buffer.concat(chunks);
  }

  return {
    datasets(actor: Actor): AnalyticsDatasetInfo[] {
      return queryableDatasets(actor).map((key) => ({
        key,
        label: ANALYTICS_DATASETS[key].label,
        columns: Object.entries(
          ANALYTICS_DATASETS[key].columns as Record<
            string,
            { label: string; type: AnalyticsColumnType }
          >,
        )
          .filter(([k]) => !hiddenColumns(actor, key).includes(k))
          .map(([k, c]) => ({ key: k, label: c.label, type: c.type })),
      }));
    },

    async run(actor: Actor, request: AnalyticsRunRequest): Promise<AnalyticsResult> {
      const { pageNumber, pageSize } = request;
      const offset = (pageNumber - 1) * pageSize;
      if (offset >= ANALYTICS_MAX_ROWS)
        throw AppError.badRequest(
          `pageNumber: a query shows at most its first ${ANALYTICS_MAX_ROWS} rows`,
          'pageNumber',
        );
      const built = build(actor, request.definition);
      const limit = Math.min(pageSize, ANALYTICS_MAX_ROWS - offset);
      const started = performance.now();
      const rows = await timed(built, limit + 1, offset);
      return {
        columns: built.columns,
        rows: rows.slice(0, limit),
        pageNumber,
        pageSize,
        hasMore: rows.length > limit,
        elapsedMs: Math.round(performance.now() - started),
      };
    },

    async list(actor: Actor): Promise<SavedReportList> {
      const rows = await repo.listFor(actor.userId);
      const owners = await people.byIds([...new Set(rows.map((r) => r.ownerId))]);
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        description: r.description,
        chart: r.chart,
        dataset: r.definition.dataset,
        ownerName: owners.find((u) => u.id === r.ownerId)?.displayName ?? '',
        canEdit: r.ownerId === actor.userId,
        scheduled: r.schedule !== null,
        updatedAt: r.updatedAt.toISOString(),
      }));
    },

    async get(actor: Actor, reportId: string): Promise<SavedReport> {
      return present(actor, await openable(actor, reportId, 'open'));
    },

    async create(actor: Actor, input: SaveReportRequest): Promise<SavedReport> {
      const shared = await checkSave(actor, input);
      const row = await repo.insert({ ...stored(input), ownerId: actor.userId }, shared);
      return present(actor, row);
    },

    async update(actor: Actor, reportId: string, input: SaveReportRequest): Promise<SavedReport> {
      await openable(actor, reportId, 'edit');
      const shared = await checkSave(actor, input);
      return present(actor, await repo.update(reportId, stored(input), shared));
    },

    async remove(actor: Actor, reportId: string) {
      await openable(actor, reportId, 'edit');
      await repo.remove(reportId);
      return { deleted: true as const };
    },

    /** The report's rows as the viewer may see them (never its owner's view), as a file. */
    async export(actor: Actor, reportId: string, format: 'csv' | 'xlsx'): Promise<ExportFile> {
      const row = await openable(actor, reportId, 'open');
      const { header, rows } = await allRows(actor, row.definition);
      const day = new Date().toISOString().slice(0, 10);
      return {
        fileName: `${fileSafe(row.name)}-${day}.${format}`,
        contentType:
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        body: await tableFile(header, rows, format),
      };
    },

    async shareCandidates(actor: Actor) {
      const all = await people.active();
      return all
        .filter((u) => u.id !== actor.userId && canReceiveReport(u))
        .map((u) => ({ userId: u.id, displayName: u.displayName, username: u.username }));
    },

    /**
     * Mails every report whose time has come (the MailScheduledReports command): runs it as its
     * owner is now (roles, issuers) and sends the CSV to its recipients. Each report is
     * moved to its next mailing before it is sent, so a second delivery never mails it twice.
     */
    async mailDue(now = new Date()): Promise<{ mailed: number; failed: number }> {
      let mailed = 0;
      let failed = 0;
      for (const row of await repo.due(now, 100)) {
        if (!row.schedule || !row.nextMailAt) continue;
        const next = nextMailing(row.schedule, now);
        if (!(await repo.claimMailing(row.id, row.nextMailAt, next, now))) continue;
        const [owner] = await people.byIds([row.ownerId]);
        // An owner deactivated or without AnalyticsQuery_VIEW now mails nothing.
        if (!owner || !canReceiveReport(owner)) {
          failed += 1;
          continue;
        }
        const recipients = row.schedule.recipients.length ? row.schedule.recipients : [owner.email];
        try {
          const { header, rows } = await allRows(await ownerNow(owner), row.definition);
          const csv = (await tableFile(header, rows, 'csv')).toString('utf8');
          for (const to of recipients)
            await deps.mail.send({
              to,
              subject: `Report: ${row.name}`,
              text: `The report "${row.name}" as of ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC: ${rows.length} row(s), attached as CSV.`,
              attachments: [
                { filename: `${fileSafe(row.name)}.csv`, content: csv, contentType: 'text/csv' },
              ],
            });
          mailed += 1;
        } catch {
          failed += 1;
        }
      }
      return { mailed, failed };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
