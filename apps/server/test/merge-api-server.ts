import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Fixture = {
  integration: { name: string; slug: string };
  contacts: unknown[][];
  invoices: unknown[][];
  payments: unknown[][];
};

const FIXTURE = JSON.parse(
  fs.readFileSync(new URL('./fixtures/merge-accounting.json', import.meta.url), 'utf8'),
) as Fixture;

const LISTS = {
  '/api/accounting/v1/contacts': 'contacts',
  '/api/accounting/v1/invoices': 'invoices',
  '/api/accounting/v1/payments': 'payments',
} as const;

type Fault = { status: number; body: string };
/** 429 mode: the next `remaining` calls of a path are rate limited, with this Retry-After. */
type RateLimit = { remaining: number; retryAfter: string | null };

/**
 * The unified accounting API (Merge) on loopback for tests (MERGE_API_URL is `baseUrl`): link
 * tokens, the public-token exchange, the contacts/invoices/payments lists page by page with
 * `cursor`, and delete-account, answering the fixture's documented shapes. `fail` makes the
 * next calls of a path answer an error (401, 429, 500) or a malformed page. `port` 0: any free
 * one (the browser journey gives the one its server was configured with). `rateLimit` answers a
 * path's next calls 429 with a Retry-After header (seconds or an HTTP date, or none), as Merge
 * does when an account's rate limit is reached.
 */
export async function startMergeApiServer(apiKey: string, port = 0) {
  const publicTokens = new Map<string, string>();
  const accountTokens = new Set<string>();
  const revoked: string[] = [];
  const linkTokenRequests: Record<string, unknown>[] = [];
  const calls: string[] = [];
  const faults = new Map<string, Fault>();
  const rateLimits = new Map<string, RateLimit>();

  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    res
      .writeHead(status, { 'content-type': 'application/json' })
      .end(typeof body === 'string' ? body : JSON.stringify(body));

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      calls.push(`${req.method} ${url.pathname}${url.search}`);
      if (req.headers.authorization !== `Bearer ${apiKey}`)
        return json(res, 401, { detail: 'Invalid API key.' });
      const limited = rateLimits.get(url.pathname);
      if (limited && limited.remaining > 0) {
        limited.remaining--;
        return res
          .writeHead(429, {
            'content-type': 'application/json',
            ...(limited.retryAfter === null ? {} : { 'retry-after': limited.retryAfter }),
          })
          .end(JSON.stringify({ detail: 'Rate limit exceeded.' }));
      }
      const fault = faults.get(url.pathname);
      if (fault) return json(res, fault.status, fault.body);
      if (req.method === 'POST' && url.pathname === '/api/integrations/create-link-token') {
        const body = JSON.parse(raw) as Record<string, unknown>;
        linkTokenRequests.push(body);
        return json(res, 200, {
          link_token: `link-${String(body.end_user_origin_id)}`,
          integration_name: null,
          magic_link_url: null,
        });
      }
      const exchange = url.pathname.match(/^\/api\/integrations\/account-token\/(.+)$/);
      if (req.method === 'GET' && exchange) {
        const token = publicTokens.get(decodeURIComponent(exchange[1]!));
        if (!token) return json(res, 404, { detail: 'Not found.' });
        return json(res, 200, {
          account_token: token,
          integration: FIXTURE.integration,
          id: `linked-${token}`,
        });
      }
      const accountToken = String(req.headers['x-account-token'] ?? '');
      if (!accountTokens.has(accountToken))
        return json(res, 401, { detail: 'Invalid account token.' });
      if (req.method === 'POST' && url.pathname === '/api/accounting/v1/delete-account') {
        accountTokens.delete(accountToken);
        revoked.push(accountToken);
        return res.writeHead(200).end();
      }
      const list = LISTS[url.pathname as keyof typeof LISTS];
      if (req.method === 'GET' && list) {
        const pages = FIXTURE[list];
        const index = Number(url.searchParams.get('cursor')?.replace('page-', '') ?? '0');
        const next = index + 1 < pages.length ? `page-${index + 1}` : null;
        // As Merge documents it, `next` is the cursor itself (the client also reads a URL).
        return json(res, 200, {
          next,
          previous: index > 0 ? `page-${index - 1}` : null,
          results: pages[index] ?? [],
        });
      }
      return json(res, 404, { detail: 'Not found.' });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    /** What Merge Link would hand the browser after the person connected: a public token. */
    linkCompleted(publicToken: string, accountToken: string) {
      publicTokens.set(publicToken, accountToken);
      accountTokens.add(accountToken);
    },
    fail(pathname: string, status: number, body: unknown) {
      faults.set(pathname, {
        status,
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    },
    rateLimit(pathname: string, times: number, retryAfter: string | null) {
      rateLimits.set(pathname, { remaining: times, retryAfter });
    },
    heal: () => {
      faults.clear();
      rateLimits.clear();
    },
    linkTokenRequests,
    revoked,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type MergeApiServer = Awaited<ReturnType<typeof startMergeApiServer>>;
