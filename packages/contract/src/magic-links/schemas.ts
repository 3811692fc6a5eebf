import { z } from 'zod';
import { PublicBrandingSchema } from '../brandings/schemas.js';
import { JobFileRoleSchema } from '../jobs/schemas.js';
import { JobTypeSchema } from '../analysis/enums.js';

/**
 * Magic links (SPEC §2 Analysis admin "magic links", SPEC §3 issuer `sendMagicLinks` and input
 * data options SendUploadLink and MergeMagicLink): a link that lets a person without an account do
 * one thing: Upload, the AP file of a Draft job; Accounting, connect the buyer's accounting system;
 * Results, read a published job's results as a MagicLinkUser (SPEC §3 job connections).
 */
export const MAGIC_LINK_KINDS = ['Upload', 'Accounting', 'Results'] as const;
export const MagicLinkKindSchema = z.enum(MAGIC_LINK_KINDS);
export type MagicLinkKind = z.infer<typeof MagicLinkKindSchema>;

export const MAGIC_LINK_STATUSES = ['Active', 'Used', 'Expired', 'Revoked'] as const;
export const MagicLinkStatusSchema = z.enum(MAGIC_LINK_STATUSES);
export type MagicLinkStatus = z.infer<typeof MagicLinkStatusSchema>;

/** How long a link lives: 7 days unless the creator says otherwise, never more than 30. */
export const MAGIC_LINK_DEFAULT_DAYS = 7;
export const MAGIC_LINK_MAX_DAYS = 30;

/** One link as the admin screen lists it: never its token (only its hash is stored). */
export const MagicLinkSchema = z.object({
  id: z.uuid(),
  kind: MagicLinkKindSchema,
  jobId: z.uuid().nullable(),
  jobName: z.string().nullable(),
  issuerId: z.uuid(),
  issuerName: z.string(),
  recipientEmail: z.string().nullable(),
  createdByUsername: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: MagicLinkStatusSchema,
});
export type MagicLink = z.infer<typeof MagicLinkSchema>;

export const ListMagicLinksQuerySchema = z.strictObject({
  status: MagicLinkStatusSchema.optional(),
});
/** The newest links first, at most this many. */
export const MAGIC_LINK_LIST_LIMIT = 500;
export const MagicLinkListSchema = z.array(MagicLinkSchema);

export const CreateMagicLinkSchema = z.strictObject({
  kind: MagicLinkKindSchema,
  jobId: z.uuid(),
  expiresInDays: z.number().int().min(1).max(MAGIC_LINK_MAX_DAYS).default(MAGIC_LINK_DEFAULT_DAYS),
  recipientEmail: z.email().max(320).optional(),
});
export type CreateMagicLink = z.input<typeof CreateMagicLinkSchema>;

export const CreatedMagicLinkSchema = z.object({
  magicLink: MagicLinkSchema,
  /** The public address with the token: shown this once, never again. */
  url: z.url(),
  /** Whether it was e-mailed to the recipient (the issuer sends magic links and one was given). */
  emailed: z.boolean(),
});
export type CreatedMagicLink = z.infer<typeof CreatedMagicLinkSchema>;

export const MagicLinkIdParamsSchema = z.strictObject({ linkId: z.uuid() });

/** The jobs a link of this kind can be made for (Upload when left out). */
export const UploadLinkJobsQuerySchema = z.strictObject({
  kind: MagicLinkKindSchema.optional(),
});

/**
 * A job a link can be made for: a Draft job whose issuer takes SendUploadLink (or MergeMagicLink),
 * or, for a Results link, a published job.
 */
export const UploadLinkJobSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  issuerName: z.string(),
});
export const UploadLinkJobsSchema = z.array(UploadLinkJobSchema);

/* ------------------------------- the public page ------------------------------- */

/** Any token shape is looked up (a cut-off address gets the same 410 as an unknown one). */
export const MagicLinkTokenParamsSchema = z.strictObject({
  token: z.string().min(1).max(200),
});

export const UploadLinkPageSchema = z.object({
  issuerName: z.string(),
  branding: PublicBrandingSchema.nullable(),
  jobName: z.string(),
  jobType: JobTypeSchema,
  /** The files the job takes; the person picks one when there are several. */
  roles: z.array(JobFileRoleSchema),
  /** File extensions the upload accepts. */
  acceptedFormats: z.array(z.string()),
  maxUploadBytes: z.number().int().positive(),
  expiresAt: z.string(),
});
export type UploadLinkPage = z.infer<typeof UploadLinkPageSchema>;

export const UploadThroughLinkQuerySchema = z.strictObject({
  role: JobFileRoleSchema.optional(),
});

export const UploadThroughLinkResultSchema = z.object({
  fileName: z.string(),
  message: z.string(),
});

/**
 * A results link opened (SPEC §3 MagicLinkUser): the person is signed in, for this job only and
 * until the link expires, and reads the job's results through the endpoints listed in
 * RESULTS_LINK_ENDPOINTS.
 */
export const ResultsLinkSessionSchema = z.object({
  jobId: z.uuid(),
  jobName: z.string(),
  issuerName: z.string(),
  branding: PublicBrandingSchema.nullable(),
  /** The session ends then, with the link. */
  expiresAt: z.string(),
});
export type ResultsLinkSession = z.infer<typeof ResultsLinkSessionSchema>;
