import type { GlobalOrganization, JobDetails, PagedResponse } from '@b2b/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { globalInsightsJobs } from '../../../test/global-insights-jobs.js';
import { useTestApp } from '../../../test/harness.js';

const t = useTestApp();
const base = '/api/v1/global-insights';
const fixture = globalInsightsJobs(t);

let admin: string;
let mastercard: { issuerId: string; buyerId: string };
let mastercardOther: { issuerId: string; buyerId: string };
let paytech: { issuerId: string; buyerId: string };
let jobA: JobDetails;

beforeAll(() => {
  ({ admin, mastercard, mastercardOther, paytech, jobA } = fixture);
});

const organizations = (payload: object, cookie = admin) =>
  t.request({ method: 'POST', url: `${base}/organizations`, cookie, payload });

describe('global insights organizations', () => {
  it('list organizations with their totals: paged, sorted and filtered', async () => {
    const first = await organizations({ pageSize: 1, orderBy: 'spend desc' });
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<PagedResponse<GlobalOrganization>>();
    expect(page).toMatchObject({ totalCount: 2, totalPages: 2, hasNextPage: true, pageSize: 1 });
    expect(page.collection[0]).toEqual({
      buyerId: mastercard.buyerId,
      buyerName: expect.any(String),
      issuerId: mastercard.issuerId,
      issuerName: 'Mastercard Issuing Demo',
      jobCount: 1,
      suppliers: 10,
      spend: 1000,
      pos: 5,
      invoices: 20,
      payments: 30,
      cardAcceptingSuppliers: 5,
      cardAcceptingPercent: 50,
      currency: 'EUR',
    });
    const second = (
      await organizations({ pageSize: 1, pageNumber: 2, orderBy: 'spend desc' })
    ).json<PagedResponse<GlobalOrganization>>();
    expect(second.collection.map((o) => o.buyerId)).toEqual([mastercardOther.buyerId]);
    expect(second.hasPreviousPage).toBe(true);

    const ascending = (await organizations({ orderBy: 'cardAcceptingPercent' })).json<
      PagedResponse<GlobalOrganization>
    >();
    expect(ascending.collection.map((o) => o.cardAcceptingPercent)).toEqual([0, 50]);

    const filtered = (
      await organizations({
        filters: [{ propertyName: 'spend', comparisonOperator: 'LessThan', value: 600 }],
      })
    ).json<PagedResponse<GlobalOrganization>>();
    expect(filtered.collection.map((o) => o.buyerId)).toEqual([mastercardOther.buyerId]);
    const named = (
      await organizations({
        issuerIds: [mastercard.issuerId, paytech.issuerId],
        currency: 'GBP',
        filters: [{ propertyName: 'issuerName', comparisonOperator: 'Contains', value: 'paytech' }],
      })
    ).json<PagedResponse<GlobalOrganization>>();
    expect(named.totalCount).toBe(1);
    const narrowed = (await organizations({ jobIds: [jobA.id] })).json<
      PagedResponse<GlobalOrganization>
    >();
    expect(narrowed.collection.map((o) => o.buyerId)).toEqual([mastercard.buyerId]);
  });

  it('refuse unknown sort and filter properties in the organizations list', async () => {
    const sort = await organizations({ orderBy: 'colour desc' });
    expect(sort.statusCode).toBe(400);
    expect(sort.json<{ errors: { field: string }[] }>().errors[0]!.field).toBe('body.orderBy');
    const filter = await organizations({
      filters: [{ propertyName: 'colour', comparisonOperator: 'Equal', value: 'red' }],
    });
    expect(filter.statusCode).toBe(400);
    expect(filter.json<{ message: string }>().message).toMatch(/must be one of buyerName/);
    const operator = await organizations({
      filters: [{ propertyName: 'spend', comparisonOperator: 'Contains', value: 5 }],
    });
    expect(operator.statusCode).toBe(400);
  });
});
