import { z } from 'zod';
import { IssuerMembershipRoleSchema } from '../permissions.js';

export const SchemeSchema = z.enum(['Visa', 'Mastercard', 'Unknown']);
export const VirtualLockboxSchema = z.enum(['Boost', 'BoostEu', 'Its']);
export const IssuerInputDataOptionSchema = z.enum([
  'CsvFileUpload',
  'SendUploadLink',
  'MergeLink',
  'MergeMagicLink',
]);

/** Issuer (list), SPEC.md section 3. */
export const IssuerListItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  issuerKey: z.string(),
  jobsCount: z.number().int(),
  jobNames: z.array(z.string()),
  usersCount: z.number().int(),
  usernames: z.array(z.string()),
  scheme: SchemeSchema,
  hasSupplierIncludeList: z.boolean(),
  hasSupplierExcludeList: z.boolean(),
  brandingDisplayName: z.string().nullable(),
});

/** Issuer (detail). The stored fallbackCountryIso3 may be 0 to 3 characters. */
export const IssuerDetailSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  issuerKey: z.string(),
  scheme: SchemeSchema,
  issuerCapabilities: z.array(z.object({ id: z.string(), name: z.string() })),
  language: z.string(),
  issuerVirtualLockboxes: z.array(VirtualLockboxSchema),
  issuerKeyAliases: z.array(z.string()),
  currency: z.string().length(3),
  fallbackCountryIso3: z.string().max(3),
  sendMagicLinks: z.boolean(),
  brandingId: z.uuid().nullable(),
  analysisDataDownloadDatapointProfileId: z.uuid().nullable(),
  matchedDataOnlyDownloadDatapointProfileId: z.uuid().nullable(),
  onboardingDataDownloadDatapointProfileId: z.uuid().nullable(),
  issuerInputDataOptions: z.array(IssuerInputDataOptionSchema),
  version: z.number().int(),
});
export const IssuerFullSchema = IssuerDetailSchema.extend({
  issuerEmailDomains: z.array(z.string()),
  numberNonEmailDomainUsers: z.number().int(),
});

/** Issuer create payload. fallbackCountryIso3 and currency exactly 3 characters (SPEC.md section 5). */
export const IssuerCreateSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  issuerKey: z.string().trim().min(1).max(100),
  scheme: SchemeSchema,
  language: z.string().min(2).max(10),
  capabilities: z.array(z.string().max(100)).max(50).default([]),
  virtualLockboxes: z.array(VirtualLockboxSchema).max(3).default([]),
  fallbackCountryIso3: z.string().length(3),
  currency: z.string().length(3),
  sendMagicLinks: z.boolean().default(false),
  brandingId: z.uuid().nullable().default(null),
  analysisDataDownloadDatapointProfileId: z.uuid().nullable().default(null),
  matchedDataOnlyDownloadDatapointProfileId: z.uuid().nullable().default(null),
  onboardingDataDownloadDatapointProfileId: z.uuid().nullable().default(null),
});

/** Issuer-user assignment. */
export const IssuerUserAssignmentSchema = z.object({
  issuerId: z.uuid(),
  issuerName: z.string(),
  issuerBrandingName: z.string().nullable(),
  userRole: IssuerMembershipRoleSchema,
  isDomainUser: z.boolean(),
  emailDomains: z.array(z.string()),
});

export const BuyerSchema = z.object({
  id: z.uuid(),
  issuerId: z.uuid(),
  name: z.string(),
  countryIso3: z.string().nullable(),
});
