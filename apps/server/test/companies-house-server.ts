import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The Companies House public data API on loopback for tests (COMPANIES_HOUSE_BASE_URL is
 * `baseUrl`), answering from fixtures in the documented shapes: `GET /search/companies`
 * (search#companies), `GET /company/{number}` (company profile) and `GET /company/{number}/officers`
 * (officer-list), HTTP Basic auth with the key as user name, its 401 and 404 bodies, and 429
 * with the X-Ratelimit-* headers when told to.
 */

type Address = Partial<
  Record<
    | 'premises'
    | 'address_line_1'
    | 'address_line_2'
    | 'locality'
    | 'region'
    | 'postal_code'
    | 'country',
    string
  >
>;
export type FixtureCompany = {
  company_number: string;
  company_name: string;
  company_status: string;
  type: string;
  date_of_creation: string;
  date_of_cessation?: string;
  registered_office_address: Address;
  sic_codes?: string[];
  officers?: { active_count: number; resigned_count: number };
};

const snippet = (a: Address) =>
  [a.premises, a.address_line_1, a.address_line_2, a.locality, a.region, a.postal_code]
    .filter(Boolean)
    .join(', ');

export async function startCompaniesHouseServer(options: {
  apiKey: string;
  companies: FixtureCompany[];
  /** Company numbers each search (by its lower-cased `q`) finds, in the order it lists them. */
  searches: Record<string, string[]>;
  /** A fixed port (a browser journey's server is told it before this starts); else any free one. */
  port?: number;
}) {
  const byNumber = new Map(options.companies.map((c) => [c.company_number, c]));
  const requests: string[] = [];
  let rateLimited = 0;
  let delayMs = 0;
  let acceptedKey = options.apiKey;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      const reply = () =>
        res
          .writeHead(status, { 'content-type': 'application/json', ...headers })
          .end(JSON.stringify(body));
      if (delayMs > 0) setTimeout(reply, delayMs);
      else reply();
    };
    const expected = `Basic ${Buffer.from(`${acceptedKey}:`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      send(401, { error: 'Invalid Authorization', type: 'ch:service' });
      return;
    }
    const window = {
      'x-ratelimit-limit': '600',
      'x-ratelimit-window': '5m',
      'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 1),
    };
    if (rateLimited > 0) {
      rateLimited -= 1;
      send(
        429,
        { error: 'Rate limit exceeded', type: 'ch:service' },
        {
          ...window,
          'x-ratelimit-remain': '0',
        },
      );
      return;
    }
    if (url.pathname === '/search/companies') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const perPage = Number(url.searchParams.get('items_per_page') ?? 20);
      const start = Number(url.searchParams.get('start_index') ?? 0);
      const found = (options.searches[q] ?? []).map((n) => byNumber.get(n)!);
      send(
        200,
        {
          kind: 'search#companies',
          total_results: found.length,
          items_per_page: perPage,
          start_index: start,
          page_number: Math.floor(start / perPage) + 1,
          items: found.slice(start, start + perPage).map((c) => ({
            kind: 'searchresults#company',
            title: c.company_name,
            company_number: c.company_number,
            company_status: c.company_status,
            company_type: c.type,
            date_of_creation: c.date_of_creation,
            address: c.registered_office_address,
            address_snippet: snippet(c.registered_office_address),
            description: `${c.company_number} - Incorporated on ${c.date_of_creation}`,
            description_identifier: ['incorporated-on'],
            links: { self: `/company/${c.company_number}` },
            matches: { title: [1, q.length] },
          })),
        },
        window,
      );
      return;
    }
    const officers = /^\/company\/([A-Z0-9]+)\/officers$/.exec(url.pathname);
    const profile = /^\/company\/([A-Z0-9]+)$/.exec(url.pathname);
    const company = byNumber.get((officers ?? profile)?.[1] ?? '');
    if (officers) {
      if (!company?.officers) {
        send(404, { errors: [{ error: 'not-found', type: 'ch:service' }] });
        return;
      }
      send(200, {
        kind: 'officer-list',
        etag: 'fixture',
        items_per_page: Number(url.searchParams.get('items_per_page') ?? 35),
        start_index: 0,
        total_results: company.officers.active_count + company.officers.resigned_count,
        active_count: company.officers.active_count,
        resigned_count: company.officers.resigned_count,
        inactive_count: 0,
        links: { self: `/company/${company.company_number}/officers` },
        items: [],
      });
      return;
    }
    if (profile && company) {
      const { officers: _officers, ...rest } = company;
      send(
        200,
        {
          ...rest,
          jurisdiction: 'england-wales',
          has_charges: false,
          can_file: true,
          etag: 'fixture',
          links: { self: `/company/${company.company_number}` },
        },
        window,
      );
      return;
    }
    send(404, { errors: [{ error: 'company-profile-not-found', type: 'ch:service' }] });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Every request as `METHOD path?query`, oldest first. */
    requests,
    /** The next `count` requests are answered 429, the window resetting a second later. */
    rateLimitNext(count: number) {
      rateLimited = count;
    },
    /** Answers only after `ms` from now on (0 again to recover). */
    delay(ms: number) {
      delayMs = ms;
    },
    /** Accepts another key from now on: the configured one is then refused with 401. */
    acceptKey(key: string) {
      acceptedKey = key;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
