import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';

const t = useTestApp();
let admin: string;
let issuer: string;
let issuers: { id: string; issuerKey: string }[];
const keyId = (key: string) => issuers.find((i) => i.issuerKey === key)!.id;

beforeAll(async () => {
  admin = await t.signIn('ptcojobmanager@example.com');
  issuer = await t.signIn('issuer@example.com');
  issuers = (
    await t.request({
      method: 'POST',
      url: '/api/v1/issuers/get',
      cookie: admin,
      payload: { pageSize: 50 },
    })
  ).json().collection;
});

const list = (cookie: string, payload: Record<string, unknown> = {}) =>
  t.request({
    method: 'POST',
    url: '/api/v1/buyers/get',
    cookie,
    payload: { pageSize: 100, ...payload },
  });

describe('buyers', () => {
  it('lets buyer managers create, read, update and delete any issuer’s buyers', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/buyers',
      cookie: admin,
      payload: { issuerId: keyId('test-issuer'), name: 'Zanzibar Widgets Ltd', countryIso3: 'gbr' },
    });
    expect(created.json()).toMatchObject({ success: true, statusCode: 200 });
    const { id } = created.json();
    expect((await t.request({ url: `/api/v1/buyers/${id}`, cookie: admin })).json()).toMatchObject({
      name: 'Zanzibar Widgets Ltd',
      countryIso3: 'GBR',
      issuerName: 'Test Issuer',
    });
    const updated = await t.request({
      method: 'PUT',
      url: '/api/v1/buyers',
      cookie: admin,
      payload: {
        id,
        issuerId: keyId('test-issuer'),
        name: 'Zanzibar Widgets Group',
        countryIso3: null,
      },
    });
    expect(updated.statusCode).toBe(200);
    const found = (
      await list(admin, {
        filters: [{ propertyName: 'name', comparisonOperator: 'Contains', value: 'zanzibar' }],
      })
    ).json();
    expect(found.collection.map((b: { name: string }) => b.name)).toEqual([
      'Zanzibar Widgets Group',
    ]);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/v1/buyers/${id}`, cookie: admin }))
        .statusCode,
    ).toBe(200);
    expect((await t.request({ url: `/api/v1/buyers/${id}`, cookie: admin })).statusCode).toBe(404);
  });

  it('refuses a bad country or issuer', async () => {
    const badCountry = await t.request({
      method: 'POST',
      url: '/api/v1/buyers',
      cookie: admin,
      payload: { issuerId: keyId('test-issuer'), name: 'X', countryIso3: 'ZZZ' },
    });
    expect(badCountry.statusCode).toBe(400);
    expect(badCountry.json().errors[0].field).toBe('body.countryIso3');
    const badIssuer = await t.request({
      method: 'POST',
      url: '/api/v1/buyers',
      cookie: admin,
      payload: { issuerId: '00000000-0000-4000-8000-000000000000', name: 'X' },
    });
    expect(badIssuer.statusCode).toBe(400);
  });

  it('shows issuer users only their issuers’ buyers; they may create one there only', async () => {
    const own = (await list(issuer)).json().collection as { issuerId: string; id: string }[];
    expect(own.length).toBeGreaterThan(0);
    expect(new Set(own.map((b) => b.issuerId))).toEqual(new Set([keyId('paytech-bank')]));
    const foreign = (
      await list(admin, {
        filters: [
          { propertyName: 'issuerId', comparisonOperator: 'Equal', value: keyId('test-issuer') },
        ],
      })
    ).json().collection[0];
    expect(
      (await t.request({ url: `/api/v1/buyers/${foreign.id}`, cookie: issuer })).statusCode,
    ).toBe(404);
    const mine = await t.request({
      method: 'POST',
      url: '/api/v1/buyers',
      cookie: issuer,
      payload: { issuerId: keyId('paytech-bank'), name: 'Wizard Buyer' },
    });
    expect(mine.statusCode).toBe(200);
    const theirs = await t.request({
      method: 'POST',
      url: '/api/v1/buyers',
      cookie: issuer,
      payload: { issuerId: keyId('test-issuer'), name: 'Sneaky' },
    });
    expect(theirs.statusCode).toBe(400);
    const update = await t.request({
      method: 'PUT',
      url: '/api/v1/buyers',
      cookie: issuer,
      payload: { id: mine.json().id, issuerId: keyId('paytech-bank'), name: 'Renamed' },
    });
    expect(update.statusCode).toBe(403);
  });
});
