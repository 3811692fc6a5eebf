import {
  SHIPPED_ASSUMPTIONS,
  USE_CASE_TEMPLATES,
  calculateBusinessCase,
  type BusinessCaseContext,
  type BusinessCaseInputs,
  type BusinessCaseScenario,
  type BusinessCaseSupplierOptions,
  type SpendAggregates,
  type SupplierResult,
  type UseCase,
} from '@b2b/contract';
import ExcelJS from 'exceljs';
import { HyperFormula } from 'hyperformula';
import { beforeAll, describe, expect, it } from 'vitest';
import { useJobsTestApp } from '../../../test/jobs-test-app.js';
import type { ReferenceMerchant } from '../../../test/job-pipeline.js';
import { SUMMARY_ROWS } from './business-case-workbook.js';

const { t, pipeline, base, signedIn } = useJobsTestApp('business-case');

let admin: string;
let merchants: ReferenceMerchant[] = [];
let jobId: string;

const url = (rest = '', job = jobId) => `${base}/${job}/business-case${rest}`;
const inputs = (change: (i: BusinessCaseInputs) => void = () => {}): BusinessCaseInputs => {
  const i: BusinessCaseInputs = structuredClone({
    years: 3,
    source: { kind: 'scoreLevel', levels: ['High', 'Medium', 'Low', 'None'] },
    assumptions: SHIPPED_ASSUMPTIONS,
  });
  change(i);
  return i;
};
async function spendOf(source: BusinessCaseInputs['source'], cookie = admin) {
  return t.request({ method: 'POST', url: url('/spend'), cookie, payload: { source } });
}
async function createScenario(payload: object, cookie = admin, job = jobId) {
  return t.request({ method: 'POST', url: url('/scenarios', job), cookie, payload });
}

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

describe('the business case of a completed job', () => {
  it('aggregates every supplier of the job once, with the suppliers tab’s spend', async () => {
    const res = await spendOf({ kind: 'scoreLevel', levels: ['High'] });
    expect(res.statusCode, res.body).toBe(200);
    const spend = res.json<SpendAggregates>();
    expect(spend.currency).toBe('GBP');
    const tab = await t.request({
      method: 'POST',
      url: `${base}/${jobId}/suppliers`,
      cookie: admin,
      payload: { pageSize: 500 },
    });
    const suppliers = tab.json<{ collection: SupplierResult[]; totalCount: number }>();
    const counted = spend.cells.reduce((n, c) => n + c.suppliers, 0) + spend.unscoredSuppliers;
    expect(counted).toBe(suppliers.totalCount);
    const scored = spend.cells.reduce((s, c) => s + c.spend, 0);
    expect(scored).toBeGreaterThan(0);
    expect(scored).toBeLessThanOrEqual(
      suppliers.collection.reduce((s, x) => s + (x.annualSpend ?? x.spend ?? 0), 0) + 0.01,
    );
  });

  it('aggregates chosen suppliers and a use case’s suppliers at every level', async () => {
    const tab = await t.request({
      method: 'POST',
      url: `${base}/${jobId}/suppliers`,
      cookie: admin,
      payload: { pageSize: 3 },
    });
    const chosen = tab.json<{ collection: SupplierResult[] }>().collection;
    const res = await spendOf({
      kind: 'suppliers',
      supplierKeys: chosen.map((s) => s.supplierKey),
    });
    expect(res.statusCode, res.body).toBe(200);
    const spend = res.json<SpendAggregates>();
    const counted = spend.cells.reduce((n, c) => n + c.suppliers, 0) + spend.unscoredSuppliers;
    expect(counted).toBe(chosen.length);
    const payments = spend.cells.reduce((n, c) => n + c.payments, 0);
    expect(payments).toBe(chosen.reduce((n, s) => n + (s.paymentCount ?? 0), 0));

    const template = USE_CASE_TEMPLATES.find(
      (x) => x.key === 'vcard-accepting-paid-by-cheque-or-transfer',
    )!;
    const { key: templateKey, ...rest } = template;
    const created = await t.request({
      method: 'POST',
      url: `${base}/${jobId}/use-cases`,
      cookie: admin,
      payload: { ...rest, templateKey },
    });
    expect(created.statusCode, created.body).toBe(201);
    const useCase = created.json<UseCase>();
    const byUseCase = (
      await spendOf({ kind: 'useCase', useCaseId: useCase.id })
    ).json<SpendAggregates>();
    expect(byUseCase.cells.reduce((n, c) => n + c.suppliers, 0) + byUseCase.unscoredSuppliers).toBe(
      useCase.figures.suppliers,
    );
  });

  it('finds the job’s suppliers to choose, and a scenario of chosen ones follows them', async () => {
    const search = (payload: object, cookie = admin) =>
      t.request({ method: 'POST', url: url('/suppliers'), cookie, payload });
    const all = await search({ limit: 100 });
    expect(all.statusCode, all.body).toBe(200);
    const listed = all.json<BusinessCaseSupplierOptions>().suppliers;
    expect(listed.length).toBeGreaterThan(3);
    // The biggest yearly spend first.
    expect(listed.map((s) => s.spend)).toEqual(
      [...listed.map((s) => s.spend)].sort((a, b) => b - a),
    );

    // By part of a name, in any case; a LIKE wildcard is taken literally.
    const target = listed.find((s) => s.supplierName.length >= 6)!;
    const part = target.supplierName.slice(1, 6).toUpperCase();
    const found = (await search({ search: part })).json<BusinessCaseSupplierOptions>();
    expect(found.suppliers.map((s) => s.supplierKey)).toContain(target.supplierKey);
    for (const s of found.suppliers) {
      expect(`${s.supplierName} ${s.supplierKey}`.toUpperCase()).toContain(part);
    }
    expect((await search({ search: '%' })).json<BusinessCaseSupplierOptions>().suppliers).toEqual(
      [],
    );
    const one = (await search({ limit: 1 })).json<BusinessCaseSupplierOptions>();
    expect(one).toMatchObject({ suppliers: [listed[0]], more: true });

    // A saved scenario's keys are named again when it is opened; an unknown key is left out.
    const chosen = listed.slice(0, 3).map((s) => s.supplierKey);
    const named = await search({ keys: [...chosen, 'no-such-supplier'] });
    expect(
      named
        .json<BusinessCaseSupplierOptions>()
        .suppliers.map((s) => s.supplierKey)
        .sort(),
    ).toEqual([...chosen].sort());

    // The scenario keeps the selection; its spend is the chosen suppliers' only.
    const source = { kind: 'suppliers' as const, supplierKeys: chosen };
    const saved = await createScenario({
      name: 'Chosen three',
      inputs: inputs((i) => (i.source = source)),
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json<BusinessCaseScenario>().inputs.source).toEqual(source);
    const spend = (await spendOf(source)).json<SpendAggregates>();
    const scored = listed.slice(0, 3).filter((s) => s.product !== null);
    expect(spend.cells.reduce((n, c) => n + c.suppliers, 0)).toBe(scored.length);
    expect(spend.cells.reduce((x, c) => x + c.spend, 0)).toBeCloseTo(
      scored.reduce((x, s) => x + s.spend, 0),
      2,
    );

    const tooLong = await search({ search: 'x'.repeat(201) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ message: string }>().message).toContain('Search must be at most 200');
    const mdo = await t.signIn('matcheddataonlyjobcreator@example.com');
    expect((await search({}, mdo)).statusCode).toBe(403);
  });

  it('opens with the shipped defaults, editable by IssuerUpdate holders only', async () => {
    const res = await t.request({ url: url(), cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    const ctx = res.json<BusinessCaseContext>();
    expect(ctx).toMatchObject({
      currency: 'GBP',
      status: 'Completed',
      defaultsSource: 'shipped',
      canEditDefaults: true,
    });
    expect(ctx.defaults).toEqual(SHIPPED_ASSUMPTIONS);

    const changed = { ...SHIPPED_ASSUMPTIONS, billingCycleDays: 28 };
    const put = await t.request({
      method: 'PUT',
      url: url('/issuer-defaults'),
      cookie: admin,
      payload: changed,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<BusinessCaseContext>()).toMatchObject({
      defaultsSource: 'issuer',
      defaults: { billingCycleDays: 28 },
    });
    // A PTCO job manager sees the job but holds no IssuerUpdate.
    const ptco = await t.signIn('ptcojobmanager@example.com');
    expect(
      (await t.request({ url: url(), cookie: ptco })).json<BusinessCaseContext>().canEditDefaults,
    ).toBe(false);
    const refused = await t.request({
      method: 'PUT',
      url: url('/issuer-defaults'),
      cookie: ptco,
      payload: changed,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('saves, copies, changes and deletes scenarios; colleagues copy rather than change', async () => {
    const created = await createScenario({ name: 'Cautious', inputs: inputs() });
    expect(created.statusCode, created.body).toBe(201);
    const mine = created.json<BusinessCaseScenario>();
    expect(mine).toMatchObject({ name: 'Cautious', canChange: true, inputs: inputs() });
    const at = url(`/scenarios/${mine.id}`);

    const copy = await t.request({ method: 'POST', url: `${at}/copy`, cookie: admin, payload: {} });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json<BusinessCaseScenario>().name).toBe('Cautious (copy)');

    const bolder = inputs((i) => (i.assumptions.adoptionPct = [50, 70, 90]));
    const updated = await t.request({
      method: 'PUT',
      url: at,
      cookie: admin,
      payload: { name: 'Bold', inputs: bolder },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<BusinessCaseScenario>()).toMatchObject({ name: 'Bold', inputs: bolder });

    const colleague = await t.signIn('ptcojobmanager@example.com');
    expect(
      (
        await t.request({
          method: 'PUT',
          url: at,
          cookie: colleague,
          payload: { name: 'X', inputs: bolder },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'DELETE', url: at, cookie: colleague })).statusCode).toBe(
      403,
    );
    const theirs = await t.request({
      method: 'POST',
      url: `${at}/copy`,
      cookie: colleague,
      payload: { name: 'Mine now' },
    });
    expect(theirs.statusCode).toBe(201);

    const listed = (await t.request({ url: url(), cookie: admin })).json<BusinessCaseContext>();
    expect(listed.scenarios.map((s) => s.name)).toEqual(
      expect.arrayContaining(['Bold', 'Cautious (copy)', 'Mine now']),
    );
    expect((await t.request({ method: 'DELETE', url: at, cookie: admin })).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: at, cookie: admin })).statusCode).toBe(404);
  });

  it('answers a bad input with a 400 naming the field', async () => {
    const adoption = await createScenario({
      name: 'Bad',
      inputs: inputs((i) => (i.assumptions.adoptionPct[1] = 120)),
    });
    expect(adoption.statusCode).toBe(400);
    expect(adoption.json<{ message: string }>().message).toContain(
      'Adoption in year 2 must be between 0 and 100 %',
    );
    expect(JSON.stringify(adoption.json())).toContain('body.inputs.assumptions.adoptionPct');

    const years = await createScenario({ name: 'Bad', inputs: inputs((i) => (i.years = 0)) });
    expect(years.statusCode).toBe(400);
    expect(years.json<{ message: string }>().message).toContain('Years must be 1, 2 or 3');

    const rebate = await createScenario({
      name: 'Bad',
      inputs: inputs((i) => (i.assumptions.products.Vcard.rebatePct = 4.9)),
    });
    expect(rebate.statusCode).toBe(400);
    expect(JSON.stringify(rebate.json())).toContain('products.Vcard.rebatePct');

    const useCase = await createScenario({
      name: 'Bad',
      inputs: inputs(
        (i) => (i.source = { kind: 'useCase', useCaseId: '00000000-0000-4000-8000-000000000000' }),
      ),
    });
    expect(useCase.statusCode).toBe(400);
    expect(useCase.json<{ message: string }>().message).toContain('body.inputs.source.useCaseId');

    const noName = await createScenario({ name: '  ', inputs: inputs() });
    expect(noName.statusCode).toBe(400);
    expect(noName.json<{ message: string }>().message).toContain('Name is required');
  });

  it('refuses roles without the tab, other issuers’ users and unfinished jobs', async () => {
    const mdo = await t.signIn('matcheddataonlyjobcreator@example.com');
    expect((await t.request({ url: url(), cookie: mdo })).statusCode).toBe(403);
    expect((await t.request({ url: url('/workbook.xlsx'), cookie: mdo })).statusCode).toBe(403);
    // PayTech's campaign manager holds the tabs but does not see Mastercard's job.
    const otherIssuer = await t.signIn('campaignmanager@example.com');
    expect((await t.request({ url: url(), cookie: otherIssuer })).statusCode).toBe(404);
    expect((await spendOf({ kind: 'scoreLevel', levels: ['High'] }, otherIssuer)).statusCode).toBe(
      404,
    );
    expect((await createScenario({ name: 'X', inputs: inputs() }, otherIssuer)).statusCode).toBe(
      404,
    );
    expect((await t.request({ url: url('/workbook.xlsx'), cookie: otherIssuer })).statusCode).toBe(
      404,
    );

    const { job: draft } = await pipeline.jobAt('draft', { cookie: admin, merchants });
    const workbook = await t.request({ url: url('/workbook.xlsx', draft.id), cookie: admin });
    expect(workbook.statusCode).toBe(409);
    expect(workbook.json<{ message: string }>().message).toContain('this job is Draft');
    const spend = await t.request({
      method: 'POST',
      url: url('/spend', draft.id),
      cookie: admin,
      payload: { source: { kind: 'scoreLevel', levels: ['High'] } },
    });
    expect(spend.statusCode).toBe(409);
  });
});

/** The workbook's cells as HyperFormula takes them: formulas as `=…`, values as they are. */
function sheetsOf(book: ExcelJS.Workbook): Record<string, (string | number | boolean | null)[][]> {
  const sheets: Record<string, (string | number | boolean | null)[][]> = {};
  book.eachSheet((ws) => {
    const rows: (string | number | boolean | null)[][] = [];
    ws.eachRow({ includeEmpty: true }, (row, r) => {
      const cells: (string | number | boolean | null)[] = [];
      row.eachCell({ includeEmpty: true }, (cell, c) => {
        const v = cell.value as unknown;
        cells[c - 1] =
          v && typeof v === 'object' && 'formula' in v
            ? `=${(v as { formula: string }).formula}`
            : (v as string | number | boolean | null);
      });
      rows[r - 1] = Array.from(cells, (x) => x ?? null);
    });
    sheets[ws.name] = Array.from(rows, (x) => x ?? []);
  });
  return sheets;
}

describe('the business case workbook', () => {
  it('recalculates to calculate.ts’s figures, and follows a changed input', async () => {
    const scenarioInputs = inputs((i) => {
      i.years = 2;
      i.source = { kind: 'scoreLevel', levels: ['High', 'Medium', 'Low'] };
      i.assumptions.adoptionPct = [42, 61, 75];
      i.assumptions.products.Pcard.included = false;
    });
    const created = await createScenario({ name: '=cmd|calc', inputs: scenarioInputs });
    expect(created.statusCode, created.body).toBe(201);
    const scenario = created.json<BusinessCaseScenario>();
    const res = await t.request({
      url: url(`/workbook.xlsx?scenarioId=${scenario.id}`),
      cookie: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'Summary',
      'Inputs',
      'Spend',
      'Calculation',
      'Suppliers',
    ]);
    const hf = HyperFormula.buildFromSheets(sheetsOf(book), { licenseKey: 'gpl-v3' });
    const summary = hf.getSheetId('Summary')!;
    const value = (col: number, row: number) =>
      hf.getCellValue({ sheet: summary, col, row: row - 1 }) as number;

    const spend = (await spendOf(scenarioInputs.source)).json<SpendAggregates>();
    const expected = calculateBusinessCase(scenarioInputs, spend.cells, 'GBP');
    for (const s of SUMMARY_ROWS) {
      for (let y = 1; y <= 3; y++) {
        const want = expected.total.years[y - 1]?.[s.key] ?? 0;
        expect(value(y, s.row), `${s.label} year ${y}`).toBeCloseTo(want, 1);
      }
      expect(value(4, s.row), `${s.label} total`).toBeCloseTo(expected.total.total[s.key], 1);
    }
    expect(expected.total.total.netValue).toBeGreaterThan(0);

    // Change an assumption as a reader would in Excel: adoption in year 1 from 42 % to 30 %.
    hf.setCellContents({ sheet: hf.getSheetId('Inputs')!, col: 1, row: 3 }, [[0.3]]);
    const changed = calculateBusinessCase(
      {
        ...scenarioInputs,
        assumptions: { ...scenarioInputs.assumptions, adoptionPct: [30, 61, 75] },
      },
      spend.cells,
      'GBP',
    );
    const net = SUMMARY_ROWS.find((s) => s.key === 'netValue')!;
    expect(value(4, net.row)).toBeCloseTo(changed.total.total.netValue, 1);
    expect(changed.total.total.netValue).toBeLessThan(expected.total.total.netValue);

    // The supplier list holds the suppliers behind the spend; the scenario name is text.
    const list = book.getWorksheet('Suppliers')!;
    const counted = expected.products.reduce((n, p) => n + p.suppliers, 0);
    expect(list.rowCount - 1).toBe(counted);
    const title = book.getWorksheet('Summary')!.getCell('A1').value;
    expect(typeof title).toBe('string');
  });

  it('escapes text a spreadsheet would run as a formula', async () => {
    const { safeText } = await import('./business-case-workbook.js');
    expect(safeText('=HYPERLINK("x")')).toBe(`'=HYPERLINK("x")`);
    expect(['+1', '-1', '@a', '\tx', '\rx'].map(safeText)).toEqual([
      "'+1",
      "'-1",
      "'@a",
      "'\tx",
      "'\rx",
    ]);
    expect(safeText('Acme Ltd')).toBe('Acme Ltd');
  });
});
