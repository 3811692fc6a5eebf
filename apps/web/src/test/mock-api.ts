import { vi } from 'vitest';

/** What a mocked endpoint answers. */
export type MockReply = { status?: number; body?: unknown };
export type MockRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
};
export type MockRoute = MockReply | ((request: MockRequest) => MockReply | Promise<MockReply>);

function jsonResponse({ status = 200, body }: MockReply): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Replaces fetch with a table of `'METHOD /path'` answers. Unknown calls answer 404 with the
 * server's error body, so a test fails loudly rather than hanging.
 */
export function mockApi(routes: Record<string, MockRoute>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const request: MockRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    const route = routes[`${method} ${url.pathname}`];
    if (!route) {
      const message = `No mock for ${method} ${url.pathname}`;
      return jsonResponse({ status: 404, body: { success: false, message, statusCode: 404 } });
    }
    return jsonResponse(typeof route === 'function' ? await route(request) : route);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to one path, in order. */
export function callsTo(fetchMock: ReturnType<typeof mockApi>, method: string, path: string) {
  return fetchMock.mock.calls.filter(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return url.pathname === path && (init?.method ?? 'GET') === method;
  });
}
