import {
  USE_CASE_TEMPLATES,
  type SupplierResult,
  type UseCase,
  type UseCaseList,
  type UseCaseSupplier,
} from '@b2b/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useJobsTestApp } from '../../../test/jobs-test-app.js';
import { waitFor } from '../../../test/proq-kit.js';
import type { ReferenceMerchant } from '../../../test/job-pipeline.js';

const { t, pipeline, base, signedIn } = useJobsTestApp('use-cases');

let admin: string;
let merchants: ReferenceMerchant[] = [];
let jobId: string;

const template = (key: string) => USE_CASE_TEMPLATES.find((x) => x.key === key)!;
const fromTemplate = (key: string) => {
  const { key: templateKey, ...rest } = template(key);
  return { ...rest, templateKey };
};

async function create(payload: object, cookie = admin, job = jobId) {
  return t.request({ method: 'POST', url: `${base}/${job}/use-cases`, cookie, payload });
}
async function listOf(cookie = admin, job = jobId) {
  return t.request({ url: `${base}/${job}/use-cases`, cookie });
}
async function suppliersTab(filters: unknown[]) {
  const res = await t.request({
    method: 'POST',
    url: `${base}/${jobId}/suppliers`,
    cookie: admin,
    payload: { pageSize: 500, filters },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ collection: SupplierResult[]; totalCount: number }>();
}
const yearly = (s: SupplierResult) => s.annualSpend ?? s.spend ?? 0;
const round2 = (n: number) => Math.round(n * 100) / 100;

beforeAll(async () => {
  ({ admin, merchants } = signedIn());
  // A job of Mastercard Issuing: every demo user but the internal staff is PayTech's only.
  ({
    job: { id: jobId },
  } = await pipeline.jobAt('completed', {
    cookie: admin,
    merchants,
    issuerName: 'Mastercard Issuing',
  }));
}, 180_000);

describe('use cases of a completed job', () => {
  it('creates one from a template whose counts equal the suppliers tab’s', async () => {
    const res = await create(fromTemplate('vcard-accepting-paid-by-cheque-or-transfer'));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<UseCase>();
    expect(created.templateKey).toBe('vcard-accepting-paid-by-cheque-or-transfer');
    expect(created.canChange).toBe(true);

    const tab = await suppliersTab(
      template('vcard-accepting-paid-by-cheque-or-transfer').rule.filters,
    );
    expect(tab.totalCount).toBeGreaterThan(0);
    expect(created.figures.suppliers).toBe(tab.totalCount);
    const spend = round2(tab.collection.reduce((sum, s) => sum + yearly(s), 0));
    expect(created.figures.spend).toBe(spend);
    expect(created.figures.currency).toBe('GBP');
    // Rebate: spend × 35 % self-service enrolment × 1.2 % Virtual Card rate.
    expect(created.figures.value.rebate).toBe(round2(spend * 0.35 * 0.012));
    expect(created.figures.value.inputs.expectedEnrolment).toBe(0.35);
    expect(created.figures.value.inputs.rebateRate).toBe(0.012);
    const cheques = tab.collection
      .filter((s) => s.mainPaymentMethod === 'Cheque')
      .reduce((n, s) => n + (s.paymentCount ?? 0), 0);
    const cheque = created.figures.value.inputs.payments.find((p) => p.method === 'Cheque')!;
    expect(cheque.payments).toBe(cheques);
    expect(cheque.saving).toBe(round2(cheques * 0.35 * (20 - 0.5)));
    expect(created.figures.value.total).toBe(
      round2(created.figures.value.rebate + created.figures.value.processSavings),
    );
    expect(['Low', 'Medium', 'High']).toContain(created.figures.risk.level);
    expect(created.figures.risk.reasons.length).toBeGreaterThan(0);

    // The list (one query for every use case) agrees, and a second rule has its own count.
    const matched = [
      { propertyName: 'matchStatus', comparisonOperator: 'Equal', value: 'MATCHED' },
    ];
    const blank = await create({ name: 'Matched', cardProduct: 'Stp', rule: { filters: matched } });
    expect(blank.statusCode, blank.body).toBe(201);
    const list = (await listOf()).json<UseCaseList>();
    const byName = new Map(list.useCases.map((u) => [u.name, u]));
    expect(byName.get(created.name)!.figures.suppliers).toBe(tab.totalCount);
    expect(byName.get('Matched')!.figures.suppliers).toBe((await suppliersTab(matched)).totalCount);

    // Its supplier list is the tab's with the same filters, extra filters AND-ed.
    const page = await t.request({
      method: 'POST',
      url: `${base}/${jobId}/use-cases/${created.id}/suppliers`,
      cookie: admin,
      payload: { orderBy: 'supplierName', pageSize: 500 },
    });
    expect(page.statusCode, page.body).toBe(200);
    const keys = page.json<{ collection: SupplierResult[] }>().collection.map((s) => s.supplierKey);
    expect(keys).toEqual(
      [...tab.collection]
        .sort((a, b) =>
          a.supplierName < b.supplierName
            ? -1
            : a.supplierName > b.supplierName
              ? 1
              : a.supplierKey < b.supplierKey
                ? -1
                : 1,
        )
        .map((s) => s.supplierKey),
    );

    // Why a supplier is in it: every rule line with the supplier's value, all passing.
    const inside = await t.request({
      url: `${base}/${jobId}/use-cases/${created.id}/suppliers/${encodeURIComponent(keys[0]!)}`,
      cookie: admin,
    });
    expect(inside.statusCode, inside.body).toBe(200);
    const why = inside.json<UseCaseSupplier>();
    expect(why.inUseCase).toBe(true);
    expect(why.checks[0]).toMatchObject({
      propertyName: 'cardAccepting',
      supplierValue: 'MATCHED',
      passes: true,
    });
    const outsider = (
      await suppliersTab([
        { propertyName: 'cardAccepting', comparisonOperator: 'Equal', value: 'UNMATCHED' },
      ])
    ).collection[0]!;
    const outside = (
      await t.request({
        url: `${base}/${jobId}/use-cases/${created.id}/suppliers/${encodeURIComponent(outsider.supplierKey)}`,
        cookie: admin,
      })
    ).json<UseCaseSupplier>();
    expect(outside.inUseCase).toBe(false);
    expect(outside.checks[0]).toMatchObject({ supplierValue: 'UNMATCHED', passes: false });
  });

  it('filters by days to pay: the long-days-to-pay SCF template counts what the tab does', async () => {
    // The upload gave no invoice dates: three suppliers are given long actual days to pay.
    const some = (await suppliersTab([])).collection.slice(0, 5).map((s) => s.supplierKey);
    await t.database.db.execute(
      sql`update job_supplier_results set actual_days_to_pay = case
            when supplier_key in (${sql.join(
              some.slice(0, 3).map((k) => sql`${k}`),
              sql`, `,
            )}) then 75 else 20 end
          where job_id = ${jobId} and supplier_key in (${sql.join(
            some.map((k) => sql`${k}`),
            sql`, `,
          )})`,
    );
    // Results change only through a run, which gives a new results version: as one would.
    await t.database.db.execute(
      sql`update jobs set completed_at = completed_at + interval '1 second' where id = ${jobId}`,
    );
    const rule = template('scf-long-days-to-pay').rule.filters;
    const tab = await suppliersTab(rule);
    expect(tab.totalCount).toBe(3);
    expect(tab.collection.every((s) => s.actualDaysToPay === 75)).toBe(true);
    const res = await create(fromTemplate('scf-long-days-to-pay'));
    expect(res.statusCode, res.body).toBe(201);
    const uc = res.json<UseCase>();
    expect(uc).toMatchObject({ cardProduct: 'Scf', figures: { suppliers: 3 } });
    // Agreed terms are a property too; a text value for a number is refused, naming the field.
    const terms = await suppliersTab([
      { propertyName: 'paymentTermsDays', comparisonOperator: 'GreaterThan', value: 0 },
    ]);
    expect(terms.totalCount).toBe(0);
    const bad = await create({
      name: 'Bad days',
      cardProduct: 'Scf',
      rule: {
        filters: [
          { propertyName: 'actualDaysToPay', comparisonOperator: 'GreaterThan', value: 'long' },
        ],
      },
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('body.rule.filters[0].value');
  });

  it('names suppliers without a contact e-mail as a risk, except for a virtual lockbox', async () => {
    const rule = [{ propertyName: 'matchStatus', comparisonOperator: 'Equal', value: 'MATCHED' }];
    const total = (await suppliersTab(rule)).totalCount;
    const keys = (await suppliersTab(rule)).collection.map((s) => s.supplierKey);
    // The upload had no e-mail column; a quarter of these suppliers get one.
    const reachable = keys.slice(0, Math.ceil(total / 4));
    await t.database.db.execute(
      sql`update job_supplier_results set contact_email = 'ap@supplier.example'
          where job_id = ${jobId} and supplier_key in (${sql.join(
            reachable.map((k) => sql`${k}`),
            sql`, `,
          )})`,
    );
    // Results change only through a run, which gives a new results version: as one would.
    await t.database.db.execute(
      sql`update jobs set completed_at = completed_at + interval '1 second' where id = ${jobId}`,
    );
    const vcard = (
      await create({ name: 'Reach by e-mail', cardProduct: 'Vcard', rule: { filters: rule } })
    ).json<UseCase>();
    const share = (total - reachable.length) / total;
    expect(vcard.figures.risk.noContactShare).toBeCloseTo(share, 6);
    expect(vcard.figures.risk.level).toBe('High');
    expect(vcard.figures.risk.reasons).toContain(
      `${Math.round(share * 100)}% of the suppliers have no contact e-mail: an e-mail campaign cannot reach them.`,
    );
    const boost = (
      await create({ name: 'Lockbox', cardProduct: 'Boost', rule: { filters: rule } })
    ).json<UseCase>();
    expect(boost.figures.risk.noContactShare).toBeCloseTo(share, 6);
    expect(boost.figures.risk.reasons.join(' ')).not.toContain('contact');
    await t.database.db.execute(
      sql`update job_supplier_results set contact_email = null where job_id = ${jobId}`,
    );
    // Results change only through a run, which gives a new results version: as one would.
    await t.database.db.execute(
      sql`update jobs set completed_at = completed_at + interval '1 second' where id = ${jobId}`,
    );
  });

  it('selects the union of use cases for a campaign, each supplier once', async () => {
    const matched = [
      { propertyName: 'matchStatus', comparisonOperator: 'Equal', value: 'MATCHED' },
    ];
    const cheque = [
      { propertyName: 'mainPaymentMethod', comparisonOperator: 'Equal', value: 'Cheque' },
    ];
    const a = (
      await create({ name: 'A', cardProduct: 'Vcard', rule: { filters: matched } })
    ).json<UseCase>();
    const b = (
      await create({ name: 'B', cardProduct: 'Boost', rule: { filters: cheque } })
    ).json<UseCase>();
    const tabA = await suppliersTab(matched);
    const tabB = await suppliersTab(cheque);
    const union = new Set([...tabA.collection, ...tabB.collection].map((s) => s.supplierKey));
    const res = await selectSuppliers(admin, jobId, [a.id, b.id]);
    expect(res).toHaveLength(union.size);
    expect(new Set(res.map((s) => s.supplierKey)).size).toBe(union.size);
    const inA = new Set(tabA.collection.map((s) => s.supplierKey));
    for (const s of res) {
      expect(s.useCaseId).toBe(inA.has(s.supplierKey) ? a.id : b.id);
      expect(s.cardProduct).toBe(inA.has(s.supplierKey) ? 'Vcard' : 'Boost');
    }
    await expect(selectSuppliers(admin, jobId, [a.id, crypto.randomUUID()])).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('follows the job when it runs again: a rejected match leaves the use case', async () => {
    const rule = [{ propertyName: 'cardAccepting', comparisonOperator: 'Equal', value: 'MATCHED' }];
    const uc = (
      await create({ name: 'Accepting', cardProduct: 'Vcard', rule: { filters: rule } })
    ).json<UseCase>();
    const before = uc.figures.suppliers;
    const victim = (await suppliersTab(rule)).collection[0]!;
    const decided = await t.request({
      method: 'PUT',
      url: `${base}/${jobId}/suppliers/${encodeURIComponent(victim.supplierKey)}/match`,
      cookie: admin,
      payload: { decision: 'rejected' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const job = await pipeline.waitUntilFinished(jobId, admin);
    expect(job.status).toBe('Completed');
    // The run's last ProQ step stored the figures for the new results: no request computes them.
    const stored = await waitFor(
      async () =>
        (
          (await t.database.db.execute(
            sql`select (f.figures->>'suppliers')::int as suppliers from use_case_figures f
                  join use_cases u on u.id = f.use_case_id join jobs j on j.id = u.job_id
                where f.use_case_id = ${uc.id} and f.results_version like
                  j.run_number || ':' || to_char(j.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') || ':%'`,
          )) as unknown as { rows: { suppliers: number }[] }
        ).rows,
      (rows) => rows.length > 0,
      60_000,
      'the figures stored by the run',
    );
    expect(stored).toEqual([{ suppliers: before - 1 }]);
    const after = (
      await t.request({ url: `${base}/${jobId}/use-cases/${uc.id}`, cookie: admin })
    ).json<UseCase>();
    expect(after.figures.suppliers).toBe(before - 1);
    expect(after.figures.suppliers).toBe((await suppliersTab(rule)).totalCount);
  });

  it('stores figures per results version: the list reads them, a new version recomputes once', async () => {
    const rule = [{ propertyName: 'cardAccepting', comparisonOperator: 'Equal', value: 'MATCHED' }];
    const uc = (
      await create({ name: 'Stored figures', cardProduct: 'Pcard', rule: { filters: rule } })
    ).json<UseCase>();
    const truth = (await suppliersTab(rule)).totalCount;
    expect(uc.figures.suppliers).toBe(truth);
    const stored = async () =>
      (
        (await t.database.db.execute(
          sql`select f.results_version, (f.figures->>'suppliers')::int as suppliers,
                j.run_number || ':' || to_char(j.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as current
              from use_case_figures f join use_cases u on u.id = f.use_case_id join jobs j on j.id = u.job_id
              where f.use_case_id = ${uc.id}`,
        )) as unknown as {
          rows: { results_version: string; suppliers: number; current: string }[];
        }
      ).rows;
    const [row] = await stored();
    // The version is the job's run and completion, then the issuer's supplier lists' digest.
    expect(row).toEqual({
      results_version: expect.stringMatching(/:[\w-]{16}$/),
      suppliers: truth,
      current: row!.current,
    });
    expect(row!.results_version.replace(/:[\w-]{16}$/, '')).toBe(row!.current);
    // The list and the detail read what is stored for this version: no scan of the results.
    await t.database.db.execute(
      sql`update use_case_figures set figures = jsonb_set(figures, '{suppliers}', '9999') where use_case_id = ${uc.id}`,
    );
    const listed = (await listOf()).json<UseCaseList>().useCases.find((u) => u.id === uc.id)!;
    expect(listed.figures.suppliers).toBe(9999);
    // Figures stored before suppliers without contact were counted are computed again.
    await t.database.db.execute(
      sql`update use_case_figures set figures = figures - 'noContact' where use_case_id = ${uc.id}`,
    );
    const recounted = (await listOf()).json<UseCaseList>().useCases.find((u) => u.id === uc.id)!;
    expect(recounted.figures.suppliers).toBe(truth);
    expect(recounted.figures.risk.noContactShare).toBe(1);
    // A run that rewrites the results gives a new version: the next read computes and stores.
    await t.database.db.execute(
      sql`update jobs set completed_at = completed_at + interval '1 second' where id = ${jobId}`,
    );
    const detail = await t.request({ url: `${base}/${jobId}/use-cases/${uc.id}`, cookie: admin });
    expect(detail.json<UseCase>().figures.suppliers).toBe(truth);
    const after = await stored();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ suppliers: truth });
    expect(after[0]!.results_version.replace(/:[\w-]{16}$/, '')).toBe(after[0]!.current);
    expect(after[0]!.results_version).not.toBe(row!.results_version);
  });

  it('refuses a rule the supplier list cannot filter by, naming the field', async () => {
    const bad = await create({
      name: 'Bad',
      cardProduct: 'Vcard',
      rule: {
        filters: [
          { propertyName: 'cardAccepting', comparisonOperator: 'Equal', value: 'MATCHED' },
          { propertyName: 'favouriteColour', comparisonOperator: 'Equal', value: 'blue' },
        ],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ field?: string; message: string }>().message).toContain(
      'body.rule.filters[1].propertyName',
    );
    const op = await create({
      name: 'Bad',
      cardProduct: 'Vcard',
      rule: { filters: [{ propertyName: 'spend', comparisonOperator: 'Contains', value: '1' }] },
    });
    expect(op.statusCode).toBe(400);
    expect(op.body).toContain('body.rule.filters[0].comparisonOperator');
    const value = await create({
      name: 'Bad',
      cardProduct: 'Vcard',
      rule: {
        filters: [{ propertyName: 'cardAccepting', comparisonOperator: 'Equal', value: 'maybe' }],
      },
    });
    expect(value.statusCode).toBe(400);
    expect(value.body).toContain('body.rule.filters[0].value');
    const tpl = await create({ ...fromTemplate('stp-high-score'), templateKey: 'nope' });
    expect(tpl.statusCode).toBe(400);
    expect(tpl.body).toContain('body.templateKey');
  });

  it('lets only the creator edit and delete; others copy', async () => {
    const mine = (await create(fromTemplate('stp-high-score'))).json<UseCase>();
    const colleague = await t.signIn('ptcojobmanager@example.com');
    const seen = (await listOf(colleague))
      .json<UseCaseList>()
      .useCases.find((u) => u.id === mine.id)!;
    expect(seen.canChange).toBe(false);
    const url = `${base}/${jobId}/use-cases/${mine.id}`;
    const edit = { ...fromTemplate('stp-high-score'), name: 'Renamed' };
    expect(
      (await t.request({ method: 'PUT', url, cookie: colleague, payload: edit })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'DELETE', url, cookie: colleague })).statusCode).toBe(403);
    const copy = await t.request({
      method: 'POST',
      url: `${url}/copy`,
      cookie: colleague,
      payload: {},
    });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json<UseCase>()).toMatchObject({
      name: `${mine.name} (copy)`,
      canChange: true,
      figures: { suppliers: mine.figures.suppliers },
    });
    const renamed = await t.request({ method: 'PUT', url, cookie: admin, payload: edit });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<UseCase>().name).toBe('Renamed');
    expect((await t.request({ method: 'DELETE', url, cookie: admin })).statusCode).toBe(200);
    expect((await t.request({ url, cookie: admin })).statusCode).toBe(404);
  });

  it('shows a user without SupplierScores_VIEW whether a supplier passes a score line, not its score', async () => {
    const { job } = await pipeline.jobAt('completed', { cookie: admin, merchants });
    await pipeline.publish(job.id, admin);
    // PayTech's campaign manager builds use cases but holds no SupplierScores_VIEW (SPEC §6).
    const manager = await t.signIn('campaignmanager@example.com');
    const res = await create(fromTemplate('stp-high-score'), manager, job.id);
    expect(res.statusCode, res.body).toBe(201);
    const useCase = res.json<UseCase>();
    expect(useCase.figures.suppliers).toBeGreaterThan(0);
    const listUrl = `${base}/${job.id}/use-cases/${useCase.id}/suppliers`;
    const page = await t.request({ method: 'POST', url: listUrl, cookie: manager, payload: {} });
    expect(page.statusCode, page.body).toBe(200);
    const first = page.json<{ collection: SupplierResult[] }>().collection[0]!;
    expect(first.stpScore).toBeNull();
    expect(['High', 'Medium', 'Low']).toContain(first.stpLevel);

    const why = await t.request({
      url: `${listUrl}/${encodeURIComponent(first.supplierKey)}`,
      cookie: manager,
    });
    expect(why.statusCode, why.body).toBe(200);
    const scoreLine = why
      .json<UseCaseSupplier>()
      .checks.find((c) => c.propertyName === 'stpScore')!;
    expect(scoreLine).toMatchObject({ supplierValue: null, passes: true });
    const asAdmin = await t.request({
      url: `${listUrl}/${encodeURIComponent(first.supplierKey)}`,
      cookie: admin,
    });
    const adminLine = asAdmin
      .json<UseCaseSupplier>()
      .checks.find((c) => c.propertyName === 'stpScore')!;
    expect(adminLine.supplierValue).toBeTypeOf('number');

    const sorted = await t.request({
      method: 'POST',
      url: listUrl,
      cookie: manager,
      payload: { orderBy: 'stpScore desc' },
    });
    expect(sorted.statusCode).toBe(403);
    expect(sorted.json<{ message: string }>().message).toContain('stpScore');
  });

  it('refuses roles without the permission, other issuers’ users and unfinished jobs', async () => {
    const mdo = await t.signIn('matcheddataonlyjobcreator@example.com');
    expect((await listOf(mdo)).statusCode).toBe(403);
    const client = await t.signIn('client@example.com');
    expect(
      (await create(fromTemplate('stp-high-score'), client)).statusCode,
      'client holds no CampaignCreate',
    ).toBe(403);
    // PayTech's campaign manager may create use cases, but not see Mastercard's job.
    const otherIssuer = await t.signIn('campaignmanager@example.com');
    expect((await listOf(otherIssuer)).statusCode).toBe(404);
    expect((await create(fromTemplate('stp-high-score'), otherIssuer)).statusCode).toBe(404);
    expect(
      await selectSuppliers(otherIssuer, jobId, []).catch(
        (e: { statusCode: number }) => e.statusCode,
      ),
    ).toBe(404);

    const { job: draft } = await pipeline.jobAt('draft', { cookie: admin, merchants });
    const res = await listOf(admin, draft.id);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toContain('Draft');
  });
});

/** The campaigns module's entry: the service, as services.ts hands it over. */
async function selectSuppliers(cookie: string, job: string, useCaseIds: string[]) {
  const { services } = t.app.ctx;
  const session = await services.auth.resolveSession(cookie.split('=')[1]);
  if (session.kind !== 'valid') throw new Error('not signed in');
  return services.useCases.selectSuppliers(session.actor, job, useCaseIds);
}

describe('the issuer’s supplier lists', () => {
  const MATCHED = [{ propertyName: 'matchStatus', comparisonOperator: 'Equal', value: 'MATCHED' }];
  // Each test restores the lists it set: the file's other tests read the same job.
  async function withLists(
    lists: { include?: string[]; exclude?: string[] },
    check: () => Promise<void>,
  ) {
    const job = await t.request({ url: `${base}/${jobId}`, cookie: admin });
    const issuerId = job.json<{ issuerId: string }>().issuerId;
    const put = (list: string, names: string[]) =>
      t.request({
        method: 'PUT',
        url: `/api/v1/issuers/${issuerId}/supplier-lists/${list}`,
        cookie: admin,
        payload: { names },
      });
    try {
      for (const [list, names] of Object.entries(lists))
        expect((await put(list, names)).statusCode).toBe(200);
      await check();
    } finally {
      await put('include', []);
      await put('exclude', []);
    }
  }
  const suppliersOf = async (useCaseId: string) =>
    (
      await t.request({
        method: 'POST',
        url: `${base}/${jobId}/use-cases/${useCaseId}/suppliers`,
        cookie: admin,
        payload: { orderBy: 'annualSpend desc', pageSize: 500 },
      })
    ).json<{ collection: SupplierResult[]; totalCount: number }>();
  const figuresOf = async (useCaseId: string) =>
    (
      await t.request({ url: `${base}/${jobId}/use-cases/${useCaseId}`, cookie: admin })
    ).json<UseCase>().figures;

  it('leaves a supplier the exclude list names, however spelt, out of use cases and campaigns', async () => {
    const created = (
      await create({ name: 'Exclude list check', cardProduct: 'Scf', rule: { filters: MATCHED } })
    ).json<UseCase>();
    const before = await suppliersOf(created.id);
    const largest = before.collection[0]!;
    const preview = () =>
      t.request({
        method: 'POST',
        url: `${base}/${jobId}/campaign-workflows/selection-preview`,
        cookie: admin,
        payload: { route: 'Buyer', cardProduct: 'Scf', useCaseIds: [created.id] },
      });
    const selectedBefore = (await preview()).json<{ selected: number }>().selected;
    await withLists({ exclude: [`  ${largest.supplierName.toUpperCase()} LTD. `] }, async () => {
      const after = await suppliersOf(created.id);
      expect(after.totalCount).toBe(before.totalCount - 1);
      expect(after.collection.map((s) => s.supplierKey)).not.toContain(largest.supplierKey);
      const figures = await figuresOf(created.id);
      expect(figures.suppliers).toBe(before.totalCount - 1);
      const why = (
        await t.request({
          url: `${base}/${jobId}/use-cases/${created.id}/suppliers/${encodeURIComponent(largest.supplierKey)}`,
          cookie: admin,
        })
      ).json<UseCaseSupplier>();
      expect(why).toMatchObject({ inUseCase: false, leftOutBy: 'IssuerExcludeList' });
      expect(why.checks.every((c) => c.passes)).toBe(true);
      expect((await preview()).json<{ selected: number }>().selected).toBe(selectedBefore - 1);
    });
    // Taken off the list, the supplier is back.
    expect((await figuresOf(created.id)).suppliers).toBe(before.totalCount);
  });

  it('keeps use cases to the suppliers a non-empty include list names', async () => {
    const created = (
      await create({ name: 'Include list check', cardProduct: 'Scf', rule: { filters: MATCHED } })
    ).json<UseCase>();
    const before = await suppliersOf(created.id);
    const [first, second, third] = before.collection;
    await withLists({ include: [first!.supplierName, second!.supplierName] }, async () => {
      const after = await suppliersOf(created.id);
      expect(after.collection.map((s) => s.supplierName).sort()).toEqual(
        [first!.supplierName, second!.supplierName].sort(),
      );
      const why = (
        await t.request({
          url: `${base}/${jobId}/use-cases/${created.id}/suppliers/${encodeURIComponent(third!.supplierKey)}`,
          cookie: admin,
        })
      ).json<UseCaseSupplier>();
      expect(why).toMatchObject({ inUseCase: false, leftOutBy: 'IssuerIncludeList' });
    });
  });
});
