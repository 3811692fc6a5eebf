/**
 * The match review queue (SPEC §3 supplier matching, match decisions): the suppliers whose best
 * candidate is uncertain, and many decisions on them at once. A decision is the same stored
 * override as the one-supplier call's (`MatchDecisionSchema`), kept across re-runs.
 */
import { z } from 'zod';
import { SupplierResultSchema } from './schemas.js';

/**
 * `review=candidates`: the suppliers nobody has decided on yet whose best candidate is Low or
 * Medium (the uncertain band), by default the strongest match weight (then match score) first.
 */
export const SUPPLIER_REVIEW_FILTERS = ['candidates'] as const;
export const SupplierListQuerySchema = z.strictObject({
  review: z.enum(SUPPLIER_REVIEW_FILTERS).optional(),
});
export type SupplierListQuery = z.infer<typeof SupplierListQuerySchema>;

/** At most this many decisions in one call: one page of the largest grid page. */
export const MAX_MATCH_DECISIONS = 500;

const supplierKey = z.string().min(1).max(100);

/**
 * One decision of a batch. `merchant` carries the candidate's id the reviewer was shown, so a
 * batch never confirms a candidate the reviewer did not see (the best candidate may change when
 * the job is matched again).
 */
export const SupplierMatchDecisionItemSchema = z.discriminatedUnion('decision', [
  z.strictObject({
    supplierKey,
    decision: z.literal('merchant'),
    merchantId: z.string().min(1).max(100),
  }),
  z.strictObject({ supplierKey, decision: z.literal('rejected') }),
]);
export type SupplierMatchDecisionItem = z.infer<typeof SupplierMatchDecisionItemSchema>;

export const SupplierMatchDecisionsSchema = z.strictObject({
  decisions: z.array(SupplierMatchDecisionItemSchema).min(1).max(MAX_MATCH_DECISIONS),
});

/** The batch's suppliers as they now stand (the job is matched again from Match). */
export const SupplierMatchDecisionsResultSchema = z.object({
  decided: z.number().int(),
  suppliers: z.array(SupplierResultSchema),
});
