import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DEFAULT_TABBED_VIEW_ROLES,
  SERVICE_TOKEN_MESSAGES,
  type ComparisonResult,
  type JobComparison,
  type JobDetails,
  type SupplierResult,
} from '@b2b/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.js';
import { messySummaryCsv } from '../../../test/job-pipeline.js';
import { useJobsTestApp } from '../../../test/jobs-test-app.js';
import { endpointComparisonSettings } from './endpoint-comparison.schema.js';
import { NOT_CONFIGURED_MESSAGE } from './endpoint-comparison.service.js';

/**
 * Endpoint comparison (issue 21): this environment (`here`) against a second instance of the
 * product (`there`, its own database and data folder) listening on loopback, called with a
 * service token made there, as one environment calls another in production.
 */
const there = useJobsTestApp('compare-there');
const BASE = '/api/v1/devops';
let thereUrl = '';
/** An address where nothing listens (a port taken and given back). */
let deadUrl = '';
// `there` is built first (hooks run in order); `here` may call only `there` and the dead
// address, as production lists its other environments in COMPARISON_ALLOWED_ORIGINS.
const here = useJobsTestApp('compare-here', {
  env: async () => {
    thereUrl = await there.t.app.listen({ host: '127.0.0.1', port: 0 });
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    return { COMPARISON_ALLOWED_ORIGINS: `${thereUrl}/, ${deadUrl}` };
  },
});

async function createToken(t: TestApp, cookie: string, name = 'comparison', days = 30) {
  const res = await t.request({
    method: 'POST',
    url: `${BASE}/service-tokens`,
    cookie,
    payload: { name, expiresInDays: days },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; token: string; name: string; status: string }>();
}

/** Points `here` at `baseUrl` with a fresh token of `there`'s system administrator. */
async function configure(baseUrl = thereUrl) {
  const token = await createToken(there.t, there.signedIn().admin, 'from here');
  const res = await here.t.request({
    method: 'PUT',
    url: `${BASE}/endpoint-comparison/settings`,
    cookie: here.signedIn().admin,
    payload: { baseUrl, token: token.token, tokenLabel: 'sysadmin on there' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function userId(t: TestApp, cookie: string, username: string): Promise<string> {
  const res = await t.request({ url: `/api/v1/users?search=${username}`, cookie });
  return res.json<{ id: string; username: string }[]>().find((u) => u.username === username)!.id;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('service tokens', () => {
  it('acts as its user with their current permissions and issuers, without a CSRF header', async () => {
    const { admin } = here.signedIn();
    const token = await createToken(here.t, admin);
    expect(token.token).toMatch(/^[\w-]{43}$/);
    expect(token.status).toBe('Active');
    const viaToken = await here.t.request({
      url: '/api/v1/users/user-permissions',
      headers: bearer(token.token),
    });
    const viaSession = await here.t.request({
      url: '/api/v1/users/user-permissions',
      cookie: admin,
    });
    expect(viaToken.statusCode).toBe(200);
    expect(viaToken.json()).toEqual(viaSession.json());
    // A POST that only reads (a paged list) works, with no CSRF header and no cookie.
    const list = await here.t.request({
      method: 'POST',
      url: '/api/v1/job-artifacts/get',
      csrf: false,
      headers: bearer(token.token),
      payload: { pageNumber: 1, pageSize: 5 },
    });
    expect(list.statusCode, list.body).toBe(200);
  });

  it('is shown once: listed by name and status, never the token; last use recorded', async () => {
    const cookie = await here.t.signIn('tester@example.com');
    const token = await createToken(here.t, cookie, 'listed token');
    const before = await here.t.request({ url: `${BASE}/service-tokens`, cookie });
    const listed = before.json<{ items: Record<string, unknown>[] }>().items;
    expect(listed.map((i) => i.name)).toEqual(['listed token']);
    expect(listed[0]).not.toHaveProperty('token');
    expect(JSON.stringify(before.json())).not.toContain(token.token);
    expect(listed[0]!.lastUsedAt).toBeNull();
    await here.t.request({ url: '/api/v1/users/user-permissions', headers: bearer(token.token) });
    const after = await here.t.request({ url: `${BASE}/service-tokens`, cookie });
    expect(
      after.json<{ items: { lastUsedAt: string | null }[] }>().items[0]!.lastUsedAt,
    ).not.toBeNull();
    // Another user's list does not show it.
    const others = await here.t.request({
      url: `${BASE}/service-tokens`,
      cookie: here.signedIn().admin,
    });
    expect(others.json<{ items: { id: string }[] }>().items.map((i) => i.id)).not.toContain(
      token.id,
    );
  });

  it('refuses a state-changing call with 403: a token only reads', async () => {
    const token = await createToken(here.t, here.signedIn().admin);
    const res = await here.t.request({
      method: 'POST',
      url: `${BASE}/service-tokens`,
      headers: bearer(token.token),
      payload: { name: 'made by a token', expiresInDays: 1 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SERVICE_TOKEN_MESSAGES.readOnly);
    const mine = await here.t.request({
      url: `${BASE}/service-tokens`,
      cookie: here.signedIn().admin,
    });
    expect(JSON.stringify(mine.json())).not.toContain('made by a token');
  });

  it('answers 401 with a clear message for a revoked, an expired and an unknown token', async () => {
    const { admin } = here.signedIn();
    const revoked = await createToken(here.t, admin, 'to revoke');
    const revoke = await here.t.request({
      method: 'DELETE',
      url: `${BASE}/service-tokens/${revoked.id}`,
      cookie: admin,
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().status).toBe('Revoked');
    const again = await here.t.request({
      method: 'DELETE',
      url: `${BASE}/service-tokens/${revoked.id}`,
      cookie: admin,
    });
    expect(again.statusCode).toBe(409);

    const expired = await createToken(here.t, admin, 'to expire');
    await here.t.database.db.execute(
      sql`UPDATE service_tokens SET expires_at = now() - interval '1 second' WHERE id = ${expired.id}`,
    );
    const cases = [
      [revoked.token, SERVICE_TOKEN_MESSAGES.revoked],
      [expired.token, SERVICE_TOKEN_MESSAGES.expired],
      ['x'.repeat(43), SERVICE_TOKEN_MESSAGES.unknown],
    ] as const;
    for (const [token, message] of cases) {
      const res = await here.t.request({
        url: '/api/v1/users/user-permissions',
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(message);
    }
    const malformed = await here.t.request({
      url: '/api/v1/users/user-permissions',
      headers: { authorization: 'Bearer' },
    });
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json().message).toBe(SERVICE_TOKEN_MESSAGES.malformed);
  });

  it("does not let a user revoke another user's token (404)", async () => {
    const token = await createToken(here.t, here.signedIn().admin, 'not yours');
    const cookie = await here.t.signIn('developer@example.com');
    const res = await here.t.request({
      method: 'DELETE',
      url: `${BASE}/service-tokens/${token.id}`,
      cookie,
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a name or an expiry out of bounds, naming the field', async () => {
    const cookie = here.signedIn().admin;
    const cases = [
      [{ name: 'long', expiresInDays: 91 }, 'expiresInDays'],
      [{ name: 'zero', expiresInDays: 0 }, 'expiresInDays'],
      [{ name: '  ', expiresInDays: 10 }, 'name'],
    ] as const;
    for (const [payload, field] of cases) {
      const res = await here.t.request({
        method: 'POST',
        url: `${BASE}/service-tokens`,
        cookie,
        payload,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(field);
    }
  });
});

describe('permissions', () => {
  it('answers 403 to a role without DevOps_Area_VIEW on every call of the module', async () => {
    const cookie = await here.t.signIn('ptcojobmanager@example.com');
    const calls = [
      { method: 'GET', url: `${BASE}/service-tokens` },
      { method: 'POST', url: `${BASE}/service-tokens`, payload: { name: 'x', expiresInDays: 1 } },
      { method: 'GET', url: `${BASE}/endpoint-comparison/settings` },
      {
        method: 'PUT',
        url: `${BASE}/endpoint-comparison/settings`,
        payload: { baseUrl: thereUrl },
      },
      { method: 'GET', url: `${BASE}/endpoint-comparison/users` },
      { method: 'GET', url: `${BASE}/endpoint-comparison/jobs/${crypto.randomUUID()}` },
    ] as const;
    for (const call of calls) {
      const res = await here.t.request({ ...call, cookie });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
  });
});

describe('settings', () => {
  it('keeps the token on the server: the screens see "set" and its label', async () => {
    const saved = await configure();
    expect(saved).toMatchObject({
      baseUrl: thereUrl,
      tokenSet: true,
      tokenLabel: 'sysadmin on there',
      updatedBy: 'sysadmin@example.com',
    });
    const [row] = await here.t.database.db.select().from(endpointComparisonSettings);
    expect(row!.sealedToken).toMatch(/^v1\./);
    // A new base URL without a token keeps the stored token.
    const moved = await here.t.request({
      method: 'PUT',
      url: `${BASE}/endpoint-comparison/settings`,
      cookie: here.signedIn().admin,
      payload: { baseUrl: `${thereUrl}/` },
    });
    expect(moved.json()).toMatchObject({
      baseUrl: thereUrl,
      tokenSet: true,
      tokenLabel: 'sysadmin on there',
    });
  });

  it('refuses a base URL that is not an http(s) address, naming the field', async () => {
    for (const baseUrl of ['ftp://example.com', 'not a url', 'https://example.com/?x=1']) {
      const res = await here.t.request({
        method: 'PUT',
        url: `${BASE}/endpoint-comparison/settings`,
        cookie: here.signedIn().admin,
        payload: { baseUrl },
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('baseUrl');
    }
  });

  it('refuses a base URL outside COMPARISON_ALLOWED_ORIGINS, naming the field and the list', async () => {
    const res = await here.t.request({
      method: 'PUT',
      url: `${BASE}/endpoint-comparison/settings`,
      cookie: here.signedIn().admin,
      payload: { baseUrl: 'http://169.254.169.254/latest' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        field: 'body.baseUrl',
        message: `http://169.254.169.254 is not one of the environments this server may call (COMPARISON_ALLOWED_ORIGINS): ${thereUrl}, ${deadUrl}.`,
      },
    ]);
    const settings = await here.t.request({
      url: `${BASE}/endpoint-comparison/settings`,
      cookie: here.signedIn().admin,
    });
    expect(settings.json().allowedOrigins).toEqual([thereUrl, deadUrl]);
  });

  it('stops calling a stored base URL once its origin leaves the allowed list (409)', async () => {
    await configure();
    await here.t.database.db.execute(
      sql`UPDATE endpoint_comparison_settings SET base_url = 'http://127.0.0.1:1'`,
    );
    const res = await here.t.request({
      url: `${BASE}/endpoint-comparison/users`,
      cookie: here.signedIn().admin,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('is not one of the environments this server may call');
    await configure();
  });

  it('answers 409 until the other environment is configured', async () => {
    await here.t.database.db.execute(sql`DELETE FROM endpoint_comparison_settings`);
    const res = await here.t.request({
      url: `${BASE}/endpoint-comparison/users`,
      cookie: here.signedIn().admin,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NOT_CONFIGURED_MESSAGE);
  });
});

describe('when the other environment fails', () => {
  it('answers 502 naming the address when nothing listens there', async () => {
    await configure(deadUrl);
    const res = await here.t.request({
      url: `${BASE}/endpoint-comparison/users`,
      cookie: here.signedIn().admin,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(
      `The other environment at ${deadUrl} did not answer POST /api/v1/users/active: ECONNREFUSED.`,
    );
  });

  it('answers 502 with the remote status and message when its token is refused', async () => {
    await configure();
    await there.t.database.db.execute(sql`UPDATE service_tokens SET revoked_at = now()`);
    const res = await here.t.request({
      url: `${BASE}/endpoint-comparison/users`,
      cookie: here.signedIn().admin,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(
      `The other environment at ${thereUrl} answered POST /api/v1/users/active with 401: ${SERVICE_TOKEN_MESSAGES.revoked}`,
    );
  });
});

describe('users comparison', () => {
  it('lists the users, roles and issuers that differ, matched by username', async () => {
    await configure();
    const admin = there.signedIn().admin;
    // There: one more user, and an issuer user with other roles.
    const invited = await there.t.request({
      method: 'POST',
      url: '/api/v1/users/invite',
      cookie: admin,
      payload: { email: 'only-there@example.com', givenName: 'Only', surname: 'There' },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const target = await userId(there.t, admin, 'issuerplus@example.com');
    const roles = await there.t.request({
      method: 'POST',
      url: `/api/v1/authorization/${target}/user-roles`,
      cookie: admin,
      payload: { standard: ['ptcoJobManager'], tabbedView: ['JobSummaryAccessor'] },
    });
    expect(roles.statusCode, roles.body).toBe(200);

    const res = await here.t.request({
      url: `${BASE}/endpoint-comparison/users`,
      cookie: here.signedIn().admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<ComparisonResult>();
    expect(result.otherBaseUrl).toBe(thereUrl);
    expect(result.sections).toEqual([
      expect.objectContaining({
        section: 'users',
        differences: result.differences.length,
        note: '12 users here, 13 there; all compared, matched by username, with their roles and issuers',
      }),
    ]);
    // issuerPlus keeps JobSummaryAccessor and loses the other tabs it starts with.
    const lostTabs = DEFAULT_TABBED_VIEW_ROLES.issuerPlus.filter((r) => r !== 'JobSummaryAccessor');
    const person = 'users[issuerplus@example.com]';
    expect(result.differences.map(({ path, kind }) => ({ path, kind }))).toEqual([
      { path: `${person}.roles.standard[issuerPlus]`, kind: 'onlyHere' },
      { path: `${person}.roles.standard[ptcoJobManager]`, kind: 'onlyThere' },
      ...lostTabs.map((role) => ({
        path: `${person}.roles.tabbedView[${role}]`,
        kind: 'onlyHere',
      })),
      { path: 'users[only-there@example.com]', kind: 'onlyThere' },
    ]);
    const newcomer = result.differences.at(-1)!;
    expect(newcomer.thisValue).toBeNull();
    expect(JSON.parse(newcomer.otherValue!)).toMatchObject({
      status: 'pending',
      username: 'only-there@example.com',
      displayName: 'Only There',
    });
    expect(result.ignoredFields).toEqual([
      'id',
      'issuerId',
      'createdAt',
      'lastActivityAt',
      'authenticated',
      'version',
    ]);
  });
});

describe('job comparison', () => {
  let jobHere: JobDetails;
  let jobThere: JobDetails;
  let sameHere: JobDetails;
  let sameThere: JobDetails;

  beforeAll(async () => {
    // The same buyer file run through both environments' pipelines, twice.
    const csv = messySummaryCsv(here.signedIn().merchants);
    const both = async (name: string) =>
      Promise.all(
        [here, there].map((side) =>
          side.pipeline.completedJob({
            cookie: side.signedIn().admin,
            issuerName: 'PayTech Bank',
            csv,
            name,
          }),
        ),
      );
    [jobHere, jobThere] = await both('Release check');
    [sameHere, sameThere] = await both('Unchanged');
  }, 300_000);

  it('finds no difference in the same job run in both environments (ids and times ignored)', async () => {
    await configure();
    const res = await here.t.request({
      url: `${BASE}/endpoint-comparison/jobs/${sameHere.id}?remoteJobId=${sameThere.id}`,
      cookie: here.signedIn().admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<JobComparison>();
    expect(result.differences).toEqual([]);
    expect(result).toMatchObject({ jobId: sameHere.id, remoteJobId: sameThere.id });
    expect(result.sections.map((s) => [s.section, s.differences, s.note])).toEqual([
      ['details', 0, 'The job as its details tab reads it'],
      ['summary', 0, 'Overall slice, all products'],
      ['suppliers', 0, '31 suppliers here, 31 there; all compared, matched by supplier key'],
      ['insights', 0, 'The slicers and the 20 charts, overall slice, all products'],
    ]);
    expect(result.ignoredFields).toEqual(expect.arrayContaining(['id', 'createdOn', 'updatedOn']));
  });

  it("reports a job the other environment lacks once per section, and 404 for one it can't see here", async () => {
    await configure();
    const missing = crypto.randomUUID();
    const res = await here.t.request({
      url: `${BASE}/endpoint-comparison/jobs/${sameHere.id}?remoteJobId=${missing}`,
      cookie: here.signedIn().admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<JobComparison>();
    expect(result.differences.map((d) => [d.path, d.thisValue, d.kind])).toEqual([
      ['details', 'HTTP 200', 'changed'],
      ['summary', 'HTTP 200', 'changed'],
      ['suppliers', 'HTTP 200', 'changed'],
      ['insights.slicers', 'HTTP 200', 'changed'],
      ['insights.charts', 'HTTP 200', 'changed'],
    ]);
    for (const d of result.differences) expect(d.otherValue).toMatch(/^HTTP 404: /);

    const unseen = await here.t.request({
      url: `${BASE}/endpoint-comparison/jobs/${missing}`,
      cookie: here.signedIn().admin,
    });
    expect(unseen.statusCode).toBe(404);
    const badId = await here.t.request({
      url: `${BASE}/endpoint-comparison/jobs/${sameHere.id}?remoteJobId=nope`,
      cookie: here.signedIn().admin,
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toContain('remoteJobId');
  });

  it('finds the differences of a job field by field, matching suppliers by key', async () => {
    await configure();
    const admin = there.signedIn().admin;
    const renamed = await there.t.request({
      method: 'PATCH',
      url: `/api/v1/job-artifacts/${jobThere.id}/name`,
      cookie: admin,
      payload: { name: 'Release check (migrated)' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const suppliers = await there.t.request({
      method: 'POST',
      url: `/api/v1/job-artifacts/${jobThere.id}/suppliers`,
      cookie: admin,
      payload: { pageSize: 50, orderBy: 'supplierKey' },
    });
    const matched = suppliers
      .json<{ collection: SupplierResult[] }>()
      .collection.find((s) => s.matchStatus === 'MATCHED')!;
    const rejected = await there.t.request({
      method: 'PUT',
      url: `/api/v1/job-artifacts/${jobThere.id}/suppliers/${encodeURIComponent(matched.supplierKey)}/match`,
      cookie: admin,
      payload: { decision: 'rejected' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    // The decision re-runs the job's later steps there: compare once they are done.
    await there.pipeline.waitUntilFinished(jobThere.id, admin);

    const res = await here.t.request({
      url: `${BASE}/endpoint-comparison/jobs/${jobHere.id}?remoteJobId=${jobThere.id}`,
      cookie: here.signedIn().admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<JobComparison>();
    const of = (section: string) => result.differences.filter((d) => d.section === section);
    const at = (path: string) => result.differences.find((d) => d.path === path);
    for (const section of result.sections) {
      expect(section.differences, section.section).toBe(of(section.section).length);
    }

    // The new name, and the stored totals the rejection moved; nothing else of the details.
    expect(at('details.name')).toEqual({
      section: 'details',
      path: 'details.name',
      thisValue: '"Release check"',
      otherValue: '"Release check (migrated)"',
      kind: 'changed',
    });
    for (const d of of('details')) expect(d.path).toMatch(/^details\.(name$|summary\.)/);
    expect([at('details.summary.matched'), at('details.summary.unmatched')]).toMatchObject([
      { thisValue: '30', otherValue: '29' },
      { thisValue: '1', otherValue: '2' },
    ]);

    // Only the rejected supplier differs, matched by its key.
    const supplier = `suppliers[${matched.supplierKey}]`;
    for (const d of of('suppliers')) {
      expect(d.path.startsWith(`${supplier}.`), d.path).toBe(true);
      expect(d.kind).toBe('changed');
    }
    expect(at(`${supplier}.matchSource`)).toMatchObject({
      thisValue: '"computed"',
      otherValue: '"rejected"',
    });
    expect(at(`${supplier}.matchStatus`)).toMatchObject({
      thisValue: '"MATCHED"',
      otherValue: '"UNMATCHED"',
    });
    const override = at(`${supplier}.override`)!;
    expect(override.thisValue).toBe('null');
    expect(JSON.parse(override.otherValue!)).toMatchObject({
      decision: 'rejected',
      byUsername: 'sysadmin@example.com',
    });

    // The summary moves one supplier and its spend from MATCHED to UNMATCHED.
    const outcome = (status: string, field: string) => {
      const d = at(`summary.matchOutcome[${status}].${field}`)!;
      return Number(d.otherValue) - Number(d.thisValue);
    };
    expect([outcome('MATCHED', 'suppliers'), outcome('UNMATCHED', 'suppliers')]).toEqual([-1, 1]);
    expect(outcome('UNMATCHED', 'spend')).toBeGreaterThan(0);
    expect(outcome('MATCHED', 'spend')).toBe(-outcome('UNMATCHED', 'spend'));

    // Insights: the slicers and charts recomputed there; the "Jobs" bar is this job on both sides.
    expect(at('insights.slicers[Card Accepting].values[MATCHED].suppliers')).toMatchObject({
      thisValue: '30',
      otherValue: '29',
    });
    expect(at('insights.charts[Jobs].bars[this job].label')).toMatchObject({
      thisValue: '"Release check"',
      otherValue: '"Release check (migrated)"',
    });
    // Ignored fields never appear, however they differ.
    for (const d of result.differences) {
      expect(d.path).not.toMatch(/\.(id|jobId|createdOn|updatedOn|computedAt|message)$/);
    }
  });
});
