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
