import { z } from 'zod';
import { PagedListRequestSchema, pagedResponseSchema } from '../common/paged-list.js';
import {
  InsightChartSchema,
  JobSummarySchema,
  insightSliceFields,
  isSlicerValue,
  slicerValueIssue,
} from './schemas.js';

/**
 * Global insights (SPEC §2 /global-insights): the job insights summed across every Completed job with
 * insights that the user may see, narrowed by issuer, buyer and job. The chart and slicer shapes
 * are the per-job ones, so the screens draw both with the same components.
 */

/** At most this many ids per filter: they travel in the query string, which has a size limit. */
export const GLOBAL_FILTER_MAX_IDS = 100;

const idListMessage = `must be a comma-separated list of at most ${GLOBAL_FILTER_MAX_IDS} ids (UUIDs)`;

/**
 * An id filter in a query string: `ids=a,b` or `ids=a&ids=b` (the web client sends arrays as
 * comma-separated text). Empty or absent = no narrowing.
 */
const queryIdList = z
  .union([z.string().max(40 * GLOBAL_FILTER_MAX_IDS), z.array(z.string().max(40))])
  .optional()
  .transform((value) =>
    (value === undefined ? [] : [value].flat().flatMap((v) => v.split(',')))
      .map((v) => v.trim())
      .filter((v) => v !== ''),
  )
  .pipe(z.array(z.uuid(idListMessage)).max(GLOBAL_FILTER_MAX_IDS, idListMessage));

const bodyIdList = z
  .array(z.uuid(idListMessage))
  .max(GLOBAL_FILTER_MAX_IDS, idListMessage)
  .default([]);

/** A job currency, checked as the jobs module checks it when a job is created: 3 letters. */
const currencyCode = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter currency code')
  .transform((c) => c.toUpperCase());

/**
 * The job filters of every global insights call; all given ones apply (AND). Figures are only
 * ever added up within one currency (there are no exchange rates): `currency` picks it; without
 * it, the currency with the most jobs in the filter (ties: the larger spend, then A–Z).
 */
export const GlobalInsightsFilterSchema = z.strictObject({
  issuerIds: queryIdList,
  buyerIds: queryIdList,
  jobIds: queryIdList,
  currency: currencyCode.optional(),
});
export type GlobalInsightsFilter = z.output<typeof GlobalInsightsFilterSchema>;
/** The filter as the web app holds it (arrays of ids). */
export type GlobalInsightsFilterInput = {
  issuerIds?: string[];
  buyerIds?: string[];
  jobIds?: string[];
  currency?: string;
};

export const GlobalSliceQuerySchema = z
  .strictObject({ ...GlobalInsightsFilterSchema.shape, ...insightSliceFields })
  .refine(isSlicerValue, slicerValueIssue);
export type GlobalSliceQuery = z.output<typeof GlobalSliceQuerySchema>;

export const GlobalChartQuerySchema = z
  .strictObject({
    ...GlobalInsightsFilterSchema.shape,
    ...insightSliceFields,
    chart: InsightChartSchema,
  })
  .refine(isSlicerValue, slicerValueIssue);
export type GlobalChartQuery = z.output<typeof GlobalChartQuerySchema>;

/**
 * The summary across the selected jobs in one currency: the job summary's figures, summed.
 * Jobs in other currencies are left out, never added (there are no exchange rates).
 */
export const GlobalSummarySchema = JobSummarySchema.omit({
  jobId: true,
  currency: true,
  computedAt: true,
}).extend({
  /** The currency of every amount here; null when the filter holds no job and none was asked. */
  currency: z.string().nullable(),
  /**
   * Every currency of the filtered jobs (whichever is chosen) with its job count, most jobs
   * first, then A–Z: what the page offers to choose from.
   */
  currencies: z.array(z.object({ currency: z.string(), jobs: z.number().int() })),
  /** When the newest of the jobs' insights was computed; null without any job. */
  computedAt: z.string().nullable(),
});
export type GlobalSummary = z.infer<typeof GlobalSummarySchema>;

/** What the filter bar offers: only what holds at least one visible job with insights. */
export const GlobalFilterOptionsSchema = z.object({
  issuers: z.array(z.object({ id: z.uuid(), name: z.string(), jobCount: z.number().int() })),
  buyers: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      issuerId: z.uuid(),
      issuerName: z.string(),
      jobCount: z.number().int(),
    }),
  ),
  jobs: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      issuerId: z.uuid(),
      buyerId: z.uuid(),
      buyerName: z.string(),
      currency: z.string(),
      computedAt: z.string(),
    }),
  ),
});
export type GlobalFilterOptions = z.infer<typeof GlobalFilterOptionsSchema>;

/** Organizations: a paged list of buyers (plain filters) narrowed by the job filters. */
export const GlobalOrganizationsRequestSchema = PagedListRequestSchema.extend({
  issuerIds: bodyIdList,
  buyerIds: bodyIdList,
  jobIds: bodyIdList,
  currency: currencyCode.optional(),
});
export type GlobalOrganizationsRequest = z.output<typeof GlobalOrganizationsRequestSchema>;

/**
 * One buyer's totals over its selected jobs in the chosen currency (each job's "Overall / All
 * suppliers" figures); the buyer's jobs in other currencies are not counted.
 */
export const GlobalOrganizationSchema = z.object({
  buyerId: z.uuid(),
  buyerName: z.string(),
  issuerId: z.uuid(),
  issuerName: z.string(),
  jobCount: z.number().int(),
  suppliers: z.number().int(),
  spend: z.number(),
  pos: z.number().int(),
  invoices: z.number().int(),
  payments: z.number().int(),
  /** Suppliers matched to card-accepting merchants, and their share of the buyer's suppliers (0–100). */
  cardAcceptingSuppliers: z.number().int(),
  cardAcceptingPercent: z.number(),
  /** The currency of `spend`: the one chosen for the call. */
  currency: z.string(),
});
export type GlobalOrganization = z.infer<typeof GlobalOrganizationSchema>;

export const GlobalOrganizationsPageSchema = pagedResponseSchema(GlobalOrganizationSchema);

/**
 * The organizations list's properties, for orderBy and filters.
 * @public Named in its endpoint's description, the API's documented vocabulary (SPEC §7).
 */
export const GLOBAL_ORGANIZATION_PROPERTIES = [
  'buyerName',
  'issuerName',
  'buyerId',
  'issuerId',
  'jobCount',
  'suppliers',
  'spend',
  'pos',
  'invoices',
  'payments',
  'cardAcceptingSuppliers',
  'cardAcceptingPercent',
] as const;
