import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Company, CompanySearchResult, Enrichment, InsightChartData } from '@b2b/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FixtureCompany,
  startCompaniesHouseServer,
} from '../../../test/companies-house-server.js';
import { useJobsTestApp } from '../../../test/jobs-test-app.js';
import { rows, waitFor } from '../../../test/proq-kit.js';
import type { Actor } from '../../lib/actor.js';
import type { CommandContext } from '../proq/command-registry.js';
import { createCompaniesHouseClient } from './companies-house-client.js';
import { type EnrichmentPayload, createCompaniesHouseService } from './companies-house.service.js';

const KEY = 'test-companies-house-key';
const API = '/api/v1/tools/companies-house';

const office = (postal_code: string, locality: string) => ({
  premises: '1',
  address_line_1: 'High Street',
  locality,
  postal_code,
  country: 'England',
});
const company = (
  company_number: string,
  company_name: string,
  postcode: string,
  sic_codes: string[],
  more: Partial<FixtureCompany> = {},
): FixtureCompany => ({
  company_number,
  company_name,
  company_status: 'active',
  type: 'ltd',
  date_of_creation: '2015-03-02',
  registered_office_address: office(postcode, 'London'),
  sic_codes,
  ...more,
});

const COMPANIES: FixtureCompany[] = [
  company('11111111', 'ZEPHYRINE WIDGETS LIMITED', 'EC1A 1BB', ['62012', '62020'], {
    officers: { active_count: 3, resigned_count: 2 },
  }),
  company('22222221', 'QUILLON BAKERIES LTD', 'M1 1AE', ['10710']),
  company('22222222', 'QUILLON BAKERIES LIMITED', 'LS1 1AA', ['10710']),
  company('33333333', 'HARBOUR & LANE TRADING LIMITED', 'BS1 4DJ', ['46900']),
  company('44444441', 'MOSSGROVE CONSULTING LTD', 'EH1 1YZ', ['70229'], {
    company_status: 'dissolved',
  }),
  company('44444442', 'MOSSGROVE CONSULTING LIMITED', 'G1 1XQ', ['70229'], {
    company_status: 'dissolved',
  }),
  company('00445790', 'HALLBROOK STORES PLC', 'EN8 9SL', ['47110'], { type: 'plc' }),
  company('SC123456', 'GLENLOCHY DISTILLERS LIMITED', 'PH1 5RT', ['11010'], {
    type: 'private-limited-guarant-nsc',
    date_of_cessation: '2024-01-31',
    company_status: 'liquidation',
  }),
];

const SEARCHES: Record<string, string[]> = {
  zephyrine: ['11111111'],
  'zephyrine widgets ltd': ['11111111'],
  'quillon bakeries': ['22222222', '22222221'],
  'harbour lane traders': ['33333333'],
  'mossgrove consulting': ['44444441', '44444442'],
  'tarnwick supplies': [],
};

/** Five UK suppliers (one of each outcome, two matched by name, one by postcode) and one German. */
const SUPPLIERS_CSV = [
  'Supplier Name,Postcode,Country,Annual Spend',
  'Zephyrine Widgets Ltd,EC1A 1BB,GB,12000',
  'Quillon Bakeries,M1 1AE,GB,8000',
  'Harbour Lane Traders,BS1 4DJ,GB,5000',
  'Mossgrove Consulting,,GB,3000',
  'Tarnwick Supplies,SW1A 2AA,GB,2000',
  'Berliner Bau GmbH,10115,DE,7000',
].join('\n');

let ch: Awaited<ReturnType<typeof startCompaniesHouseServer>>;
const { t, pipeline, signedIn } = useJobsTestApp('companies-house', {
  env: async () => {
    ch = await startCompaniesHouseServer({ apiKey: KEY, companies: COMPANIES, searches: SEARCHES });
    return {
      COMPANIES_HOUSE_API_KEY: KEY,
      COMPANIES_HOUSE_BASE_URL: ch.baseUrl,
      COMPANIES_HOUSE_TIMEOUT_SECONDS: '1',
    };
  },
});
afterAll(() => ch?.close());

const get = <T>(url: string) =>
  t.request({ url, cookie: signedIn().admin }).then((res) => ({ res, body: res.json<T>() }));

/** A service over the test's database with another client: no key, or an unreachable API. */
function serviceWith(settings: { apiKey?: string; baseUrl: string }) {
  const { services } = t.app.ctx;
  return createCompaniesHouseService(t.database.db, {
    client: createCompaniesHouseClient({
      apiKey: settings.apiKey,
      baseUrl: settings.baseUrl,
      timeoutMs: 1000,
      rateLimit: 600,
      rateWindowMs: 300_000,
    }),
    jobs: services.jobs,
    proq: services.proq,
    insights: services.insights,
  });
}

function actor(permissions: Actor['permissions'], issuerIds: string[] = []): Actor {
  return {
    userId: randomUUID(),
    username: 'someone@example.com',
    sessionId: randomUUID(),
    permissions,
    issuerIds,
    managedIssuerIds: [],
    eligible: true,
  };
}

describe('Companies House search and company', () => {
  it('says the tool is configured and where it asks', async () => {
    const { res, body } = await get(API);
    expect(res.statusCode).toBe(200);
    expect(body).toEqual({ configured: true, baseUrl: ch.baseUrl, message: null });
  });

  it('finds companies by name, a page at a time, with the key as Basic user name', async () => {
    const { res, body } = await get<CompanySearchResult>(`${API}/companies?q=Zephyrine`);
    expect(res.statusCode, res.body).toBe(200);
    expect(body).toEqual({
      query: 'Zephyrine',
      searchedBy: 'name',
      totalResults: 1,
      page: 1,
      pageSize: 20,
      items: [
        {
          companyNumber: '11111111',
          name: 'ZEPHYRINE WIDGETS LIMITED',
          status: 'Active',
          type: 'Private limited company',
          incorporatedOn: '2015-03-02',
          address: '1, High Street, London, EC1A 1BB',
        },
      ],
    });
    expect(ch.requests.at(-1)).toBe(
      'GET /search/companies?q=Zephyrine&items_per_page=20&start_index=0',
    );
  });

  it('looks a company number up directly, padded as the register writes it', async () => {
    const { body } = await get<CompanySearchResult>(`${API}/companies?q=sc%20123456`);
    expect(body.searchedBy).toBe('number');
    expect(body.items).toEqual([
      {
        companyNumber: 'SC123456',
        name: 'GLENLOCHY DISTILLERS LIMITED',
        status: 'Liquidation',
        type: 'Private limited by guarantee without share capital',
        incorporatedOn: '2015-03-02',
        address: '1 High Street, London, PH1 5RT, England',
      },
    ]);
    const padded = await get<CompanySearchResult>(`${API}/companies?q=445790`);
    expect(padded.body.items.map((i) => i.companyNumber)).toEqual(['00445790']);
  });

  it('shows a company whole: address, SIC codes with their sections, officers’ counts', async () => {
    const { res, body } = await get<Company>(`${API}/companies/11111111`);
    expect(res.statusCode, res.body).toBe(200);
    expect(body).toEqual({
      companyNumber: '11111111',
      name: 'ZEPHYRINE WIDGETS LIMITED',
      status: 'Active',
      type: 'Private limited company',
      incorporatedOn: '2015-03-02',
      ceasedOn: null,
      registeredOffice: {
        lines: ['1 High Street', 'London', 'EC1A 1BB', 'England'],
        postcode: 'EC1A 1BB',
      },
      sicCodes: [
        {
          code: '62012',
          section: 'J: Information and communication',
          description:
            '62012 — Division 62: Computer programming, consultancy and related activities',
        },
        {
          code: '62020',
          section: 'J: Information and communication',
          description:
            '62020 — Division 62: Computer programming, consultancy and related activities',
        },
      ],
      officers: { active: 3, resigned: 2, total: 5 },
    });
    // The register lists no officers for this one: its officers list answers 404.
    const scottish = await get<Company>(`${API}/companies/SC123456`);
    expect(scottish.body.officers).toBeNull();
    expect(scottish.body.ceasedOn).toBe('2024-01-31');
  });

  it('answers bad input with a 400 naming the field', async () => {
    const empty = await get<{ message: string; errors: { field: string }[] }>(
      `${API}/companies?q=%20`,
    );
    expect(empty.res.statusCode).toBe(400);
    expect(empty.res.body).toContain('q');
    const number = await get<{ message: string }>(`${API}/companies/ABC-123`);
    expect(number.res.statusCode).toBe(400);
    expect(number.res.body).toContain('companyNumber');
    const letters = await get<{ message: string }>(`${API}/companies/ABCDEFGH`);
    expect(letters.res.statusCode).toBe(400);
    expect(letters.body.message).toMatch(/^companyNumber: a company number is 8 characters/);
    const job = await t.request({
      method: 'POST',
      url: `${API}/enrichments`,
      cookie: signedIn().admin,
      payload: { jobId: 'not-a-job' },
    });
    expect(job.statusCode).toBe(400);
    expect(job.body).toContain('jobId');
  });

  it('says which is wrong: no such company, a refused key, the rate limit, a slow answer', async () => {
    const missing = await get<{ message: string }>(`${API}/companies/99999999`);
    expect(missing.res.statusCode).toBe(404);
    expect(missing.body.message).toBe('Companies House has no company numbered 99999999.');

    ch.acceptKey('another-key');
    const refused = await get<{ message: string }>(`${API}/companies?q=Zephyrine`);
    ch.acceptKey(KEY);
    expect(refused.res.statusCode).toBe(502);
    expect(refused.body.message).toBe(
      'Companies House refused the API key (HTTP 401): check COMPANIES_HOUSE_API_KEY.',
    );

    ch.rateLimitNext(1);
    const limited = await get<{ message: string }>(`${API}/companies?q=Zephyrine`);
    expect(limited.res.statusCode).toBe(429);
    expect(limited.body.message).toMatch(
      /^Companies House's rate limit is reached \(600 requests per 5 minutes\); try again in [12] s\.$/,
    );

    ch.delay(1500);
    const slow = await get<{ message: string }>(`${API}/companies?q=Zephyrine`);
    ch.delay(0);
    expect(slow.res.statusCode).toBe(502);
    expect(slow.body.message).toBe(`Companies House did not answer within 1 s (${ch.baseUrl}).`);
  });

  it('says so without a key, or when Companies House cannot be reached', async () => {
    const keyless = serviceWith({ baseUrl: ch.baseUrl });
    expect(keyless.settings()).toMatchObject({
      configured: false,
      message:
        'No Companies House API key is configured: set COMPANIES_HOUSE_API_KEY on the server.',
    });
    await expect(keyless.search('Zephyrine', 1)).rejects.toMatchObject({
      statusCode: 409,
      message:
        'No Companies House API key is configured: set COMPANIES_HOUSE_API_KEY on the server.',
    });
    // A loopback port that was just closed: nothing listens there.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const offline = serviceWith({ apiKey: KEY, baseUrl: `http://127.0.0.1:${port}` });
    await expect(offline.company('11111111')).rejects.toMatchObject({
      statusCode: 502,
      message: `Companies House cannot be reached at http://127.0.0.1:${port}: ECONNREFUSED.`,
    });
  });

  it('throttles its requests to the rate limit it is given', async () => {
    const client = createCompaniesHouseClient({
      apiKey: KEY,
      baseUrl: ch.baseUrl,
      timeoutMs: 1000,
      rateLimit: 2,
      rateWindowMs: 400,
    });
    const started = Date.now();
    for (let i = 0; i < 3; i++) await client.search('zephyrine', 20, 0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(380);
  });
});

describe('enriching a job’s UK suppliers', () => {
  let jobId = '';
  beforeAll(async () => {
    const job = await pipeline.completedJob({
      cookie: signedIn().admin,
      issuerName: 'PayTech Bank',
      csv: SUPPLIERS_CSV,
      name: 'Companies House enrichment',
    });
    jobId = job.id;
  }, 180_000);

  const chart = () =>
    get<InsightChartData>(
      `/api/v1/job-artifacts/${jobId}/insights/chart?chart=IndustriesSicDivision`,
    ).then((r) => r.body);

  it('matches confidently, waits out a 429, stores the companies and feeds the industry charts', async () => {
    expect((await chart()).available).toBe(false);
    const before = await get<Enrichment>(`${API}/enrichments/${jobId}`);
    expect(before.body).toMatchObject({ state: 'NotStarted', processed: 0, suppliers: [] });

    ch.rateLimitNext(1);
    const asked = ch.requests.length;
    const start = await t.request({
      method: 'POST',
      url: `${API}/enrichments`,
      cookie: signedIn().admin,
      payload: { jobId },
    });
    expect(start.statusCode, start.body).toBe(201);
    expect(start.json<Enrichment>().state).toBe('Queued');

    const done = await waitFor(
      async () => (await get<Enrichment>(`${API}/enrichments/${jobId}`)).body,
      (e) => e.state === 'Completed' || e.state === 'Error',
      60_000,
      'the enrichment',
    );
    expect(done).toMatchObject({
      state: 'Completed',
      ukSuppliers: 5,
      processed: 5,
      matched: 3,
      ambiguous: 1,
      notFound: 1,
      requestedBy: 'sysadmin@example.com',
      message:
        '5 UK supplier(s): 3 matched, 1 ambiguous, 1 not found; the industry charts now use the SIC codes found.',
    });
    const outcomes = Object.fromEntries(
      done.suppliers.map((s) => [s.supplierName, [s.outcome, s.companyNumber, s.reason]]),
    );
    expect(outcomes).toEqual({
      'Zephyrine Widgets Ltd': ['matched', '11111111', 'Exact normalised name'],
      'Quillon Bakeries': ['matched', '22222221', 'Exact normalised name and postcode'],
      'Harbour Lane Traders': ['matched', '33333333', 'Postcode BS1 4DJ agrees'],
      'Mossgrove Consulting': [
        'ambiguous',
        null,
        '2 companies have this name (44444441, 44444442)',
      ],
      'Tarnwick Supplies': ['not-found', null, 'Companies House found no company by this name'],
    });
    expect(done.suppliers.find((s) => s.companyNumber === '11111111')).toMatchObject({
      companyStatus: 'Active',
      sicCodes: ['62012', '62020'],
    });
    // The first request met the 429; the same search was sent again after the pause.
    const sent = ch.requests.slice(asked);
    expect(sent[0]).toBe(sent[1]);
    expect(sent.filter((r) => r.startsWith('GET /search/companies'))).toHaveLength(6);

    const industries = await chart();
    expect(industries.available).toBe(true);
    expect(
      industries.bars
        .map((b) => [b.label, b.suppliers])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['UK SIC C: Manufacturing', 1],
      ['UK SIC G: Wholesale and retail trade; repair of motor vehicles and motorcycles', 1],
      ['UK SIC J: Information and communication', 1],
      ['Unclassified', 3],
    ]);
  });

  it('goes on where a delivery stopped and asks nothing again on a second delivery', async () => {
    const [run] = await rows<{ run_id: string }>(
      t.database,
      sql`select run_id from companies_house_enrichments where job_id = ${jobId}`,
    );
    // As if the worker died after four suppliers: the fifth is asked for, the rest are not.
    await t.database.db.execute(
      sql`delete from job_supplier_companies where job_id = ${jobId} and supplier_name = 'Quillon Bakeries'`,
    );
    const context = {
      payload: { jobId, runId: run!.run_id },
      attempt: 2,
      signal: new AbortController().signal,
      reportProgress: async () => {},
      log: async () => {},
    } as unknown as CommandContext<EnrichmentPayload>;
    const service = t.app.ctx.services.companiesHouse;
    const asked = ch.requests.length;
    await service.runEnrichment(context);
    expect(ch.requests.slice(asked)).toEqual([
      'GET /search/companies?q=Quillon+Bakeries&items_per_page=20&start_index=0',
      'GET /company/22222221',
    ]);
    const again = ch.requests.length;
    const outcome = await service.runEnrichment(context);
    expect(ch.requests.length).toBe(again);
    expect(outcome.result).toEqual({ ukSuppliers: 5, matched: 3, ambiguous: 1, notFound: 1 });
  });

  it('refuses users outside the job’s issuer, users who may not change it, and jobs not completed', async () => {
    const issuerUser = await t.signIn('issuer@example.com');
    const noTools = await t.request({
      method: 'POST',
      url: `${API}/enrichments`,
      cookie: issuerUser,
      payload: { jobId },
    });
    expect(noTools.statusCode).toBe(403);

    const service = t.app.ctx.services.companiesHouse;
    // Tools, but a member of no issuer of the job: the job does not exist for them.
    const outsider = actor(['Tools_Area_VIEW', 'JobRead', 'JobEdit']);
    await expect(service.enrichment(outsider, jobId)).rejects.toMatchObject({ statusCode: 404 });
    await expect(service.start(outsider, jobId)).rejects.toMatchObject({ statusCode: 404 });
    // Sees every job, but neither owns this one nor may edit jobs.
    const viewer = actor(['Tools_Area_VIEW', 'JobRead', 'AllBuyers_VIEW']);
    await expect(service.enrichment(viewer, jobId)).resolves.toMatchObject({ state: 'Completed' });
    await expect(service.start(viewer, jobId)).rejects.toMatchObject({
      statusCode: 403,
      message:
        "Only the job's owner or a user who may edit jobs (JobEdit) can enrich its suppliers.",
    });

    const draft = await pipeline.createJob({
      cookie: signedIn().admin,
      issuerName: 'PayTech Bank',
    });
    const early = await t.request({
      method: 'POST',
      url: `${API}/enrichments`,
      cookie: signedIn().admin,
      payload: { jobId: draft.id },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toBe(
      "Only a Completed job's suppliers can be enriched; this job's status is Draft.",
    );
    const unknown = await get<{ message: string }>(`${API}/enrichments/${randomUUID()}`);
    expect(unknown.res.statusCode).toBe(404);
  });

  it('ends in Error, saying why, when Companies House refuses the key (no retries)', async () => {
    ch.acceptKey('another-key');
    try {
      const start = await t.request({
        method: 'POST',
        url: `${API}/enrichments`,
        cookie: signedIn().admin,
        payload: { jobId },
      });
      expect(start.statusCode, start.body).toBe(201);
      const failed = await waitFor(
        async () => (await get<Enrichment>(`${API}/enrichments/${jobId}`)).body,
        (e) => e.state === 'Completed' || e.state === 'Error',
        60_000,
        'the enrichment',
      );
      expect(failed).toMatchObject({
        state: 'Error',
        processed: 0,
        message: 'Companies House refused the API key (HTTP 401): check COMPANIES_HOUSE_API_KEY.',
      });
      // The enrichment says Error before the worker records the command's end: wait for it.
      const command = await waitFor(
        async () =>
          (
            await rows<{ state: string; attempts: number }>(
              t.database,
              sql`select state, attempts from proq_commands
                  where command_type = 'EnrichSuppliersFromCompaniesHouse' and job_id = ${jobId}
                  order by queued_date desc limit 1`,
            )
          )[0],
        (c) => c?.state === 'Error',
        30_000,
        'the command to end',
      );
      expect(command).toEqual({ state: 'Error', attempts: 1 });
    } finally {
      ch.acceptKey(KEY);
    }
  });
});
