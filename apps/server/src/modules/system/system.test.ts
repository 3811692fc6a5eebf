import { MESSAGES, READ_ONLY_MODE_PERMISSIONS } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';

const t = useTestApp();

async function setMode(mode: string, cookie: string) {
  return t.request({ method: 'POST', url: `/api/v1/system-mode?mode=${mode}`, cookie });
}

describe('system mode', () => {
  it('is public to read and Live by default', async () => {
    const res = await t.request({ url: '/api/v1/system-mode' });
    expect(res.json()).toEqual({ mode: 'Live' });
  });

  it('can be switched only by holders of SystemModeUpdate, and only to a known mode', async () => {
    const issuer = await t.signIn('issuer@example.com');
    expect((await setMode('Maintenance', issuer)).statusCode).toBe(403);
    const admin = await t.signIn('sysadmin@example.com');
    const bad = await setMode('Offline', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Live, ReadOnly, Maintenance');
  });

  it('in Maintenance answers 503 to users without SystemMaintenanceMode_IGNORE but not to developers', async () => {
    const admin = await t.signIn('sysadmin@example.com');
    const developer = await t.signIn('developer@example.com');
    const issuer = await t.signIn('issuer@example.com');
    expect((await setMode('Maintenance', admin)).json()).toEqual({ mode: 'Maintenance' });

    const blocked = await t.request({ url: '/api/v1/users/terms-status', cookie: issuer });
    expect(blocked.statusCode).toBe(503);
    expect(blocked.json().message).toBe(MESSAGES.maintenance);
    expect(
      (await t.request({ url: '/api/v1/users/terms-status', cookie: developer })).statusCode,
    ).toBe(200);
    // Sign-in, the session and the mode itself stay available.
    expect((await t.request({ url: '/api/auth/session', cookie: issuer })).statusCode).toBe(200);
    await t.signIn('client@example.com');
    expect((await setMode('Live', admin)).statusCode).toBe(200);
    expect(
      (await t.request({ url: '/api/v1/users/terms-status', cookie: issuer })).statusCode,
    ).toBe(200);
  });

  it('in ReadOnly refuses state-changing calls except sign-in, sign-out and the mode switch, and answers paged lists', async () => {
    const admin = await t.signIn('sysadmin@example.com');
    await setMode('ReadOnly', admin);
    const issuer = await t.signIn('issuer@example.com');
    const write = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/user-agree-tos-latest',
      cookie: issuer,
    });
    expect(write.statusCode).toBe(503);
    expect(write.json().message).toBe(MESSAGES.readOnlyMode);
    expect(
      (await t.request({ url: '/api/v1/users/terms-status', cookie: issuer })).statusCode,
    ).toBe(200);
    // Paged lists are POSTs that only read: still answered, while a create is refused.
    const list = await t.request({
      method: 'POST',
      url: '/api/v1/issuers/get',
      cookie: admin,
      payload: { pageSize: 5 },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().totalCount).toBeGreaterThan(0);
    const create = await t.request({
      method: 'POST',
      url: '/api/v1/issuers',
      cookie: admin,
      payload: { name: 'Read-only Bank', issuerKey: 'read-only-bank' },
    });
    expect(create.statusCode).toBe(503);
    expect(
      (await t.request({ method: 'POST', url: '/api/auth/logout', cookie: issuer })).statusCode,
    ).toBe(200);
    expect((await setMode('Live', admin)).statusCode).toBe(200);
  });

  it('in ReadOnly grants every user the Read-only permissions and withholds the Live-only ones', async () => {
    const admin = await t.signIn('sysadmin@example.com');
    const permissions = async (username: string) =>
      (await t.request({ url: '/api/auth/session', cookie: await t.signIn(username) })).json<{
        permissions: string[];
      }>().permissions;
    const liveIssuer = await permissions('issuer@example.com');
    expect(liveIssuer).not.toContain('Translations_VIEW');
    expect(liveIssuer).not.toContain('CardNetworkSms_Integration');
    expect(await permissions('campaignmanager@example.com')).toContain('Campaign_UPLOAD');

    await setMode('ReadOnly', admin);
    try {
      const readOnlyIssuer = await permissions('issuer@example.com');
      for (const granted of READ_ONLY_MODE_PERMISSIONS) expect(readOnlyIssuer).toContain(granted);
      const campaigns = await permissions('campaignmanager@example.com');
      expect(campaigns).toContain('Campaign_VIEW');
      expect(campaigns).not.toContain('Campaign_UPLOAD');
      // The network files are a read: an issuer may fetch them while nothing may change.
      expect(readOnlyIssuer).toContain('CardNetworkSms_Integration');
    } finally {
      expect((await setMode('Live', admin)).statusCode).toBe(200);
    }
    expect(await permissions('issuer@example.com')).not.toContain('Translations_VIEW');
  });
});

describe('app timestamp', () => {
  it('is public to read and advanced by holders of AppTimestamp_UPDATE', async () => {
    const before = (await t.request({ url: '/api/v1/system-data/app-timestamp' })).json().timestamp;
    expect(Date.parse(before)).not.toBeNaN();
    const sysadmin = await t.signIn('sysadmin@example.com');
    const refused = await t.request({
      method: 'POST',
      url: '/api/v1/system-data/app-timestamp',
      cookie: sysadmin,
    });
    expect(refused.statusCode).toBe(403);
    const developer = await t.signIn('developer@example.com');
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/system-data/app-timestamp',
      cookie: developer,
    });
    expect(Date.parse(res.json().timestamp)).toBeGreaterThanOrEqual(Date.parse(before));
  });
});

describe('client config', () => {
  it('tells the web app the site configuration, signed out too', async () => {
    const res = await t.request({ url: '/api/v1/system-data/client-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      environment: 'local',
      environmentLabel: null,
      systemNotification: null,
      trustPolicyNote: null,
      idleAutoLogoutEnabled: true,
      idleWarningSeconds: 30 * 60 - 60,
      appVersionCheckSeconds: 300,
      crossOriginMode: true,
      releaseNotice: {
        id: 'release-2025-11',
        from: '2025-10-27T00:00:00Z',
        to: '2025-11-07T23:59:59Z',
        version: '1.4.0',
      },
    });
  });
});
