import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';

const t = useTestApp();

describe('system logs', () => {
  it('records who changed what with before and after, listed newest first and filterable', async () => {
    const admin = await t.signIn('sysadmin@example.com');
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/issuers',
      cookie: admin,
      payload: {
        name: 'Audit Bank',
        issuerKey: 'audit-bank',
        scheme: 'Visa',
        language: 'en',
        fallbackCountryIso3: 'USA',
        currency: 'USD',
      },
    });
    const { id } = created.json();
    await t.request({
      method: 'POST',
      url: `/api/v1/issuers/issuer-admin-capabilities?issuerId=${id}`,
      cookie: admin,
      payload: ['Scf'],
    });
    const ptco = await t.signIn('ptcojobmanager@example.com');
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/system-logs/get',
      cookie: ptco,
      payload: { filters: [{ propertyName: 'entityId', comparisonOperator: 'Equal', value: id }] },
    });
    expect(res.statusCode).toBe(200);
    const [latest, first] = res.json().collection;
    expect(res.json().totalCount).toBe(2);
    expect(latest).toMatchObject({
      action: 'IssuerCapabilitiesUpdated',
      actorUsername: 'sysadmin@example.com',
      entityName: 'Audit Bank',
    });
    expect(latest.before.capabilities).toEqual([]);
    expect(latest.after.capabilities).toEqual(['Scf']);
    expect(first).toMatchObject({ action: 'IssuerCreated', before: null });
    const byAfter = await t.request({
      method: 'POST',
      url: '/api/v1/system-logs/get',
      cookie: ptco,
      payload: {
        filters: [{ propertyName: 'after', comparisonOperator: 'Contains', value: 'Scf' }],
      },
    });
    expect(byAfter.json().totalCount).toBe(1);
    const unknown = await t.request({
      method: 'POST',
      url: '/api/v1/system-logs/get',
      cookie: ptco,
      payload: { filters: [{ propertyName: 'nope', comparisonOperator: 'Equal', value: 1 }] },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses users without SystemLogs_VIEW', async () => {
    const issuer = await t.signIn('issuer@example.com');
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/system-logs/get',
      cookie: issuer,
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });
});
