import * as contract from '@b2b/contract';
import {
  DEFAULT_TABBED_VIEW_ROLES,
  STANDARD_ROLES,
  can,
  permissionsOf,
  type Endpoint,
  type StandardRole,
} from '@b2b/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, SESSION_COOKIE } from '../src/plugins/authorize.js';
import { DEMO_USERS } from '../src/seed/demo-data.js';
import { TEST_PASSWORD, useTestApp } from './harness.js';
import { newIssuer } from './issuer-requests.js';
import { operationsOf, requestsOf, type FuzzRequest, type Operation } from './openapi-arbitrary.js';

/**
 * Every operation of the served OpenAPI document, for every standard role, with requests drawn
 * from its declared schemas, valid and invalid (REVIEW: every malformed request is a clear 4xx;
 * SPEC §5: users see only their own issuers' data). For each request: never a 5xx; every 4xx
 * carries the error body; every 2xx JSON body parses with the contract's response schema; and a
 * user of one issuer never receives a name or id of another issuer's records.
 *
 * CI runs a fixed seed and few runs per operation and role; `npm run bench -- fuzz` runs many
 * more from a random seed (FUZZ_SEED and FUZZ_RUNS, printed so a failure can be replayed).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261128);
const RUNS = Number(process.env.FUZZ_RUNS ?? 3);

const t = useTestApp();

/** Staff are members of every issuer (demo data); the others of PayTech Bank alone. */
const SCOPED_ROLES = DEMO_USERS.filter((u) => u.issuers.length === 1).map((u) => u.role);
const STAFF_ROLES = STANDARD_ROLES.filter((r) => !SCOPED_ROLES.includes(r));

/** The other issuer's records: names no generator draws, ids only the test knows. */
const MARKER = 'Zebrafuzz';
const secrets: string[] = [MARKER.toLowerCase()];
const ids: string[] = [];
const cookies = new Map<StandardRole, string>();
/** Requests sent, by kind and status, printed at the end: what the run reached. */
const tally = new Map<string, number>();

/** Every contract endpoint by `METHOD /path`, for its access and response schemas. */
const endpoints = new Map<string, Endpoint>(
  Object.entries(contract)
    .filter(([name]) => name.endsWith('Endpoints'))
    .flatMap(([, group]) => Object.values(group as Record<string, Endpoint>))
    .map((e) => [`${e.method} ${e.path}`, e]),
);

/**
 * Signs a role in again from an address of its own each time: the fuzzed sign-in requests use
 * up the per-address sign-in rate limit (SPEC §4) of the address they come from.
 */
let signIns = 0;
async function signInAs(role: StandardRole) {
  signIns++;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: `10.1.${signIns >> 8}.${signIns & 255}`,
    headers: { [CSRF_HEADER]: '1' },
    payload: { username: `${role.toLowerCase()}@example.com`, password: TEST_PASSWORD },
  });
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`sign-in of ${role} failed: ${res.statusCode} ${res.body}`);
  cookies.set(role, `${SESSION_COOKIE}=${cookie.value}`);
}

async function seedOtherIssuer() {
  const admin = await t.signIn('sysadmin@example.com');
  const post = async (url: string, payload?: object) => {
    const res = await t.request({ method: 'POST', url, cookie: admin, payload });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json<{ id: string }>();
  };
  const issuer = await post(
    '/api/v1/issuers',
    newIssuer({ name: `${MARKER} Other Bank`, issuerKey: 'zebrafuzz-other' }),
  );
  const buyer = await post('/api/v1/buyers', { issuerId: issuer.id, name: `${MARKER} Buyer` });
  const job = await post(
    `/api/v1/job-artifacts?${new URLSearchParams({ type: 'base', issuerId: issuer.id, buyerId: buyer.id, name: `${MARKER} Job`, currency: 'GBP' })}`,
  );
  secrets.push(issuer.id, buyer.id, job.id);

  // A draft job of PayTech Bank for the scoped users to reach.
  const paytech = await t.database.db.execute(
    sql`select i.id as issuer, b.id as buyer from issuers i join buyers b on b.issuer_id = i.id where i.issuer_key = 'paytech-bank' limit 1`,
  );
  const own = (paytech as unknown as { rows: { issuer: string; buyer: string }[] }).rows[0]!;
  const ownJob = await post(
    `/api/v1/job-artifacts?${new URLSearchParams({ type: 'base', issuerId: own.issuer, buyerId: own.buyer, name: 'Fuzz own job', currency: 'GBP' })}`,
  );

  // Records the generators may name: never the demo users themselves, whose sessions the
  // test holds (a deactivated demo user could not sign in again).
  const demoUsernames = sql.join(
    DEMO_USERS.map((u) => sql`${u.username}`),
    sql`, `,
  );
  const known = await t.database.db.execute(sql`
    select id::text from issuers union all select id::text from buyers
    union all select id::text from users where username not in (${demoUsernames})`);
  ids.push(
    ownJob.id,
    ...secrets.slice(1),
    ...(known as unknown as { rows: { id: string }[] }).rows.map((r) => r.id).slice(0, 30),
  );
}

afterAll(() => {
  const byStatus = new Map<string, number>();
  for (const [key, n] of tally) {
    const status = key.split(' → ')[1]!;
    byStatus.set(status, (byStatus.get(status) ?? 0) + n);
  }
  const total = [...byStatus.values()].reduce((a, b) => a + b, 0);
  console.log(
    `API fuzz: ${total} requests (seed ${SEED}, ${RUNS} runs per operation and role); by status: ${[
      ...byStatus,
    ]
      .sort()
      .map(([status, n]) => `${status} ${n}`)
      .join(', ')}`,
  );
});

beforeAll(async () => {
  await seedOtherIssuer();
  for (const role of STANDARD_ROLES) await signInAs(role);
}, 120_000);

let operations: Operation[] = [];
beforeAll(async () => {
  const res = await t.request({ method: 'GET', url: '/api/docs/json' });
  operations = operationsOf(res.json()).filter((o) => !o.path.startsWith('/api/docs'));
});

function mayCall(role: StandardRole, endpoint: Endpoint): boolean {
  if ('public' in endpoint.access) return true;
  const user = { permissions: permissionsOf([role, ...DEFAULT_TABBED_VIEW_ROLES[role]]) };
  return can(user, endpoint.access.permissions);
}

function check(
  request: FuzzRequest,
  res: LightMyRequestResponse,
  endpoint: Endpoint,
  role: StandardRole,
): void {
  const what = `${role} ${request.kind}: ${request.method} ${request.url.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, what).toBeLessThan(500);
  const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
  if (res.statusCode >= 400) {
    expect(isJson, what).toBe(true);
    expect(res.json(), what).toMatchObject({
      success: false,
      statusCode: res.statusCode,
      message: expect.stringMatching(/\S/),
    });
  } else if (isJson) {
    // A JSON answer is one the contract declares for that status, and parses with it.
    const schema = endpoint.responses[res.statusCode as 200 | 201 | 204];
    expect(schema, `no ${res.statusCode} response declared: ${what}`).toBeDefined();
    const parsed = schema!.safeParse(res.json());
    expect(parsed.error?.issues.slice(0, 3), what).toBeUndefined();
  }
  if (SCOPED_ROLES.includes(role)) {
    const asked = `${request.url} ${request.payload ?? ''}`.toLowerCase();
    const body = res.body.toLowerCase();
    const leaked = secrets.filter((s) => body.includes(s) && !asked.includes(s));
    expect(leaked, `another issuer's data in ${what}`).toEqual([]);
  }
}

/** Requests that change the session or the whole system are undone after each run. */
async function undo(operation: Operation, role: StandardRole, res: LightMyRequestResponse) {
  if (operation.path === '/api/v1/system-mode' && operation.method === 'POST')
    await t.app.ctx.services.system.setMode('Live');
  const sessionChanged =
    res.statusCode < 300 &&
    (operation.path === '/api/auth/logout' || operation.path === '/api/auth/active-roles');
  if (res.statusCode === 401 || sessionChanged) await signInAs(role);
}

const seedOf = (text: string) =>
  [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, SEED);

async function fuzz(operation: Operation, roles: readonly StandardRole[]) {
  const endpoint = endpoints.get(`${operation.method} ${operation.path}`);
  expect(endpoint, `${operation.method} ${operation.path} has a contract endpoint`).toBeDefined();
  const requests = requestsOf(operation, ids, { multipart: endpoint!.multipart === true });
  let sent = 0;
  for (const role of roles) {
    const seed = seedOf(`${operation.method} ${operation.path} ${role}`);
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        const res = await t.app.inject({
          method: request.method as 'GET',
          url: request.url,
          payload: request.payload,
          headers: { ...request.headers, cookie: cookies.get(role)!, [CSRF_HEADER]: '1' },
          remoteAddress: '192.0.2.1',
        });
        sent++;
        const key = `${request.kind} → ${res.statusCode}`;
        tally.set(key, (tally.get(key) ?? 0) + 1);
        try {
          check(request, res, endpoint!, role);
        } finally {
          await undo(operation, role, res);
        }
      }),
      // A role the endpoint refuses gets one request: the refusal comes before validation.
      { seed, numRuns: mayCall(role, endpoint!) ? RUNS : 1, endOnFailure: RUNS <= 3 },
    );
  }
  expect(sent).toBeGreaterThan(0);
}

// Issuer-scoped users go first: staff requests later change and delete the records they share.
describe.each([
  ['users of one issuer', SCOPED_ROLES],
  ['staff', STAFF_ROLES],
])('API fuzz, %s', (_, roles) => {
  it('walks every operation of the OpenAPI document', { timeout: 600_000 }, async () => {
    expect(operations.length).toBeGreaterThan(200);
    const failures: string[] = [];
    for (const operation of operations) {
      try {
        await fuzz(operation, roles);
      } catch (error) {
        const { message, cause } = error as Error;
        const why = cause instanceof Error ? cause.message : '';
        failures.push(`${operation.method} ${operation.path}: ${message.split('\n')[1]}\n${why}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
