import {
  PROQ_COMMAND_TYPES,
  type AnalyticsDatasetInfo,
  type AnalyticsQueryDefinitionInput,
  type AnalyticsResult,
  type SaveReportRequestInput,
  type SavedReport,
  type SavedReportList,
} from '@b2b/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { globalInsightsJobs } from '../../../test/global-insights-jobs.js';
import { useTestApp } from '../../../test/harness.js';
import { jobSupplierResults, jobs } from '../jobs/job.schema.js';
import { mailOutbox } from '../mail/outbox.schema.js';
import { users } from '../users/user.schema.js';
import { analyticsReports } from './analytics-report.schema.js';

const t = useTestApp();
const base = '/api/v1/analytics';
/** Mastercard jobs A and C, PayTech job B (published below) and a PayTech draft. */
const fixture = globalInsightsJobs(t);

let ptco: string;
let member: string;
let client: string;
let memberId: string;
let clientId: string;

const supplier = (jobId: string, key: string, name: string, spend: number, match: string) => ({
  jobId,
  supplierKey: key,
  supplierName: name,
  spend,
  matchStatus: match,
  confidence: 'High',
  matchSource: 'reference',
});

beforeAll(async () => {
  const { db } = t.database;
  await db.update(jobs).set({ isPublished: true }).where(eq(jobs.id, fixture.jobB.id));
  await db
    .insert(jobSupplierResults)
    .values([
      supplier(fixture.jobA.id, 'a1', 'Acme Mastercard', 100, 'MATCHED'),
      supplier(fixture.jobA.id, 'a2', '=HYPERLINK("http://evil")', 50, 'UNMATCHED'),
      supplier(fixture.jobB.id, 'b1', 'Paytech Supplies 100%', 70, 'MATCHED'),
      supplier(fixture.jobB.id, 'b2', "O'Brien Ltd", 30, 'MATCHED'),
    ]);
  // A plain PayTech member given AnalyticsQuery_VIEW: sees only PayTech's published job B.
  await db
    .update(users)
    .set({ explicitPermissions: ['AnalyticsQuery_VIEW'] })
    .where(eq(users.username, 'issuer@example.com'));
  ptco = await t.signIn('ptcojobmanager@example.com');
  member = await t.signIn('issuer@example.com');
  client = await t.signIn('client@example.com');
  const ids = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(sql`${users.username} in ('issuer@example.com', 'client@example.com')`);
  memberId = ids.find((u) => u.username === 'issuer@example.com')!.id;
  clientId = ids.find((u) => u.username === 'client@example.com')!.id;
});

const run = (definition: AnalyticsQueryDefinitionInput, cookie = ptco, page = {}) =>
  t.request({ method: 'POST', url: `${base}/query`, cookie, payload: { definition, ...page } });

async function rows(definition: AnalyticsQueryDefinitionInput, cookie = ptco) {
  const res = await run(definition, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AnalyticsResult>().rows;
}

const bySpend: AnalyticsQueryDefinitionInput = {
  dataset: 'suppliers',
  groupBy: ['jobName'],
  aggregates: [{ fn: 'count' }, { fn: 'sum', column: 'spend' }],
  sort: [{ key: 'sum_spend', direction: 'desc' }],
};

const saveReport = (body: SaveReportRequestInput, cookie = ptco) =>
  t.request({ method: 'POST', url: `${base}/reports`, cookie, payload: body });

describe('analytics query', () => {
  it('lists the allow-list datasets; users only with UsersRead', async () => {
    const ofPtco = (await t.request({ url: `${base}/datasets`, cookie: ptco })).json<
      AnalyticsDatasetInfo[]
    >();
    expect(ofPtco.map((d) => d.key)).toEqual([
      'jobs',
      'suppliers',
      'insightBars',
      'campaigns',
      'proqCommands',
      'users',
    ]);
    const ofMember = (await t.request({ url: `${base}/datasets`, cookie: member })).json<
      AnalyticsDatasetInfo[]
    >();
    expect(ofMember.map((d) => d.key)).not.toContain('users');
    const users = await run({ dataset: 'users', columns: ['username'] }, member);
    expect(users.statusCode).toBe(403);
    expect(users.json().message).toContain('UsersRead');
  });

  it('refuses a role without AnalyticsQuery_VIEW (403)', async () => {
    expect((await t.request({ url: `${base}/datasets`, cookie: client })).statusCode).toBe(403);
    expect((await run(bySpend, client)).statusCode).toBe(403);
  });

  it('groups and aggregates the suppliers of every job for staff', async () => {
    const res = await run(bySpend);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AnalyticsResult>();
    expect(body.columns.map((c) => c.key)).toEqual(['jobName', 'count', 'sum_spend']);
    expect(body.rows).toEqual([
      [fixture.jobA.name, 2, 150],
      [fixture.jobB.name, 2, 100],
    ]);
    expect(body.hasMore).toBe(false);
  });

  it('never shows rows of jobs the viewer may not see (two issuers)', async () => {
    expect(await rows(bySpend, member)).toEqual([[fixture.jobB.name, 2, 100]]);
    expect(await rows({ dataset: 'jobs', columns: ['jobName', 'issuerName'] }, member)).toEqual([
      [fixture.jobB.name, 'PayTech Bank'],
    ]);
    // A filter naming another issuer's job finds nothing rather than its rows.
    expect(
      await rows(
        {
          dataset: 'suppliers',
          columns: ['supplierName'],
          filters: [{ column: 'jobId', operator: 'Equal', value: fixture.jobA.id }],
        },
        member,
      ),
    ).toEqual([]);
  });

  it('keeps the supplier score number from a viewer without SupplierScores_VIEW', async () => {
    const columnsOf = async (cookie: string) =>
      (await t.request({ url: `${base}/datasets`, cookie }))
        .json<AnalyticsDatasetInfo[]>()
        .find((d) => d.key === 'suppliers')!
        .columns.map((c) => c.key);
    expect(await columnsOf(ptco)).toContain('optimaScore');
    const ofMember = await columnsOf(member);
    expect(ofMember).not.toContain('optimaScore');
    expect(ofMember).toContain('optimaLevel');

    const uses: AnalyticsQueryDefinitionInput[] = [
      { dataset: 'suppliers', columns: ['supplierName', 'optimaScore'] },
      {
        dataset: 'suppliers',
        columns: ['supplierName'],
        filters: [{ column: 'optimaScore', operator: 'GreaterThan', value: 50 }],
      },
      { dataset: 'suppliers', groupBy: ['optimaScore'], aggregates: [{ fn: 'count' }] },
      { dataset: 'suppliers', aggregates: [{ fn: 'avg', column: 'optimaScore' }] },
    ];
    for (const definition of uses) {
      const res = await run(definition, member);
      expect(res.statusCode, JSON.stringify(definition)).toBe(403);
      expect(res.json<{ message: string }>().message).toBe(
        'The optimaScore column needs the supplier scores permission (SupplierScores_VIEW).',
      );
      expect((await run(definition)).statusCode, JSON.stringify(definition)).toBe(200);
    }
    expect(await rows({ dataset: 'suppliers', columns: ['optimaLevel'] }, member)).toHaveLength(2);
  });

  it('applies the SPEC §3 comparison operators with bound values', async () => {
    const names = async (filter: AnalyticsQueryDefinitionInput['filters']) =>
      (await rows({ dataset: 'suppliers', columns: ['supplierName'], filters: filter })).map(
        (r) => r[0],
      );
    expect(await names([{ column: 'spend', operator: 'GreaterThan', value: 50 }])).toEqual([
      'Acme Mastercard',
      'Paytech Supplies 100%',
    ]);
    expect(await names([{ column: 'spend', operator: 'LessThanOrEqual', value: 50 }])).toEqual([
      '=HYPERLINK("http://evil")',
      "O'Brien Ltd",
    ]);
    expect(
      await names([{ column: 'supplierName', operator: 'StartsWith', value: 'acme' }]),
    ).toEqual(['Acme Mastercard']);
    expect(await names([{ column: 'supplierName', operator: 'EndsWith', value: 'LTD' }])).toEqual([
      "O'Brien Ltd",
    ]);
    expect(await names([{ column: 'supplierName', operator: 'Contains', value: '100%' }])).toEqual([
      'Paytech Supplies 100%',
    ]);
    expect(
      await names([{ column: 'matchStatus', operator: 'NotEqual', value: 'MATCHED' }]),
    ).toEqual(['=HYPERLINK("http://evil")']);
  });

  it('keeps SQL-injection attempts in filter values inert', async () => {
    for (const value of [
      "x' or '1'='1",
      "'; drop table jobs; --",
      '%',
      '_',
      "MATCHED' union select password_hash from users --",
    ]) {
      expect(
        await rows({
          dataset: 'suppliers',
          columns: ['supplierName'],
          filters: [{ column: 'matchStatus', operator: 'Contains', value }],
        }),
      ).toEqual([]);
    }
    expect(
      await rows({
        dataset: 'suppliers',
        columns: ['supplierName'],
        filters: [{ column: 'supplierName', operator: 'Equal', value: "O'Brien Ltd" }],
      }),
    ).toEqual([["O'Brien Ltd"]]);
    const [count] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(jobs);
    expect(count!.n).toBeGreaterThanOrEqual(4);
  });

  it('refuses names outside the allow-list with 400 naming them', async () => {
    const cases: [AnalyticsQueryDefinitionInput, string, string][] = [
      [{ dataset: 'pg_user', columns: ['usename'] }, 'dataset', '"pg_user"'],
      [{ dataset: 'users', columns: ['passwordHash'] }, 'columns[0]', '"passwordHash"'],
      [
        { dataset: 'suppliers', columns: ['spend', 'spend; drop table jobs'] },
        'columns[1]',
        '"spend; drop table jobs"',
      ],
      [
        {
          dataset: 'jobs',
          columns: ['jobName'],
          filters: [{ column: 'owner_id', operator: 'Equal', value: 'x' }],
        },
        'filters[0].column',
        '"owner_id"',
      ],
      [
        { dataset: 'jobs', groupBy: ['status'], aggregates: [{ fn: 'sum', column: 'ownerId' }] },
        'aggregates[0].column',
        '"ownerId"',
      ],
      [
        { dataset: 'jobs', columns: ['jobName'], sort: [{ key: '1; select 1', direction: 'asc' }] },
        'sort[0].key',
        '"1; select 1"',
      ],
    ];
    for (const [definition, field, named] of cases) {
      const res = await run(definition);
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json<{ message: string; errors: { field: string }[] }>();
      expect(body.message).toContain(named);
      expect(body.errors[0]!.field).toBe(field);
    }
  });

  it('refuses an operator or value the column’s type cannot take (400 naming the filter)', async () => {
    const contains = await run({
      dataset: 'suppliers',
      columns: ['supplierName'],
      filters: [{ column: 'spend', operator: 'Contains', value: '1' }],
    });
    expect(contains.statusCode).toBe(400);
    expect(contains.json().errors[0].field).toBe('filters[0].operator');
    const notNumber = await run({
      dataset: 'suppliers',
      columns: ['supplierName'],
      filters: [{ column: 'spend', operator: 'GreaterThan', value: 'lots' }],
    });
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json().errors[0].field).toBe('filters[0].value');
  });

  it('pages the rows and stops at the row limit', async () => {
    const page = await run(
      { dataset: 'suppliers', columns: ['supplierName'], sort: [{ key: 'supplierName' }] },
      ptco,
      { pageNumber: 2, pageSize: 3 },
    );
    expect(page.json<AnalyticsResult>().rows).toEqual([['Paytech Supplies 100%']]);
    const first = await run({ dataset: 'suppliers', columns: ['supplierName'] }, ptco, {
      pageSize: 3,
    });
    expect(first.json<AnalyticsResult>().hasMore).toBe(true);
    const beyond = await run({ dataset: 'jobs', columns: ['jobName'] }, ptco, {
      pageNumber: 101,
      pageSize: 100,
    });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().errors[0].field).toBe('pageNumber');
  });
});

describe('saved reports', () => {
  it('saves, opens, lists, changes and deletes a report of its owner', async () => {
    const created = await saveReport({ name: 'Spend by job', definition: bySpend, chart: 'bar' });
    expect(created.statusCode, created.body).toBe(201);
    const report = created.json<SavedReport>();
    expect(report).toMatchObject({ name: 'Spend by job', chart: 'bar', canEdit: true });
    const opened = await t.request({ url: `${base}/reports/${report.id}`, cookie: ptco });
    expect(opened.json<SavedReport>().definition.groupBy).toEqual(['jobName']);
    const list = (
      await t.request({ url: `${base}/reports`, cookie: ptco })
    ).json<SavedReportList>();
    expect(list.map((r) => r.name)).toContain('Spend by job');
    const changed = await t.request({
      method: 'PUT',
      url: `${base}/reports/${report.id}`,
      cookie: ptco,
      payload: { name: 'Spend per job', definition: bySpend },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<SavedReport>().name).toBe('Spend per job');
    const deleted = await t.request({
      method: 'DELETE',
      url: `${base}/reports/${report.id}`,
      cookie: ptco,
    });
    expect(deleted.statusCode).toBe(200);
    expect(
      (await t.request({ url: `${base}/reports/${report.id}`, cookie: ptco })).statusCode,
    ).toBe(404);
  });

  it('refuses a report whose query names a column outside the allow-list', async () => {
    const res = await saveReport({
      name: 'Bad',
      definition: { dataset: 'jobs', columns: ['ownerPassword'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('"ownerPassword"');
  });

  it('refuses to share with a user without AnalyticsQuery_VIEW, naming them', async () => {
    const res = await saveReport({
      name: 'Shared wrongly',
      definition: bySpend,
      sharedWithUserIds: [clientId],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('client@example.com');
    expect(res.json().message).toContain('AnalyticsQuery_VIEW');
  });

  it('shows a shared report to its recipient with only the rows they may see', async () => {
    const report = (
      await saveReport({ name: 'Suppliers', definition: bySpend, sharedWithUserIds: [memberId] })
    ).json<SavedReport>();
    expect(report.sharedWith).toEqual([{ userId: memberId, displayName: expect.any(String) }]);
    const opened = await t.request({ url: `${base}/reports/${report.id}`, cookie: member });
    expect(opened.statusCode).toBe(200);
    expect(opened.json<SavedReport>().canEdit).toBe(false);
    const csv = await t.request({
      url: `${base}/reports/${report.id}/export?format=csv`,
      cookie: member,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toBe(`\uFEFFJob name,Count,sum of Spend\r\n${fixture.jobB.name},2,100\r\n`);
    const change = await t.request({
      method: 'PUT',
      url: `${base}/reports/${report.id}`,
      cookie: member,
      payload: { name: 'Mine now', definition: bySpend },
    });
    expect(change.statusCode).toBe(403);
    const del = await t.request({
      method: 'DELETE',
      url: `${base}/reports/${report.id}`,
      cookie: member,
    });
    expect(del.statusCode).toBe(403);
  });

  it('hides a report from a user it is not shared with (404)', async () => {
    const report = (await saveReport({ name: 'Private', definition: bySpend })).json<SavedReport>();
    expect(
      (await t.request({ url: `${base}/reports/${report.id}`, cookie: member })).statusCode,
    ).toBe(404);
    const list = (
      await t.request({ url: `${base}/reports`, cookie: member })
    ).json<SavedReportList>();
    expect(list.map((r) => r.id)).not.toContain(report.id);
  });

  it('exports formula-safe CSV and XLSX', async () => {
    const report = (
      await saveReport({
        name: 'Names',
        definition: {
          dataset: 'suppliers',
          columns: ['supplierName', 'spend'],
          sort: [{ key: 'spend' }],
        },
      })
    ).json<SavedReport>();
    const csv = await t.request({
      url: `${base}/reports/${report.id}/export?format=csv`,
      cookie: ptco,
    });
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="Names-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil"")",50`);
    const xlsx = await t.request({
      url: `${base}/reports/${report.id}/export?format=xlsx`,
      cookie: ptco,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('mails the due reports from a scheduled ProQ command', () => {
    const { proq } = t.app.ctx.services;
    expect(proq.registry.get(PROQ_COMMAND_TYPES.mailScheduledReports)).toBeDefined();
    expect(proq.registry.recurring()).toContainEqual(
      expect.objectContaining({ commandType: 'MailScheduledReports', cron: '5,20,35,50 * * * *' }),
    );
  });

  it('mails a scheduled report’s CSV once when it is due', async () => {
    const report = (
      await saveReport({
        name: 'Daily spend',
        definition: bySpend,
        schedule: { frequency: 'daily', recipients: ['lead@example.com'] },
      })
    ).json<SavedReport>();
    expect(report.schedule).toEqual({ frequency: 'daily', recipients: ['lead@example.com'] });
    const { db } = t.database;
    await db
      .update(analyticsReports)
      .set({ nextMailAt: new Date(Date.now() - 60_000) })
      .where(eq(analyticsReports.id, report.id));
    const { analytics } = t.app.ctx.services;
    expect(await analytics.mailDue()).toEqual({ mailed: 1, failed: 0 });
    // A second delivery of the command finds nothing due.
    expect(await analytics.mailDue()).toEqual({ mailed: 0, failed: 0 });
    const sent = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'lead@example.com'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Report: Daily spend');
    expect(sent[0]!.textBody).toContain(`${fixture.jobA.name},2,150`);
    const [row] = await db
      .select()
      .from(analyticsReports)
      .where(eq(analyticsReports.id, report.id));
    expect(row!.nextMailAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it('mails a report as its owner is now: their rows only, nothing once they lose the permission', async () => {
    const { db } = t.database;
    const report = (
      await saveReport(
        {
          name: 'Member spend',
          definition: bySpend,
          schedule: { frequency: 'weekly', recipients: ['member-lead@example.com'] },
        },
        member,
      )
    ).json<SavedReport>();
    const due = () =>
      db
        .update(analyticsReports)
        .set({ nextMailAt: new Date(Date.now() - 60_000) })
        .where(eq(analyticsReports.id, report.id));
    const sent = () =>
      db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'member-lead@example.com'));
    const { analytics } = t.app.ctx.services;
    await due();
    expect(await analytics.mailDue()).toEqual({ mailed: 1, failed: 0 });
    const [mail] = await sent();
    expect(mail!.textBody).toContain(`${fixture.jobB.name},2,100`);
    expect(mail!.textBody).not.toContain(fixture.jobA.name);

    await due();
    await db.update(users).set({ explicitPermissions: [] }).where(eq(users.id, memberId));
    try {
      expect(await analytics.mailDue()).toEqual({ mailed: 0, failed: 1 });
      expect(await sent()).toHaveLength(1);
    } finally {
      await db
        .update(users)
        .set({ explicitPermissions: ['AnalyticsQuery_VIEW'] })
        .where(eq(users.id, memberId));
    }
  });
});
