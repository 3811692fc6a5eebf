import { z } from 'zod';

/**
 * The unified accounting API (Merge: https://docs.merge.dev), as documented: `Authorization:
 * Bearer <api key>` on every call, `X-Account-Token` on a linked account's data; lists answer
 * `{ next, previous, results }` and are followed page by page with `cursor=<next>`.
 * Any answer that is not 2xx, or not of the documented shape, becomes a MergeApiError whose
 * message says which call failed and what the API said.
 */
export class MergeApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    /** A 429's Retry-After as a time: nothing should ask the API again before it. */
    readonly retryAt: Date | null = null,
  ) {
    super(message);
    this.name = 'MergeApiError';
  }
}

/**
 * A Retry-After header as milliseconds from `now`: delay-seconds or an HTTP date (RFC 9110
 * §10.2.3); null when absent or unreadable, 0 for a date already past.
 */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The first wait when a 429 names none; doubled for each retry after it. */
const RATE_LIMIT_BASE_DELAY_MS = 500;
const INTERACTIVE_MAX_WAIT_MS = 5_000;
/** A time for people: ISO 8601 to the second, UTC. */
const isoSecond = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const PageSchema = z.object({
  next: z.string().nullable(),
  previous: z.string().nullable().optional(),
  results: z.array(z.unknown()),
});

const LinkTokenSchema = z.object({
  link_token: z.string().min(1),
  magic_link_url: z.string().nullable().optional(),
});

const AccountTokenSchema = z.object({
  account_token: z.string().min(1),
  integration: z.object({ name: z.string(), slug: z.string().optional() }).passthrough(),
});

const AddressSchema = z
  .object({
    type: z.string().nullable().optional(),
    street_1: z.string().nullable().optional(),
    city: z.string().nullable().optional(),
    state: z.unknown().optional(),
    country: z.string().nullable().optional(),
    zip_code: z.string().nullable().optional(),
  })
  .passthrough();

/** Contact (`/accounting/v1/contacts?is_supplier=true`): a vendor. */
export const MergeContactSchema = z
  .object({
    id: z.string(),
    remote_id: z.string().nullable().optional(),
    name: z.string().nullable().optional(),
    is_supplier: z.boolean().nullable().optional(),
    email_address: z.string().nullable().optional(),
    tax_number: z.string().nullable().optional(),
    currency: z.string().nullable().optional(),
    addresses: z.array(AddressSchema).nullable().optional(),
  })
  .passthrough();
export type MergeContact = z.infer<typeof MergeContactSchema>;

/** Invoice (`/accounting/v1/invoices`); ACCOUNTS_PAYABLE is a bill from a vendor. */
export const MergeInvoiceSchema = z
  .object({
    id: z.string(),
    type: z.string().nullable().optional(),
    contact: z.string().nullable().optional(),
    number: z.string().nullable().optional(),
    issue_date: z.string().nullable().optional(),
    due_date: z.string().nullable().optional(),
    paid_on_date: z.string().nullable().optional(),
    currency: z.string().nullable().optional(),
    total_amount: z.number().nullable().optional(),
  })
  .passthrough();
export type MergeInvoice = z.infer<typeof MergeInvoiceSchema>;

/** Payment (`/accounting/v1/payments`). */
export const MergePaymentSchema = z
  .object({
    id: z.string(),
    type: z.string().nullable().optional(),
    contact: z.string().nullable().optional(),
    transaction_date: z.string().nullable().optional(),
    currency: z.string().nullable().optional(),
    total_amount: z.number().nullable().optional(),
  })
  .passthrough();
export type MergePayment = z.infer<typeof MergePaymentSchema>;

/** What a failed answer says: Merge's `detail`, or `errors[].detail`/`title`, else the text. */
function apiMessage(text: string): string {
  try {
    const body = JSON.parse(text) as {
      detail?: unknown;
      errors?: { detail?: unknown; title?: unknown }[];
    };
    if (typeof body.detail === 'string') return body.detail;
    const first = body.errors?.[0];
    if (first) return String(first.detail ?? first.title);
  } catch {
    // Not JSON: the text itself.
  }
  return text.trim().slice(0, 300) || '(no message)';
}

/** Longest list the sync follows: a loop of `next` cursors ends instead of running forever. */
const MAX_PAGES = 10_000;

export function createMergeClient(config: {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  rateLimitRetries: number;
  maxRetryWaitMs: number;
}) {
  /**
   * One call, tried again on 429 (rate limited): after the answer's Retry-After, or a doubling
   * back-off when it names none (whichever is longer), at most `rateLimitRetries` times; a wait
   * longer than `maxRetryWaitMs` is not waited for. Then it fails saying when to retry. A call a
   * person waits on (`interactive`: connecting, unlinking) retries once and waits 5 s at most.
   */
  async function call(
    what: string,
    method: 'GET' | 'POST',
    path: string,
    options: {
      accountToken?: string;
      body?: unknown;
      query?: Record<string, string>;
      interactive?: boolean;
    } = {},
  ): Promise<unknown> {
    const retries = options.interactive
      ? Math.min(config.rateLimitRetries, 1)
      : config.rateLimitRetries;
    const maxWait = options.interactive
      ? Math.min(config.maxRetryWaitMs, INTERACTIVE_MAX_WAIT_MS)
      : config.maxRetryWaitMs;
    for (let attempt = 0; ; attempt++) {
      const answer = await callOnce(what, method, path, options);
      if (answer.kind === 'body') return answer.body;
      // One reading of the clock: a Retry-After date comes back as that date to the
      // millisecond, not a tick later.
      const now = Date.now();
      const named = retryAfterMs(answer.retryAfter, now);
      const wait = Math.max(named ?? 0, RATE_LIMIT_BASE_DELAY_MS * 2 ** attempt);
      if (attempt >= retries || wait > maxWait) {
        const retryAt = new Date(now + (named ?? wait));
        const tries = attempt + 1;
        throw new MergeApiError(
          `${what}: rate limited by the accounting API; retry after ${isoSecond(retryAt)} (${tries} ${tries === 1 ? 'try' : 'tries'})`,
          429,
          retryAt,
        );
      }
      await sleep(wait);
    }
  }

  async function callOnce(
    what: string,
    method: 'GET' | 'POST',
    path: string,
    options: { accountToken?: string; body?: unknown; query?: Record<string, string> },
  ): Promise<
    { kind: 'body'; body: unknown } | { kind: 'rate-limited'; retryAfter: string | null }
  > {
    const url = new URL(`${config.baseUrl}${path}`);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${config.apiKey}`,
          accept: 'application/json',
          ...(options.accountToken ? { 'x-account-token': options.accountToken } : {}),
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      throw new MergeApiError(
        `${what}: the accounting API could not be reached (${(error as Error).message})`,
        null,
      );
    }
    const text = await response.text();
    if (response.status === 429)
      return { kind: 'rate-limited', retryAfter: response.headers.get('retry-after') };
    if (!response.ok)
      throw new MergeApiError(
        `${what}: the accounting API answered ${response.status}: ${apiMessage(text)}`,
        response.status,
      );
    if (text.trim() === '') return { kind: 'body', body: null };
    try {
      return { kind: 'body', body: JSON.parse(text) as unknown };
    } catch {
      throw new MergeApiError(`${what}: the accounting API answered with something not JSON`, null);
    }
  }

  function parsed<T>(what: string, schema: z.ZodType<T>, value: unknown): T {
    const result = schema.safeParse(value);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      throw new MergeApiError(
        `${what}: the accounting API answered an unexpected shape (${issue.path.join('.') || 'body'}: ${issue.message})`,
        null,
      );
    }
    return result.data;
  }

  /** Every page of a list, in order, each item checked against the documented shape. */
  async function all<T>(
    what: string,
    path: string,
    accountToken: string,
    query: Record<string, string>,
    itemSchema: z.ZodType<T>,
  ): Promise<T[]> {
    const items: T[] = [];
    let cursor: string | null = null;
    for (let page = 1; page <= MAX_PAGES; page++) {
      const label = `${what} (page ${page})`;
      const body: z.infer<typeof PageSchema> = parsed(
        label,
        PageSchema,
        await call(label, 'GET', path, {
          accountToken,
          query: { ...query, page_size: '100', ...(cursor ? { cursor } : {}) },
        }),
      );
      for (const item of body.results) items.push(parsed(label, itemSchema, item));
      if (!body.next) return items;
      // `next` is the next page's cursor (null on the last page).
      cursor = body.next;
    }
    throw new MergeApiError(`${what}: more than ${MAX_PAGES} pages`, null);
  }

  return {
    async createLinkToken(input: {
      endUserOriginId: string;
      organizationName: string;
      emailAddress: string;
    }) {
      const what = 'Creating a link token';
      const body = parsed(
        what,
        LinkTokenSchema,
        await call(what, 'POST', '/integrations/create-link-token', {
          interactive: true,
          body: {
            end_user_origin_id: input.endUserOriginId,
            end_user_organization_name: input.organizationName,
            end_user_email_address: input.emailAddress,
            categories: ['accounting'],
          },
        }),
      );
      return { linkToken: body.link_token };
    },

    async exchangePublicToken(publicToken: string) {
      const what = 'Exchanging the public token';
      const body = parsed(
        what,
        AccountTokenSchema,
        await call(what, 'GET', `/integrations/account-token/${encodeURIComponent(publicToken)}`, {
          interactive: true,
        }),
      );
      return { accountToken: body.account_token, integrationName: body.integration.name };
    },

    vendors: (accountToken: string) =>
      all(
        'Fetching vendors',
        '/accounting/v1/contacts',
        accountToken,
        { is_supplier: 'true' },
        MergeContactSchema,
      ),
    invoices: (accountToken: string) =>
      all(
        'Fetching invoices',
        '/accounting/v1/invoices',
        accountToken,
        { type: 'ACCOUNTS_PAYABLE' },
        MergeInvoiceSchema,
      ),
    payments: (accountToken: string) =>
      all('Fetching payments', '/accounting/v1/payments', accountToken, {}, MergePaymentSchema),

    /** Revokes the account token: the linked account is deleted on the API. */
    async deleteAccount(accountToken: string) {
      await call('Unlinking the account', 'POST', '/accounting/v1/delete-account', {
        accountToken,
        interactive: true,
      });
    },
  };
}
export type MergeClient = ReturnType<typeof createMergeClient>;
