import { z } from 'zod';

/**
 * The Companies House tool (issue 21, SPEC §2 Tools /tools/companies-house): UK companies found
 * through the Companies House public data API, and a job's UK suppliers enriched with their
 * company number, status and SIC codes (the industry charts use the codes where a supplier has
 * no industry or MCC of its own).
 */

/** Whether the server can ask Companies House at all (an API key is configured) and where. */
export const CompaniesHouseSettingsSchema = z.object({
  configured: z.boolean(),
  baseUrl: z.string(),
  /** Why the tool cannot ask Companies House; null when it can. */
  message: z.string().nullable(),
});
export type CompaniesHouseSettings = z.infer<typeof CompaniesHouseSettingsSchema>;

/** Results per page of a search (the API's `items_per_page`). */
export const COMPANY_SEARCH_PAGE_SIZE = 20;

export const CompanySearchQuerySchema = z.object({
  /** A company name, or a company number such as 00445790 or SC123456. */
  q: z.string().trim().min(1, 'enter a company name or number').max(160, 'at most 160 characters'),
  page: z.coerce.number().int().min(1).max(50).default(1),
});
export type CompanySearchQuery = z.input<typeof CompanySearchQuerySchema>;

export const CompanySearchItemSchema = z.object({
  companyNumber: z.string(),
  name: z.string(),
  /** As the register words it: Active, Dissolved, Liquidation… */
  status: z.string().nullable(),
  type: z.string().nullable(),
  incorporatedOn: z.string().nullable(),
  address: z.string().nullable(),
});
export type CompanySearchItem = z.infer<typeof CompanySearchItemSchema>;

export const CompanySearchResultSchema = z.object({
  query: z.string(),
  /** `number` when the query was a company number and was looked up directly. */
  searchedBy: z.enum(['name', 'number']),
  totalResults: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(CompanySearchItemSchema),
});
export type CompanySearchResult = z.infer<typeof CompanySearchResultSchema>;

export const CompanyNumberParamsSchema = z.object({
  companyNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,8}$/, 'a company number has at most 8 letters and digits'),
});

export const SicCodeSchema = z.object({
  code: z.string(),
  /** The UK SIC 2007 section the code's division belongs to, e.g. "J: Information and communication". */
  section: z.string().nullable(),
  /**
   * The code with its division's title, "62012 — Division 62: Computer programming, consultancy
   * and related activities"; the code alone when its division is unknown (`ukSicDescription`).
   */
  description: z.string(),
});
export type SicCode = z.infer<typeof SicCodeSchema>;

export const CompanySchema = z.object({
  companyNumber: z.string(),
  name: z.string(),
  status: z.string().nullable(),
  type: z.string().nullable(),
  incorporatedOn: z.string().nullable(),
  ceasedOn: z.string().nullable(),
  registeredOffice: z.object({
    lines: z.array(z.string()),
    postcode: z.string().nullable(),
  }),
  sicCodes: z.array(SicCodeSchema),
  /** Officers' counts from the officers list; null when the register lists none. */
  officers: z
    .object({ active: z.number().int(), resigned: z.number().int(), total: z.number().int() })
    .nullable(),
});
export type Company = z.infer<typeof CompanySchema>;

/* ------------------------------ enrichment ------------------------------ */

export const ENRICHMENT_STATES = ['NotStarted', 'Queued', 'Running', 'Completed', 'Error'] as const;
export const EnrichmentStateSchema = z.enum(ENRICHMENT_STATES);

/** How a supplier fared: one confident company, several candidates, or none. */
export const ENRICHMENT_OUTCOMES = ['matched', 'ambiguous', 'not-found'] as const;
export const EnrichmentOutcomeSchema = z.enum(ENRICHMENT_OUTCOMES);

export const StartEnrichmentRequestSchema = z.object({ jobId: z.uuid('jobId: not a job id') });
export type StartEnrichmentRequest = z.infer<typeof StartEnrichmentRequestSchema>;

export const EnrichmentJobParamsSchema = z.object({ jobId: z.uuid('jobId: not a job id') });

export const EnrichedSupplierSchema = z.object({
  supplierKey: z.string(),
  supplierName: z.string(),
  postcode: z.string().nullable(),
  outcome: EnrichmentOutcomeSchema,
  /** Why: exact normalised name, postcode agreement, or what made it ambiguous. */
  reason: z.string(),
  companyNumber: z.string().nullable(),
  companyName: z.string().nullable(),
  companyStatus: z.string().nullable(),
  sicCodes: z.array(z.string()),
});
export type EnrichedSupplier = z.infer<typeof EnrichedSupplierSchema>;

export const EnrichmentSchema = z.object({
  jobId: z.uuid(),
  jobName: z.string(),
  state: EnrichmentStateSchema,
  /** The job's suppliers in the United Kingdom (country GB/GBR/UK or a UK postcode). */
  ukSuppliers: z.number().int(),
  processed: z.number().int(),
  matched: z.number().int(),
  ambiguous: z.number().int(),
  notFound: z.number().int(),
  message: z.string().nullable(),
  requestedBy: z.string().nullable(),
  requestedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** The suppliers checked so far, matched first (at most 200). */
  suppliers: z.array(EnrichedSupplierSchema),
});
export type Enrichment = z.infer<typeof EnrichmentSchema>;
