import { z } from 'zod';
import { uiText } from '../../lib/ui-text.js';

/**
 * The Companies House public data API (https://api.company-information.service.gov.uk): company
 * search, company profile and officers list, with the API key as the HTTP Basic user name and
 * an empty password. Every request waits for room under the API's rate limit (600 requests per
 * 5 minutes per key) and for the end of a 429's pause, so a bulk enrichment is throttled rather
 * than refused.
 */

export type CompaniesHouseErrorKind =
  | 'not-configured'
  | 'unreachable'
  | 'timeout'
  | 'unauthorized'
  | 'rate-limited'
  | 'not-found'
  | 'bad-answer';

export class CompaniesHouseError extends Error {
  override name = 'CompaniesHouseError';
  constructor(
    readonly kind: CompaniesHouseErrorKind,
    message: string,
    /** For `rate-limited`: when the API's window resets, in seconds from now. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** What the tool says without a key (SPEC §2 Tools: "a clear message"). */
export const NO_API_KEY = uiText(
  'No Companies House API key is configured: set COMPANIES_HOUSE_API_KEY on the server.',
);

export type CompaniesHouseSettings = {
  apiKey: string | undefined;
  baseUrl: string;
  timeoutMs: number;
  /** Requests allowed per window (the API's documented 600 per 5 minutes). */
  rateLimit: number;
  rateWindowMs: number;
};

// The documented response shapes, read leniently: fields the register leaves out are absent.
const AddressSchema = z
  .object({
    care_of: z.string().optional(),
    po_box: z.string().optional(),
    premises: z.string().optional(),
    address_line_1: z.string().optional(),
    address_line_2: z.string().optional(),
    locality: z.string().optional(),
    region: z.string().optional(),
    postal_code: z.string().optional(),
    country: z.string().optional(),
  })
  .partial();
export type RegisterAddress = z.infer<typeof AddressSchema>;

const SearchSchema = z.object({
  total_results: z.number().int().optional(),
  items_per_page: z.number().int().optional(),
  start_index: z.number().int().optional(),
  items: z
    .array(
      z.object({
        company_number: z.string(),
        title: z.string(),
        company_status: z.string().optional(),
        company_type: z.string().optional(),
        date_of_creation: z.string().optional(),
        address_snippet: z.string().optional(),
        address: AddressSchema.optional(),
      }),
    )
    .default([]),
});
export type CompanySearchPage = z.infer<typeof SearchSchema>;
export type CompanySearchHit = CompanySearchPage['items'][number];

const ProfileSchema = z.object({
  company_number: z.string(),
  company_name: z.string(),
  company_status: z.string().optional(),
  type: z.string().optional(),
  date_of_creation: z.string().optional(),
  date_of_cessation: z.string().optional(),
  registered_office_address: AddressSchema.optional(),
  sic_codes: z.array(z.string()).optional(),
});
export type CompanyProfile = z.infer<typeof ProfileSchema>;

const OfficersSchema = z.object({
  active_count: z.number().int().optional(),
  resigned_count: z.number().int().optional(),
  total_results: z.number().int().optional(),
});
export type OfficerCounts = z.infer<typeof OfficersSchema>;

/** At most `limit` requests in any `windowMs`, and none before a 429's reset has passed. */
function createThrottle(limit: number, windowMs: number) {
  const sent: number[] = [];
  let pausedUntil = 0;
  const sleep = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(signal.reason as Error);
        },
        { once: true },
      );
    });
  return {
    async take(signal?: AbortSignal): Promise<void> {
      for (;;) {
        signal?.throwIfAborted();
        const now = Date.now();
        while (sent.length > 0 && sent[0]! <= now - windowMs) sent.shift();
        const wait = Math.max(
          pausedUntil - now,
          sent.length >= limit ? sent[0]! + windowMs - now : 0,
        );
        if (wait <= 0) {
          sent.push(now);
          return;
        }
        await sleep(wait, signal);
      }
    },
    pause(seconds: number) {
      pausedUntil = Math.max(pausedUntil, Date.now() + seconds * 1000);
    },
  };
}

/** Seconds until the API's window resets: X-Ratelimit-Reset (epoch seconds) or Retry-After. */
function retryAfterOf(headers: Headers): number {
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (Number.isFinite(reset) && reset > 0) {
    return Math.max(1, Math.ceil(reset - Date.now() / 1000));
  }
  const after = Number(headers.get('retry-after'));
  return Number.isFinite(after) && after > 0 ? Math.ceil(after) : 60;
}

export function createCompaniesHouseClient(settings: CompaniesHouseSettings) {
  const throttle = createThrottle(settings.rateLimit, settings.rateWindowMs);
  const base = settings.baseUrl.replace(/\/+$/, '');
  const seconds = (settings.timeoutMs / 1000).toLocaleString('en-GB');

  async function get<T>(
    path: string,
    schema: z.ZodType<T>,
    signal?: AbortSignal,
    notFound: string = uiText('Companies House has no such record.'),
  ): Promise<T> {
    if (!settings.apiKey) {
      throw new CompaniesHouseError('not-configured', NO_API_KEY);
    }
    await throttle.take(signal);
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        headers: {
          authorization: `Basic ${Buffer.from(`${settings.apiKey}:`).toString('base64')}`,
          accept: 'application/json',
        },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      if (timeout.aborted) {
        throw new CompaniesHouseError(
          'timeout',
          `Companies House did not answer within ${seconds} s (${base}).`,
        );
      }
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new CompaniesHouseError(
        'unreachable',
        `Companies House cannot be reached at ${base}: ${cause?.code ?? cause?.message ?? (error as Error).message}.`,
      );
    }
    if (response.status === 401 || response.status === 403) {
      throw new CompaniesHouseError(
        'unauthorized',
        `Companies House refused the API key (HTTP ${response.status}): check COMPANIES_HOUSE_API_KEY.`,
      );
    }
    if (response.status === 429) {
      const retryAfter = retryAfterOf(response.headers);
      throttle.pause(retryAfter);
      throw new CompaniesHouseError(
        'rate-limited',
        `Companies House's rate limit is reached (600 requests per 5 minutes); try again in ${retryAfter} s.`,
        retryAfter,
      );
    }
    if (response.status === 404) throw new CompaniesHouseError('not-found', notFound);
    if (!response.ok) {
      throw new CompaniesHouseError(
        'bad-answer',
        `Companies House answered HTTP ${response.status} for ${path.split('?')[0]}.`,
      );
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new CompaniesHouseError('bad-answer', 'Companies House answered something not JSON.');
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new CompaniesHouseError(
        'bad-answer',
        `Companies House answered ${path.split('?')[0]} in an unexpected shape: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}.`,
      );
    }
    return parsed.data;
  }

  return {
    configured: Boolean(settings.apiKey),
    baseUrl: base,
    search(q: string, itemsPerPage: number, startIndex: number, signal?: AbortSignal) {
      const query = new URLSearchParams({
        q,
        items_per_page: String(itemsPerPage),
        start_index: String(startIndex),
      });
      return get(`/search/companies?${query}`, SearchSchema, signal);
    },
    profile(companyNumber: string, signal?: AbortSignal) {
      return get(
        `/company/${encodeURIComponent(companyNumber)}`,
        ProfileSchema,
        signal,
        uiText(`Companies House has no company numbered ${companyNumber}.`),
      );
    },
    /** The officers list's counts (of the whole company, whatever the page size). */
    async officerCounts(
      companyNumber: string,
      signal?: AbortSignal,
    ): Promise<OfficerCounts | null> {
      try {
        return await get(
          `/company/${encodeURIComponent(companyNumber)}/officers?items_per_page=1`,
          OfficersSchema,
          signal,
        );
      } catch (error) {
        // A company the register lists no officers for answers 404.
        if (error instanceof CompaniesHouseError && error.kind === 'not-found') return null;
        throw error;
      }
    },
  };
}
export type CompaniesHouseClient = ReturnType<typeof createCompaniesHouseClient>;
