import { z } from 'zod';
import { SupplierResultSchema } from '../jobs/schemas.js';

/**
 * The datapoints a data download can carry: the supplier result fields (the override record is
 * a nested audit object, not a column of a download).
 */
export const DATAPOINT_NAMES = SupplierResultSchema.keyof().options.filter(
  (name): name is Exclude<typeof name, 'override'> => name !== 'override',
);
export const DatapointNameSchema = z.enum(DATAPOINT_NAMES);
export type DatapointName = z.infer<typeof DatapointNameSchema>;

/** A datapoint profile: a named selection of supplier datapoints a data download includes. */
export const DatapointProfileSchema = z.object({
  id: z.uuid(),
  profileKey: z.string(),
  name: z.string(),
  description: z.string(),
  datapoints: z.array(DatapointNameSchema),
});
export type DatapointProfile = z.infer<typeof DatapointProfileSchema>;

/** The issuer fields that name a datapoint profile (SPEC.md section 3, issuer detail). */
export const ISSUER_DATAPOINT_PROFILE_FIELDS = [
  'analysisDataDownloadDatapointProfileId',
  'matchedDataOnlyDownloadDatapointProfileId',
  'onboardingDataDownloadDatapointProfileId',
] as const;
export type IssuerDatapointProfileField = (typeof ISSUER_DATAPOINT_PROFILE_FIELDS)[number];

/**
 * A profile as the analysis admin saves it. Datapoints are checked by the server, so an unknown
 * one is refused with a 400 naming it (`body.datapoints[i]`) rather than a generic enum error.
 */
export const DatapointProfileSaveSchema = z.strictObject({
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().max(500).default(''),
  datapoints: z.array(z.string().max(100)).min(1).max(200),
});
export type DatapointProfileSave = z.infer<typeof DatapointProfileSaveSchema>;

/** The 400 message for a datapoint no supplier result has. */
export function unknownDatapointMessage(name: string): string {
  return `Unknown datapoint "${name}": a profile may name only supplier result fields (${DATAPOINT_NAMES.length} known, e.g. supplierName, annualSpend, matchStatus).`;
}
