import type {
  CampaignDetails,
  CampaignSupplier,
  PagedListRequest,
  UseCase,
  UseCaseList,
} from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { JOB_ID, jobDetails, profileWith } from '../../../modules/jobs/test/job-fixtures';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';
import { entityLockApi, OTHER_EDITOR_ID } from '../../../test/entity-lock-api';

const jobPath = `/api/v1/job-artifacts/${JOB_ID}`;
const CAMPAIGN_ID = '77777777-7777-4777-8777-777777777777';
const USE_CASE_ID = '66666666-6666-4666-8666-666666666666';
const ISSUER = '33333333-3333-4333-8333-333333333333';
const campaignPath = `/api/v1/campaign-workflows/${CAMPAIGN_ID}`;
const job = jobDetails({ status: 'Completed', currency: 'GBP' });
const manager = profileWith(
  ['JobCampaignsAccessor'],
  ['Campaign_VIEW', 'CampaignCreate', 'CampaignUpdate', 'Campaign_UPLOAD'],
);
const viewer = profileWith(['JobCampaignsAccessor'], ['Campaign_VIEW']);

const campaign: CampaignDetails = {
  id: CAMPAIGN_ID,
  jobId: JOB_ID,
  jobName: 'Spring suppliers',
  issuerId: ISSUER,
  name: 'Cheque payers to Virtual Card',
  route: 'Issuer',
  cardProduct: 'Vcard',
  language: 'en',
  status: 'Active',
  useCaseIds: [USE_CASE_ID],
  cadence: { followUpDays: [8, 12], closeDay: 14 },
  declinePeriodDays: 180,
  virtualLockbox: null,
  counters: { total: 10, pending: 1, active: 5, failed: 3, succeeded: 1 },
  excludedCount: 2,
  createdBy: 'manager@example.com',
  createdOn: '2026-01-03T09:00:00.000Z',
  startedOn: '2026-01-03T10:00:00.000Z',
  completedOn: null,
  template: {
    subject: 'Card payments for {{supplierName}}',
    body: 'Dear {{contactName}}, answer at {{responseLink}}',
    followUpSubject: 'Reminder',
    followUpBody: 'Still time: {{responseLink}}',
  },
  exclusionsByReason: { Strategic: 1, NoContact: 1 },
  bouncesReadAutomatically: false,
};

const trackerRow: CampaignSupplier = {
  supplierKey: 'S-1',
  supplierName: 'Acme Supplies Ltd',
  spend: 125_000,
  useCaseId: USE_CASE_ID,
  contactEmail: 'ap@acme.example',
  contactName: 'Ann Payable',
  contactPhone: null,
  sendable: true,
  status: 'Completed',
  outcome: 'Failed',
  outcomeReason: '550 5.1.1 mailbox unavailable',
  isVlbAutoEnrolled: false,
  lastEventOn: '2026-01-03T10:01:00.000Z',
};

const page = <T,>(collection: T[]) => ({
  collection,
  currentPage: 1,
  hasNextPage: false,
  hasPreviousPage: false,
  pageSize: 25,
  totalCount: collection.length,
  totalPages: 1,
});

const useCase = {
  id: USE_CASE_ID,
  jobId: JOB_ID,
  name: 'Cheque payers who take cards',
  description: '',
  cardProduct: 'Vcard',
  recommendedAction: 'Move to Virtual Card',
  rule: { filters: [] },
  templateKey: null,
  createdBy: null,
  createdByName: 'manager@example.com',
  createdAt: '2026-01-02T09:00:00.000Z',
  updatedAt: '2026-01-02T09:00:00.000Z',
  canChange: true,
  figures: {
    suppliers: 12,
    spend: 250_000,
    currency: 'GBP',
    value: {
      total: 0,
      rebate: 0,
      processSavings: 0,
      inputs: {
        spend: 0,
        expectedEnrolment: 0,
        rebateRate: 0,
        spendToCard: 0,
        payments: [],
      },
    },
    risk: {
      level: 'Low',
      reasons: [],
      lowConfidenceShare: 0,
      unmatchedShare: 0,
      noContactShare: 0.1,
      largestSupplierShare: 0,
    },
  },
} satisfies UseCase;
const useCaseList: UseCaseList = { currency: 'GBP', useCases: [useCase] };

const lastBody = (fetchMock: ReturnType<typeof mockApi>, method: string, path: string) =>
  JSON.parse(String(callsTo(fetchMock, method, path).at(-1)?.[1]?.body)) as unknown;

describe('a job’s campaigns', () => {
  it('lists campaigns with status and the five counters, filters by route, offers New campaign', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      ...signedInApi(manager),
      [`GET ${jobPath}`]: { body: job },
      [`POST ${jobPath}/campaign-workflows/list`]: { body: page([campaign]) },
    });
    renderApp(`/jobs/${JOB_ID}/campaign-workflows`);
    const grid = await screen.findByRole('grid', { name: 'Campaigns' });
    await within(grid).findByRole('link', { name: 'Cheque payers to Virtual Card' });
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.trim());
    expect(headers).toEqual([
      'Campaign',
      'Route',
      'Card product',
      'Status',
      'Total',
      'Pending',
      'Active',
      'Failed',
      'Succeeded',
      'Created',
    ]);
    const row = within(grid).getAllByRole('row')[1]!;
    expect(within(row).getByText('Virtual Card')).toBeTruthy();
    expect(within(row).getByText('Issuer')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New campaign' }).getAttribute('href')).toBe(
      `/jobs/${JOB_ID}/campaign-workflows/new/create`,
    );

    // All Routes sends no route filter; one route sends exactly that one.
    expect(
      (lastBody(fetchMock, 'POST', `${jobPath}/campaign-workflows/list`) as PagedListRequest)
        .filters,
    ).toEqual([]);
    await user.click(screen.getByRole('combobox', { name: 'Route' }));
    await user.click(await screen.findByRole('option', { name: 'Virtual LB' }));
    await waitFor(() =>
      expect(
        (lastBody(fetchMock, 'POST', `${jobPath}/campaign-workflows/list`) as PagedListRequest)
          .filters,
      ).toEqual([
        {
          propertyName: 'route',
          comparisonOperator: 'Equal',
          value: 'IsVlbAutoEnrolled',
          allowNullValue: false,
        },
      ]),
    );
  });

  it('offers no New campaign without CampaignCreate', async () => {
    mockApi({
      ...signedInApi(viewer),
      [`GET ${jobPath}`]: { body: job },
      [`POST ${jobPath}/campaign-workflows/list`]: { body: page([campaign]) },
    });
    renderApp(`/jobs/${JOB_ID}/campaign-workflows`);
    await screen.findByRole('link', { name: 'Cheque payers to Virtual Card' });
    expect(screen.queryByRole('link', { name: 'New campaign' })).toBeNull();
  });
});

describe('creating a campaign', () => {
  const createRoutes = (reply: { status: number; body: unknown }) => ({
    ...signedInApi(manager),
    [`GET ${jobPath}`]: { body: job },
    [`GET ${jobPath}/use-cases`]: { body: useCaseList },
    [`GET ${jobPath}/campaign-templates`]: { body: [] },
    [`GET ${jobPath}/campaign-exclusions`]: {
      body: [
        {
          supplierKey: 'S-9',
          reason: 'Strategic',
          note: 'Key account',
          createdOn: '2026-01-01T00:00:00.000Z',
        },
      ],
    },
    [`POST ${jobPath}/campaign-workflows`]: reply,
    [`POST ${jobPath}/campaign-workflows/selection-preview`]: {
      body: {
        selected: 12,
        tracked: 10,
        sendable: 7,
        exclusionsByReason: {
          Strategic: 1,
          ExcludedByBuyer: 0,
          ActiveCampaign: 1,
          RecentlyDeclined: 0,
          NoContact: 3,
        },
      },
    },
    [`GET ${campaignPath}`]: { body: campaign },
    [`POST ${campaignPath}/suppliers`]: { body: page([trackerRow]) },
    [`POST ${campaignPath}/exclusions`]: { body: page([]) },
  });

  it('starts from a use case id, shows the selection and exclusions, sends the default cadence', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi(createRoutes({ status: 201, body: campaign }));
    const { router } = renderApp(`/jobs/${JOB_ID}/campaign-workflows/${USE_CASE_ID}/create`);
    const useCaseBox = await screen.findByRole('checkbox', {
      name: 'Cheque payers who take cards · Virtual Card · 12 suppliers',
    });
    expect((useCaseBox as HTMLInputElement).checked).toBe(true);
    expect(screen.getByLabelText('Selection').textContent).toMatch(
      /1 use case: up to 12 suppliers/,
    );
    const buyerList = await screen.findByRole('list', { name: 'Suppliers the buyer excluded' });
    expect(buyerList.textContent).toBe('S-9: Strategic supplier (Key account)');
    // The server's dry run of the selection, before anything is created.
    const preview = await screen.findByRole('table', { name: 'Selection preview' });
    expect(
      within(preview)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'Suppliers of the chosen use cases12',
      'Strategic supplier1',
      'Excluded by the buyer0',
      'Already in an active campaign for this product1',
      'Declined within the last 180 days0',
      'No contact: tracked, not e-mailed3',
      'Tracked in the campaign10',
      'Reached by e-mail7',
    ]);
    expect(lastBody(fetchMock, 'POST', `${jobPath}/campaign-workflows/selection-preview`)).toEqual({
      route: 'Issuer',
      cardProduct: 'Vcard',
      useCaseIds: [USE_CASE_ID],
      declinePeriodDays: 180,
    });
    expect(callsTo(fetchMock, 'POST', `${jobPath}/campaign-workflows`)).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Cheque payers to Virtual Card');
    await user.click(screen.getByRole('button', { name: 'Create campaign' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/jobs/${JOB_ID}/campaign-workflows/${CAMPAIGN_ID}`,
      ),
    );
    expect(lastBody(fetchMock, 'POST', `${jobPath}/campaign-workflows`)).toEqual({
      name: 'Cheque payers to Virtual Card',
      route: 'Issuer',
      cardProduct: 'Vcard',
      language: 'en',
      useCaseIds: [USE_CASE_ID],
      cadence: { followUpDays: [8, 12], closeDay: 14 },
      declinePeriodDays: 180,
    });
  });

  it('shows the server’s 409 for a job that is not Completed', async () => {
    const user = userEvent.setup();
    const message = 'Campaigns need a Completed job; this job is Processing.';
    mockApi(createRoutes({ status: 409, body: { success: false, message, statusCode: 409 } }));
    renderApp(`/jobs/${JOB_ID}/campaign-workflows/${USE_CASE_ID}/create`);
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Early');
    await user.click(screen.getByRole('button', { name: 'Create campaign' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('shows a field error next to the field the server names', async () => {
    const user = userEvent.setup();
    mockApi(
      createRoutes({
        status: 400,
        body: {
          success: false,
          message: 'Invalid request',
          statusCode: 400,
          errors: [
            { field: 'body.cadence.closeDay', message: 'closeDay must come after every follow-up' },
          ],
        },
      }),
    );
    renderApp(`/jobs/${JOB_ID}/campaign-workflows/${USE_CASE_ID}/create`);
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Short');
    const close = screen.getByRole('spinbutton', { name: 'Close on day' });
    await user.clear(close);
    await user.type(close, '10');
    await user.click(screen.getByRole('button', { name: 'Create campaign' }));
    expect(await screen.findByText('closeDay must come after every follow-up')).toBeTruthy();
    expect(close.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('one campaign', () => {
  it('shows facts, counters, tracker, exclusions, and starts a Pending campaign', async () => {
    const user = userEvent.setup();
    const pending = { ...campaign, status: 'Pending' as const, startedOn: null };
    const fetchMock = mockApi({
      ...signedInApi(manager),
      [`GET ${jobPath}`]: { body: job },
      [`GET ${campaignPath}`]: { body: pending },
      [`POST ${campaignPath}/suppliers`]: { body: page([trackerRow]) },
      [`POST ${campaignPath}/exclusions`]: {
        body: page([
          {
            supplierKey: 'S-9',
            supplierName: 'Key Account Ltd',
            reason: 'Strategic',
            detail: null,
          },
          { supplierKey: 'S-8', supplierName: 'Nomail Ltd', reason: 'NoContact', detail: null },
        ]),
      },
      [`POST ${campaignPath}/start`]: { body: campaign },
      [`POST ${campaignPath}/preview`]: {
        body: { subject: 'Card payments for Acme Supplies Ltd', body: 'Dear Ann Payable' },
      },
    });
    renderApp(`/jobs/${JOB_ID}/campaign-workflows/${CAMPAIGN_ID}`);
    expect(
      await screen.findByRole('heading', { name: 'Cheque payers to Virtual Card' }),
    ).toBeTruthy();
    for (const [label, value] of [
      ['Total', '10'],
      ['Pending', '1'],
      ['Active', '5'],
      ['Failed', '3'],
      ['Succeeded', '1'],
    ]) {
      expect(within(screen.getByRole('region', { name: label })).getByText(value!)).toBeTruthy();
    }
    const tracker = await screen.findByRole('grid', { name: 'Campaign suppliers' });
    const row = (await within(tracker).findByRole('link', { name: 'Acme Supplies Ltd' })).closest(
      '[role="row"]',
    ) as HTMLElement;
    expect(within(row).getByText('550 5.1.1 mailbox unavailable')).toBeTruthy();
    const exclusions = screen.getByRole('grid', { name: 'Exclusions' });
    expect(await within(exclusions).findByText('Strategic supplier')).toBeTruthy();
    expect(within(exclusions).getByText('No contact')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(preview.textContent).toBe('Card payments for Acme Supplies LtdDear Ann Payable');

    await user.click(screen.getByRole('button', { name: 'Start campaign' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', `${campaignPath}/start`)).toHaveLength(1),
    );
  });

  it('offers no actions while another user holds the campaign’s write lock', async () => {
    mockApi({
      ...signedInApi(manager),
      [`GET ${jobPath}`]: { body: job },
      [`GET ${campaignPath}`]: { body: { ...campaign, status: 'Pending', startedOn: null } },
      [`POST ${campaignPath}/suppliers`]: { body: page([trackerRow]) },
      [`POST ${campaignPath}/exclusions`]: { body: page([]) },
      ...entityLockApi(manager.id, { current: OTHER_EDITOR_ID }),
    });
    renderApp(`/jobs/${JOB_ID}/campaign-workflows/${CAMPAIGN_ID}`);
    expect(await screen.findByText(/Read only: Tess Tester \(tester@example.com\)/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start campaign' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save contacts' })).toBeNull();
  });

  it('filters the tracker by status and offers no actions to a viewer', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      ...signedInApi(viewer),
      [`GET ${jobPath}`]: { body: job },
      [`GET ${campaignPath}`]: { body: { ...campaign, status: 'Pending', startedOn: null } },
      [`POST ${campaignPath}/suppliers`]: { body: page([trackerRow]) },
      [`POST ${campaignPath}/exclusions`]: { body: page([]) },
    });
    renderApp(`/jobs/${JOB_ID}/campaign-workflows/${CAMPAIGN_ID}`);
    await screen.findByRole('grid', { name: 'Campaign suppliers' });
    expect(screen.queryByRole('button', { name: 'Start campaign' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save contacts' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload outcomes' })).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    await waitFor(() =>
      expect(
        (lastBody(fetchMock, 'POST', `${campaignPath}/suppliers`) as PagedListRequest).filters,
      ).toEqual([
        {
          propertyName: 'status',
          comparisonOperator: 'Equal',
          value: 'Completed',
          allowNullValue: false,
        },
      ]),
    );
  });
});

describe('a bounce after the mail server accepted the e-mail', () => {
  it('records a pasted bounce, says what it did, and shows a refusal as the server words it', async () => {
    const user = userEvent.setup();
    const refusal =
      "body.message: names no e-mail of this campaign; paste the whole bounce, which quotes the original's Message-ID";
    const fetchMock = mockApi({
      ...signedInApi(manager),
      [`GET ${jobPath}`]: { body: job },
      [`GET ${campaignPath}`]: { body: campaign },
      [`POST ${campaignPath}/suppliers`]: { body: page([trackerRow]) },
      [`POST ${campaignPath}/exclusions`]: { body: page([]) },
      [`POST ${campaignPath}/bounces`]: (request) =>
        String((request.body as { message: string }).message).includes('Message-ID: <campaign-')
          ? {
              body: {
                supplierKey: 'S-1',
                supplierName: 'Acme Supplies Ltd',
                effect: 'Failed',
                status: '5.1.1',
                diagnostic: '550 5.1.1 User unknown',
              },
            }
          : { status: 400, body: { success: false, statusCode: 400, message: refusal } },
    });
    renderApp(`/jobs/${JOB_ID}/campaign-workflows/${CAMPAIGN_ID}`);
    const section = await screen.findByRole('region', { name: 'Bounces' });
    const box = within(section).getByRole('textbox', { name: 'Bounce message' });
    await user.type(box, 'I am away until Monday.');
    await user.click(within(section).getByRole('button', { name: 'Record bounce' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(refusal);

    await user.clear(box);
    await user.type(box, 'Status: 5.1.1{enter}Message-ID: <campaign-x@b2b-analytics>');
    await user.click(within(section).getByRole('button', { name: 'Record bounce' }));
    expect(
      await within(section).findByText(
        'Acme Supplies Ltd is now Failed: 5.1.1 550 5.1.1 User unknown',
      ),
    ).toBeTruthy();
    expect(lastBody(fetchMock, 'POST', `${campaignPath}/bounces`)).toEqual({
      message: 'Status: 5.1.1\nMessage-ID: <campaign-x@b2b-analytics>',
    });
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('is not offered before the campaign sends anything, nor to a viewer', async () => {
    for (const [profile, status] of [
      [manager, 'Pending'],
      [viewer, 'Active'],
    ] as const) {
      mockApi({
        ...signedInApi(profile),
        [`GET ${jobPath}`]: { body: job },
        [`GET ${campaignPath}`]: { body: { ...campaign, status } },
        [`POST ${campaignPath}/suppliers`]: { body: page([trackerRow]) },
        [`POST ${campaignPath}/exclusions`]: { body: page([]) },
      });
      const { unmount } = renderApp(`/jobs/${JOB_ID}/campaign-workflows/${CAMPAIGN_ID}`);
      await screen.findByRole('grid', { name: 'Campaign suppliers' });
      expect(screen.queryByRole('region', { name: 'Bounces' })).toBeNull();
      unmount();
    }
  });
});

describe('one supplier of a campaign', () => {
  it('shows the contact, status and the timeline with the mail server’s message', async () => {
    mockApi({
      ...signedInApi(manager),
      [`GET ${jobPath}`]: { body: job },
      [`GET ${campaignPath}/suppliers/S-1`]: {
        body: {
          ...trackerRow,
          timeline: [
            {
              id: 1,
              type: 'Deferred',
              step: 0,
              detail: '451 4.3.0 try again later',
              at: '2026-01-03T10:00:00.000Z',
            },
            {
              id: 2,
              type: 'Failed',
              step: 0,
              detail: '550 5.1.1 mailbox unavailable',
              at: '2026-01-03T10:01:00.000Z',
            },
          ],
        },
      },
    });
    renderApp(`/jobs/${JOB_ID}/campaign-workflows/${CAMPAIGN_ID}/suppliers/S-1`);
    const timeline = await screen.findByRole('list', { name: 'Timeline' });
    const items = within(timeline)
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    expect(items[0]).toMatch(/^Delivery deferred \(retrying\) · .* · 451 4\.3\.0 try again later$/);
    expect(items[1]).toMatch(/^Failed · .* · 550 5\.1\.1 mailbox unavailable$/);
    expect(screen.getByText('ap@acme.example')).toBeTruthy();
    // Completed: the contact is no longer edited here.
    expect(screen.queryByRole('button', { name: 'Save contact' })).toBeNull();
  });

  it('saves a contact and shows a bad address next to the field', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi({
      ...signedInApi(manager),
      [`GET ${jobPath}`]: { body: job },
      [`GET ${campaignPath}/suppliers/S-1`]: {
        body: {
          ...trackerRow,
          status: 'Pending',
          outcome: null,
          outcomeReason: null,
          timeline: [],
        },
      },
      [`PUT ${campaignPath}/contacts`]: {
        body: {
          updated: 0,
          rejects: [
            { row: 1, supplierKey: 'S-1', field: 'contactEmail', message: 'not an e-mail address' },
          ],
        },
      },
    });
    renderApp(`/jobs/${JOB_ID}/campaign-workflows/${CAMPAIGN_ID}/suppliers/S-1`);
    const email = await screen.findByRole('textbox', { name: 'Contact e-mail' });
    await user.clear(email);
    await user.type(email, 'nobody');
    await user.click(screen.getByRole('button', { name: 'Save contact' }));
    expect(await screen.findByText('not an e-mail address')).toBeTruthy();
    expect(lastBody(fetchMock, 'PUT', `${campaignPath}/contacts`)).toEqual({
      contacts: [
        {
          supplierKey: 'S-1',
          contactEmail: 'nobody',
          contactName: 'Ann Payable',
          contactPhone: null,
        },
      ],
    });
  });

  it('hands an Active supplier a fresh response link', async () => {
    const user = userEvent.setup();
    const link =
      'https://paytech.example/campaign-response/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
    const fetchMock = mockApi({
      ...signedInApi(manager),
      [`GET ${jobPath}`]: { body: job },
      [`GET ${campaignPath}/suppliers/S-1`]: {
        body: { ...trackerRow, status: 'Active', outcome: null, outcomeReason: null, timeline: [] },
      },
      [`POST ${campaignPath}/suppliers/S-1/response-link`]: {
        body: { link, expiresAt: '2026-02-02T10:00:00.000Z' },
      },
    });
    renderApp(`/jobs/${JOB_ID}/campaign-workflows/${CAMPAIGN_ID}/suppliers/S-1`);
    await user.click(await screen.findByRole('button', { name: 'Get a response link' }));
    expect(await screen.findByText(link)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', `${campaignPath}/suppliers/S-1/response-link`)).toHaveLength(
      1,
    );
  });

  it('offers no response link to a viewer', async () => {
    mockApi({
      ...signedInApi(viewer),
      [`GET ${jobPath}`]: { body: job },
      [`GET ${campaignPath}/suppliers/S-1`]: {
        body: { ...trackerRow, status: 'Active', outcome: null, outcomeReason: null, timeline: [] },
      },
    });
    renderApp(`/jobs/${JOB_ID}/campaign-workflows/${CAMPAIGN_ID}/suppliers/S-1`);
    await screen.findByText('ap@acme.example');
    expect(screen.queryByRole('button', { name: 'Get a response link' })).toBeNull();
  });
});
