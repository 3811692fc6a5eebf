import {
  type Company,
  type CompanySearchResult,
  type Enrichment,
  JobListItemSchema,
} from '@b2b/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { issuerProfile } from '../../../test/fixtures';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { GERMAN, backToEnglish, germanUserApi } from '../../../test/german';
import { signedInApi } from '../../../test/signed-in-api';

const JOB_ID = '11111111-1111-4111-8111-111111111111';

/** The job list's page of one Completed job (what the job picker offers). */
const completedJobs = (count: number) => ({
  collection: [
    JobListItemSchema.parse({
      id: JOB_ID,
      name: 'Acme AP 2026',
      type: 'base',
      status: 'Completed',
      isPublished: false,
      issuerId: '33333333-3333-4333-8333-333333333333',
      issuerName: 'PayTech Bank',
      buyerId: '44444444-4444-4444-8444-444444444444',
      buyerName: 'Acme Buyer',
      ownerId: '55555555-5555-4555-8555-555555555555',
      ownerName: 'Sys Admin',
      currency: 'GBP',
      supplierCount: 6,
      createdOn: '2026-01-01T09:00:00.000Z',
      updatedOn: '2026-01-01T10:00:00.000Z',
    }),
  ].slice(0, count),
  currentPage: 1,
  hasNextPage: false,
  hasPreviousPage: false,
  pageSize: 200,
  totalCount: count,
  totalPages: count ? 1 : 0,
});

const profile = {
  ...issuerProfile,
  username: 'sysadmin@example.com',
  permissions: ['StandardLayoutNavbar_VIEW', 'Tools_Area_VIEW', 'JobRead'],
};

const found: CompanySearchResult = {
  query: 'zephyrine',
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
      address: '1 High Street, London, EC1A 1BB',
    },
  ],
};

const company: Company = {
  companyNumber: '11111111',
  name: 'ZEPHYRINE WIDGETS LIMITED',
  status: 'Active',
  type: 'Private limited company',
  incorporatedOn: '2015-03-02',
  ceasedOn: null,
  registeredOffice: { lines: ['1 High Street', 'London', 'EC1A 1BB'], postcode: 'EC1A 1BB' },
  sicCodes: [
    {
      code: '62012',
      section: 'J: Information and communication',
      description: '62012 — Division 62: Computer programming, consultancy and related activities',
    },
  ],
  officers: { active: 3, resigned: 2, total: 5 },
};

const enrichment = (overrides: Partial<Enrichment>): Enrichment => ({
  jobId: JOB_ID,
  jobName: 'Acme AP 2026',
  state: 'NotStarted',
  ukSuppliers: 0,
  processed: 0,
  matched: 0,
  ambiguous: 0,
  notFound: 0,
  message: null,
  requestedBy: null,
  requestedAt: null,
  finishedAt: null,
  suppliers: [],
  ...overrides,
});

const configured = {
  'GET /api/v1/tools/companies-house': {
    body: {
      configured: true,
      baseUrl: 'https://api.company-information.service.gov.uk',
      message: null,
    },
  },
};

describe('CompaniesHousePage', () => {
  it('finds a company by name and shows its facts, SIC codes and officers', async () => {
    const fetchMock = mockApi({
      ...signedInApi(profile),
      ...configured,
      'POST /api/v1/job-artifacts/get': { body: completedJobs(0) },
      'GET /api/v1/tools/companies-house/companies': { body: found },
      'GET /api/v1/tools/companies-house/companies/11111111': { body: company },
    });
    renderApp('/tools/companies-house');
    const user = userEvent.setup();
    await user.type(
      await screen.findByRole('textbox', { name: /Company name or number/ }),
      'zephyrine',
    );
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 companies found for “zephyrine”')).toBeTruthy();
    const query = new URL(
      String(callsTo(fetchMock, 'GET', '/api/v1/tools/companies-house/companies')[0]![0]),
      'http://localhost',
    ).searchParams;
    expect([query.get('q'), query.get('page')]).toEqual(['zephyrine', '1']);
    await user.click(screen.getByRole('button', { name: 'ZEPHYRINE WIDGETS LIMITED' }));
    const facts = await screen.findByLabelText('Company', { selector: 'dl' });
    expect(within(facts).getByText('1 High Street, London, EC1A 1BB')).toBeTruthy();
    expect(
      within(facts).getByText(
        '62012 — Division 62: Computer programming, consultancy and related activities',
      ),
    ).toBeTruthy();
    expect(within(facts).getByText('3 active, 2 resigned')).toBeTruthy();
  });

  it('says no key is configured and offers no search', async () => {
    mockApi({
      ...signedInApi(profile),
      'GET /api/v1/tools/companies-house': {
        body: {
          configured: false,
          baseUrl: 'https://api.company-information.service.gov.uk',
          message:
            'No Companies House API key is configured: set COMPANIES_HOUSE_API_KEY on the server.',
        },
      },
      'POST /api/v1/job-artifacts/get': { body: completedJobs(0) },
    });
    renderApp('/tools/companies-house');
    expect(
      await screen.findByText(
        'No Companies House API key is configured: set COMPANIES_HOUSE_API_KEY on the server.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveProperty('disabled', true);
  });

  it('enriches a chosen job’s suppliers and shows each outcome', async () => {
    const done = enrichment({
      state: 'Completed',
      ukSuppliers: 2,
      processed: 2,
      matched: 1,
      notFound: 1,
      message: '2 UK supplier(s): 1 matched, 0 ambiguous, 1 not found.',
      suppliers: [
        {
          supplierKey: 'k1',
          supplierName: 'Zephyrine Widgets Ltd',
          postcode: 'EC1A 1BB',
          outcome: 'matched',
          reason: 'Exact normalised name',
          companyNumber: '11111111',
          companyName: 'ZEPHYRINE WIDGETS LIMITED',
          companyStatus: 'Active',
          sicCodes: ['62012', '99999'],
        },
      ],
    });
    const fetchMock = mockApi({
      ...signedInApi(profile),
      ...configured,
      'POST /api/v1/job-artifacts/get': { body: completedJobs(1) },
      [`GET /api/v1/tools/companies-house/enrichments/${JOB_ID}`]: {
        body: enrichment({}),
      },
      'POST /api/v1/tools/companies-house/enrichments': { status: 201, body: done },
    });
    renderApp('/tools/companies-house');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Job' }));
    await user.click(await screen.findByRole('option', { name: /Acme AP 2026/ }));
    expect(
      await screen.findByText('This job’s suppliers have not been enriched yet.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Enrich suppliers' }));
    expect(
      await screen.findByText('2 UK supplier(s): 1 matched, 0 ambiguous, 1 not found.'),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Enriched suppliers' });
    expect(within(table).getByText('ZEPHYRINE WIDGETS LIMITED (11111111)')).toBeTruthy();
    expect(within(table).getByText('Exact normalised name')).toBeTruthy();
    // Each SIC code with its division; Companies House's dormant-company code alone.
    expect(
      within(table).getByText(
        '62012 — Division 62: Computer programming, consultancy and related activities; 99999',
      ),
    ).toBeTruthy();
    const body = callsTo(fetchMock, 'POST', '/api/v1/tools/companies-house/enrichments')[0]![1]!
      .body;
    expect(JSON.parse(String(body))).toEqual({ jobId: JOB_ID });
  });
});

describe('CompaniesHousePage in German', () => {
  afterEach(backToEnglish);

  it("shows an enrichment's outcome and each supplier's reason in the user's language", async () => {
    const done = enrichment({
      state: 'Completed',
      ukSuppliers: 2,
      processed: 2,
      matched: 1,
      notFound: 1,
      message: '2 UK supplier(s): 1 matched, 0 ambiguous, 1 not found.',
      suppliers: [
        {
          supplierKey: 'k1',
          supplierName: 'Zephyrine Widgets Ltd',
          postcode: 'EC1A 1BB',
          outcome: 'matched',
          reason: 'Postcode EC1A 1BB agrees',
          companyNumber: '11111111',
          companyName: 'ZEPHYRINE WIDGETS LIMITED',
          companyStatus: 'Active',
          sicCodes: [],
        },
      ],
    });
    mockApi({
      ...signedInApi(profile),
      ...germanUserApi(),
      ...configured,
      'POST /api/v1/job-artifacts/get': { body: completedJobs(1) },
      [`GET /api/v1/tools/companies-house/enrichments/${JOB_ID}`]: { body: done },
    });
    renderApp('/tools/companies-house');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: GERMAN.Job }));
    await user.click(await screen.findByRole('option', { name: /Acme AP 2026/ }));
    expect(
      await screen.findByText(
        '2 britische(r) Lieferant(en): 1 zugeordnet, 0 mehrdeutig, 1 nicht gefunden.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Postleitzahl EC1A 1BB stimmt überein')).toBeTruthy();
  });

  it('says in German that no key is configured', async () => {
    mockApi({
      ...signedInApi(profile),
      ...germanUserApi(),
      'GET /api/v1/tools/companies-house': {
        body: {
          configured: false,
          baseUrl: 'https://api.company-information.service.gov.uk',
          message:
            'No Companies House API key is configured: set COMPANIES_HOUSE_API_KEY on the server.',
        },
      },
      'POST /api/v1/job-artifacts/get': { body: completedJobs(0) },
    });
    renderApp('/tools/companies-house');
    expect(
      await screen.findByText(
        'Es ist kein Companies-House-API-Schlüssel konfiguriert: Setzen Sie COMPANIES_HOUSE_API_KEY auf dem Server.',
      ),
    ).toBeTruthy();
  });
});
