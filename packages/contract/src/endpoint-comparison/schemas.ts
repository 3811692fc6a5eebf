import { z } from 'zod';

/**
 * Endpoint comparison (issue 21, SPEC §2 DevOps /devops/endpoint-comparison/…): what this
 * environment and another environment of the product answer for a job or for the users,
 * compared field by field. The other environment is called with a personal service token.
 */

/** The longest a service token may live (days). */
export const SERVICE_TOKEN_MAX_DAYS = 90;

/** A personal service token as listed: never the token itself, which is shown once. */
export const ServiceTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Active until it expires or is revoked. */
  status: z.enum(['Active', 'Expired', 'Revoked']),
});
export type ServiceToken = z.infer<typeof ServiceTokenSchema>;

export const ServiceTokenListSchema = z.object({ items: z.array(ServiceTokenSchema) });

export const CreateServiceTokenSchema = z.strictObject({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, { error: 'name is required' })
    .max(100, { error: 'name must be at most 100 characters' }),
  expiresInDays: z
    .number({
      error: `expiresInDays must be a whole number of days from 1 to ${SERVICE_TOKEN_MAX_DAYS}`,
    })
    .int({
      error: `expiresInDays must be a whole number of days from 1 to ${SERVICE_TOKEN_MAX_DAYS}`,
    })
    .min(1, {
      error: `expiresInDays must be a whole number of days from 1 to ${SERVICE_TOKEN_MAX_DAYS}`,
    })
    .max(SERVICE_TOKEN_MAX_DAYS, {
      error: `expiresInDays must be at most ${SERVICE_TOKEN_MAX_DAYS} days`,
    }),
});
export type CreateServiceToken = z.infer<typeof CreateServiceTokenSchema>;

/** The answer to creating a token: the only time `token` is ever sent. */
export const CreatedServiceTokenSchema = ServiceTokenSchema.extend({ token: z.string() });
export type CreatedServiceToken = z.infer<typeof CreatedServiceTokenSchema>;

export const ServiceTokenIdParamsSchema = z.strictObject({
  tokenId: z.uuid({ error: 'tokenId must be the id of a service token' }),
});

/** Where the other environment is; its token stays on the server ("set" / "not set"). */
export const ComparisonSettingsSchema = z.object({
  baseUrl: z.string().nullable(),
  tokenSet: z.boolean(),
  /** What the person who saved the token called it (e.g. whose token on which environment). */
  tokenLabel: z.string().nullable(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** The origins this server may call (COMPARISON_ALLOWED_ORIGINS); null: any http(s) address. */
  allowedOrigins: z.array(z.string()).nullable(),
});
export type ComparisonSettings = z.infer<typeof ComparisonSettingsSchema>;

export const UpdateComparisonSettingsSchema = z.strictObject({
  baseUrl: z
    .string({ error: 'baseUrl is required' })
    .trim()
    .max(500, { error: 'baseUrl must be at most 500 characters' })
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return (
            (url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash
          );
        } catch {
          return false;
        }
      },
      { error: 'baseUrl must be an http(s) address such as https://staging.example.com' },
    ),
  /** A new token; left out, the stored one is kept. */
  token: z
    .string()
    .trim()
    .min(20, { error: 'token must be a service token of the other environment' })
    .max(200, { error: 'token must be a service token of the other environment' })
    .optional(),
  tokenLabel: z
    .string()
    .trim()
    .max(100, { error: 'tokenLabel must be at most 100 characters' })
    .nullable()
    .optional(),
});
export type UpdateComparisonSettings = z.infer<typeof UpdateComparisonSettingsSchema>;

export const COMPARISON_DIFFERENCE_KINDS = ['changed', 'onlyHere', 'onlyThere'] as const;
export const ComparisonDifferenceKindSchema = z.enum(COMPARISON_DIFFERENCE_KINDS);
export type ComparisonDifferenceKind = z.infer<typeof ComparisonDifferenceKindSchema>;

/** One field that differs. Values are JSON text (null when the field is absent on that side). */
export const ComparisonDifferenceSchema = z.object({
  section: z.string(),
  path: z.string(),
  thisValue: z.string().nullable(),
  otherValue: z.string().nullable(),
  kind: ComparisonDifferenceKindSchema,
});
export type ComparisonDifference = z.infer<typeof ComparisonDifferenceSchema>;

/** One compared endpoint (or group of calls) and how many of its fields differ. */
export const ComparisonSectionSchema = z.object({
  section: z.string(),
  /** The endpoints read on both sides. */
  endpoints: z.array(z.string()),
  differences: z.number().int(),
  /** What was compared and any bound applied ("1,000 of 1,200 suppliers"). */
  note: z.string(),
});
export type ComparisonSection = z.infer<typeof ComparisonSectionSchema>;

export const ComparisonResultSchema = z.object({
  otherBaseUrl: z.string(),
  comparedAt: z.string(),
  sections: z.array(ComparisonSectionSchema),
  differences: z.array(ComparisonDifferenceSchema),
  /** Fields left out because they always differ between environments (ids, timestamps, versions). */
  ignoredFields: z.array(z.string()),
});
export type ComparisonResult = z.infer<typeof ComparisonResultSchema>;

export const JobComparisonSchema = ComparisonResultSchema.extend({
  jobId: z.uuid(),
  remoteJobId: z.uuid(),
});
export type JobComparison = z.infer<typeof JobComparisonSchema>;

export const JobComparisonParamsSchema = z.strictObject({
  jobId: z.uuid({ error: 'jobId must be the id of a job' }),
});
export const JobComparisonQuerySchema = z.strictObject({
  /** The job's id in the other environment; the same id when left out. */
  remoteJobId: z.uuid({ error: 'remoteJobId must be the id of a job' }).optional(),
});
