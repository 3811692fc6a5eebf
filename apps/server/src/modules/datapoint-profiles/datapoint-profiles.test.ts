import { DATAPOINT_NAMES } from '@b2b/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';

const t = useTestApp();
let admin: string;

type Profile = { id: string; profileKey: string; name: string; datapoints: string[] };

const newIssuer = (overrides: Record<string, unknown> = {}) => ({
  name: 'Profile Bank',
  issuerKey: `profile-${Math.random().toString(36).slice(2, 8)}`,
  scheme: 'Visa',
  language: 'en',
  fallbackCountryIso3: 'GBR',
  currency: 'GBP',
  ...overrides,
});

async function profiles(cookie = admin): Promise<Profile[]> {
  const res = await t.request({ url: '/api/v1/datapoint-profiles', cookie });
  expect(res.statusCode).toBe(200);
  return res.json();
}

beforeAll(async () => {
  admin = await t.signIn('sysadmin@example.com');
});

describe('datapoint profiles', () => {
  it('lists the shipped defaults by name, each with known supplier datapoints', async () => {
    const list = await profiles();
    expect(list.map((p) => p.profileKey)).toEqual([
      'full-analysis-download',
      'matched-data-only-download',
      'onboarding-download',
    ]);
    const full = list[0]!;
    expect(full.datapoints).toEqual(DATAPOINT_NAMES);
    for (const p of list) {
      expect(p.datapoints.length).toBeGreaterThan(0);
      for (const d of p.datapoints) expect(DATAPOINT_NAMES).toContain(d);
    }
    // Matched data only jobs have no scores: their profile carries none.
    expect(list[1]!.datapoints.some((d) => d.endsWith('Score'))).toBe(false);
    // Storing the defaults again (a restart) never duplicates them.
    expect(await profiles()).toHaveLength(3);
  });

  it('is readable by whoever may read issuers, refused (403) to others, 401 signed out', async () => {
    const manager = await t.signIn('ptcojobmanager@example.com');
    expect((await profiles(manager)).length).toBe(3);
    const issuerUser = await t.signIn('issuer@example.com');
    const refused = await t.request({ url: '/api/v1/datapoint-profiles', cookie: issuerUser });
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.request({ url: '/api/v1/datapoint-profiles' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('issuer datapoint profile choices', () => {
  it('stores the three profile ids on create and update and reads them back', async () => {
    const [full, matched, onboarding] = await profiles();
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/issuers',
      cookie: admin,
      payload: newIssuer({
        analysisDataDownloadDatapointProfileId: full!.id,
        matchedDataOnlyDownloadDatapointProfileId: matched!.id,
        onboardingDataDownloadDatapointProfileId: onboarding!.id,
      }),
    });
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    const detail = await t.request({ url: `/api/v1/issuers/${id}`, cookie: admin });
    expect(detail.json()).toMatchObject({
      analysisDataDownloadDatapointProfileId: full!.id,
      matchedDataOnlyDownloadDatapointProfileId: matched!.id,
      onboardingDataDownloadDatapointProfileId: onboarding!.id,
    });

    const updated = await t.request({
      method: 'PUT',
      url: '/api/v1/issuers',
      cookie: admin,
      payload: {
        ...newIssuer(),
        id,
        version: 1,
        analysisDataDownloadDatapointProfileId: onboarding!.id,
        matchedDataOnlyDownloadDatapointProfileId: null,
        onboardingDataDownloadDatapointProfileId: onboarding!.id,
      },
    });
    expect(updated.statusCode).toBe(200);
    const after = (await t.request({ url: `/api/v1/issuers/${id}`, cookie: admin })).json();
    expect(after).toMatchObject({
      analysisDataDownloadDatapointProfileId: onboarding!.id,
      matchedDataOnlyDownloadDatapointProfileId: null,
      onboardingDataDownloadDatapointProfileId: onboarding!.id,
    });
  });

  it.each([
    'analysisDataDownloadDatapointProfileId',
    'matchedDataOnlyDownloadDatapointProfileId',
    'onboardingDataDownloadDatapointProfileId',
  ])('refuses an unknown %s with a 400 naming the field', async (field) => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/issuers',
      cookie: admin,
      payload: newIssuer({ [field]: unknown }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe(`body.${field}`);
    expect(res.json().message).toContain(unknown);

    const existing = (
      await t.request({
        method: 'POST',
        url: '/api/v1/issuers',
        cookie: admin,
        payload: newIssuer(),
      })
    ).json();
    const update = await t.request({
      method: 'PUT',
      url: '/api/v1/issuers',
      cookie: admin,
      payload: { ...newIssuer(), id: existing.id, version: 1, [field]: unknown },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().errors[0].field).toBe(`body.${field}`);
  });
});

describe('datapoint profile editing', () => {
  const url = '/api/v1/datapoint-profiles';

  it('creates and changes a profile of known datapoints', async () => {
    const created = await t.request({
      method: 'POST',
      url,
      cookie: admin,
      payload: { name: 'Spend only', datapoints: ['supplierName', 'annualSpend'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Spend only',
      description: '',
      datapoints: ['supplierName', 'annualSpend'],
    });
    const changed = await t.request({
      method: 'PUT',
      url: `${url}/${created.json().id}`,
      cookie: admin,
      payload: { name: 'Spend and MCC', datapoints: ['supplierName', 'annualSpend', 'mcc'] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().datapoints).toEqual(['supplierName', 'annualSpend', 'mcc']);
  });

  it('refuses an unknown datapoint with a 400 naming it, on create and on update', async () => {
    const payload = { name: 'Bad one', datapoints: ['supplierName', 'shoeSize'] };
    const created = await t.request({ method: 'POST', url, cookie: admin, payload });
    expect(created.statusCode).toBe(400);
    expect(created.json().errors[0].field).toBe('body.datapoints[1]');
    expect(created.json().message).toContain('Unknown datapoint "shoeSize"');
    const [first] = await profiles();
    const updated = await t.request({
      method: 'PUT',
      url: `${url}/${first!.id}`,
      cookie: admin,
      payload,
    });
    expect(updated.statusCode).toBe(400);
    expect(updated.json().errors[0].field).toBe('body.datapoints[1]');
  });

  it('refuses a taken name (400) and roles without DatapointProfiles_CRUD (403)', async () => {
    const taken = await t.request({
      method: 'POST',
      url,
      cookie: admin,
      payload: { name: 'Onboarding download', datapoints: ['supplierName'] },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors[0].field).toBe('body.name');
    const manager = await t.signIn('ptcojobmanager@example.com');
    const refused = await t.request({
      method: 'POST',
      url,
      cookie: manager,
      payload: { name: 'Mine', datapoints: ['supplierName'] },
    });
    expect(refused.statusCode).toBe(403);
  });
});
