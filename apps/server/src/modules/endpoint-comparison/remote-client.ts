import { ERROR_CODES, endpointPath, type Endpoint } from '@b2b/contract';
import { AppError } from '../../lib/app-error.js';

/** What one endpoint answered: its JSON, or the 4xx it gave (compared like data). */
export type Answer = { ok: true; data: unknown } | { ok: false; status: number; message: string };

/** How long the other environment has to answer one call. */
const REMOTE_TIMEOUT_MS = 20_000;

/** 502: the comparison cannot be trusted when the other environment fails to answer. */
function unavailable(message: string): AppError {
  return new AppError(502, message, ERROR_CODES.otherEnvironmentUnavailable);
}

function messageOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON: the text itself, shortened
  }
  return body.slice(0, 200);
}

/**
 * Calls the public API of another environment of the product with a service token (issue 21):
 * read-only calls, no CSRF header needed. A 404, 409 or 400 is an answer to compare (a job the
 * other side lacks, insights not computed there); a refused token (401, 403), a 5xx, a time-out
 * or no connection is a 502 that names the remote address and what happened.
 */
export function createRemoteClient(baseUrl: string, token: string) {
  const root = baseUrl.replace(/\/+$/, '');

  return async function call(
    endpoint: Endpoint,
    input: {
      params?: Record<string, string>;
      query?: Record<string, string>;
      body?: unknown;
    } = {},
  ): Promise<Answer> {
    const url = new URL(`${root}${endpointPath(endpoint.path, input.params)}`);
    for (const [name, value] of Object.entries(input.query ?? {}))
      url.searchParams.set(name, value);
    let response: Response;
    try {
      response = await fetch(url, {
        method: endpoint.method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(input.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: input.body === undefined ? undefined : JSON.stringify(input.body),
        signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer within ${REMOTE_TIMEOUT_MS / 1000} s`
          : ((error as { cause?: { code?: string; message?: string } }).cause?.code ??
            (error as Error).message);
      throw unavailable(
        `The other environment at ${url.origin} did not answer ${endpoint.method} ${url.pathname}: ${reason}.`,
      );
    }
    const body = await response.text();
    const failed = (what: string) =>
      unavailable(
        `The other environment at ${url.origin} answered ${endpoint.method} ${url.pathname} with ${response.status}: ${what}`,
      );
    if (response.status === 401 || response.status === 403 || response.status >= 500)
      throw failed(messageOf(body));
    if (!response.ok) return { ok: false, status: response.status, message: messageOf(body) };
    try {
      return { ok: true, data: JSON.parse(body) as unknown };
    } catch {
      throw failed('not JSON. Is the base URL the address of the product?');
    }
  };
}
export type RemoteCall = ReturnType<typeof createRemoteClient>;
