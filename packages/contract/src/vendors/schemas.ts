import { z } from 'zod';
import { LevelSchema, MatchStatusSchema } from '../analysis/enums.js';

/** A merchant of the card-acceptance reference data (the newest reference version). */
export const VendorSchema = z.object({
  merchantId: z.string(),
  merchantName: z.string(),
  dbaName: z.string().nullable(),
  addressLine1: z.string().nullable(),
  city: z.string().nullable(),
  postcode: z.string().nullable(),
  country: z.string(),
  mcc: z.string().nullable(),
  acceptsCard: z.boolean().nullable(),
  acceptsVirtualCard: z.boolean().nullable(),
  stpEnrolled: z.boolean().nullable(),
  dataLevel: z.number().int().nullable(),
  lastTransactionDate: z.string().nullable(),
  network: z.string().nullable(),
});
export type Vendor = z.infer<typeof VendorSchema>;

/**
 * A search hit: the merchant, when searched by name how close its name is (0–1), and how many
 * records of the card data its merchant entity holds (1 when the business is listed once), so a
 * list of hits says which are the same business listed again.
 */
export const VendorSearchHitSchema = VendorSchema.extend({
  nameSimilarity: z.number().nullable(),
  entityId: z.string(),
  entityRecordCount: z.number().int(),
});
export type VendorSearchHit = z.infer<typeof VendorSearchHitSchema>;

/**
 * Properties the vendor search filters on, and the operators each takes. `name` is typo
 * tolerant (normalised as the matcher does, then contained or close by Jaro-Winkler).
 */
export const VENDOR_SEARCH_FILTERS = {
  name: ['Contains', 'Equal'],
  country: ['Equal', 'NotEqual'],
  postcode: ['Equal', 'StartsWith'],
  mcc: ['Equal', 'NotEqual', 'StartsWith'],
  acceptsCard: ['Equal'],
  acceptsVirtualCard: ['Equal'],
  stpEnrolled: ['Equal'],
  dataLevel: ['Equal', 'GreaterThanOrEqual', 'LessThanOrEqual'],
} as const;
/** Properties the vendor search sorts on; by default name similarity, then name. */
export const VENDOR_SEARCH_SORTS = ['merchantName', 'country', 'postcode', 'mcc', 'nameSimilarity'];

/** One supplier of a job the user may see that matched the merchant. */
export const VendorMatchedSupplierSchema = z.object({
  jobId: z.uuid(),
  jobName: z.string(),
  supplierKey: z.string(),
  supplierName: z.string(),
  matchStatus: MatchStatusSchema,
  confidence: LevelSchema,
  matchSource: z.enum(['computed', 'override', 'rejected']),
});

export type VendorMatchedSupplier = z.infer<typeof VendorMatchedSupplierSchema>;

/**
 * Properties the matched-supplier list filters and sorts on (a paged list request); by default
 * by job name, then supplier name.
 * @public Named in its endpoint's description, the API's documented vocabulary (SPEC §7).
 */
export const VENDOR_MATCHED_SUPPLIER_PROPERTIES = [
  'jobName',
  'supplierName',
  'matchStatus',
  'confidence',
  'matchSource',
] as const;

/**
 * The merchant entity a record belongs to: the business card data lists several times (once per
 * feed, in other letter case, as a descriptor cut short), with its records.
 */
export const VendorEntitySchema = z.object({
  entityId: z.string(),
  recordCount: z.number().int(),
  /** Its records (the merchant's own among them), by name; at most 50. */
  records: z.array(VendorSchema),
});

export const VendorDetailSchema = z.object({
  vendor: VendorSchema,
  entity: VendorEntitySchema,
  /** The reference data version searched. */
  referenceVersionId: z.string(),
});
export type VendorDetail = z.infer<typeof VendorDetailSchema>;

export const VendorParamsSchema = z.strictObject({ vendorId: z.string().min(1).max(100) });
