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

/** A well-formed e-mail domain: labels of letters, digits and hyphens, a dot, a TLD. */
export const EmailDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'must be an e-mail domain such as bank.example',
  );

/** Issuer update: the create fields plus id, the version read, key aliases and e-mail domains. */
export const IssuerUpdateSchema = IssuerCreateSchema.extend({
  id: z.uuid(),
  version: z.number().int().min(1),
  issuerKeyAliases: z.array(z.string().trim().min(1).max(100)).max(50).default([]),
  issuerEmailDomains: z.array(EmailDomainSchema).max(50).default([]),
  inputDataOptions: z.array(IssuerInputDataOptionSchema).max(4).optional(),
});
export type IssuerUpdate = z.infer<typeof IssuerUpdateSchema>;

/**
 * SPEC §7 "PUT /api/v1/issuers. Update, with parameters": the issuer and the version read may be
 * named as query parameters, as the other issuer admin updates name them (issuerId, version).
 * The body may then leave out id and version; when both say them they must agree.
 */
export const IssuerUpdateQuerySchema = z.strictObject({
  issuerId: z.uuid().optional(),
  version: z.coerce.number().int().min(1).optional(),
});
export type IssuerUpdateQuery = z.infer<typeof IssuerUpdateQuerySchema>;
export const IssuerUpdateBodySchema = IssuerUpdateSchema.partial({ id: true, version: true });
export type IssuerUpdateBody = z.infer<typeof IssuerUpdateBodySchema>;

/** Admin call answers (SPEC.md section 8) that also name the issuer and its new version. */
export const IssuerAdminResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  statusCode: z.number().int(),
  id: z.uuid(),
  version: z.number().int(),
});

export const CapabilityOptionSchema = z.object({ id: z.string(), name: z.string() });
export const VirtualLockboxOptionSchema = z.object({
  key: VirtualLockboxSchema,
  label: z.string(),
});
export const IssuerLanguageSchema = z.object({ key: z.string(), name: z.string() });

/** A member of an issuer, as the issuer's users screen lists them. */
export const IssuerAssignedUserSchema = z.object({
  userId: z.uuid(),
  username: z.string(),
  displayName: z.string(),
  userRole: IssuerMembershipRoleSchema,
  isDomainUser: z.boolean(),
});

/** Assign a user to an issuer as Manager or Member, or (userRole null) remove them. */
export const IssuerUserUpdateSchema = z.strictObject({
  userId: z.uuid(),
  userRole: IssuerMembershipRoleSchema.nullable(),
});

export const BuyerCreateSchema = z.strictObject({
  issuerId: z.uuid(),
  name: z.string().trim().min(1).max(200),
  countryIso3: z.string().length(3).nullable().default(null),
});
export const BuyerUpdateSchema = BuyerCreateSchema.extend({ id: z.uuid() });
export const BuyerListItemSchema = BuyerSchema.extend({ issuerName: z.string() });

/**
 * An issuer's supplier include and exclude lists (SPEC §3 Issuer: hasSupplierIncludeList,
 * hasSupplierExcludeList). DOMAIN "Use cases and campaigns": strategic suppliers are left out of
 * outreach. A supplier on the exclude list never enters a use case or a campaign of the
 * issuer's jobs; a non-empty include list limits them to the suppliers it names. Entries are
 * supplier names, compared as the product compares names (case, punctuation, accents and a
 * trailing legal form such as "Ltd" or "GmbH" do not matter).
 */
export const SupplierListKindSchema = z.enum(['include', 'exclude']);
export type SupplierListKind = z.infer<typeof SupplierListKindSchema>;

/** Longest list an issuer keeps, and longest name in it. */
export const SUPPLIER_LIST_MAX_ENTRIES = 10_000;
export const SUPPLIER_LIST_NAME_MAX = 200;

export const SupplierListEntrySchema = z.object({
  name: z.string(),
  addedBy: z.string().nullable(),
  addedOn: z.iso.datetime(),
});

export const SupplierListSchema = z.object({
  entries: z.array(SupplierListEntrySchema),
  updatedOn: z.iso.datetime().nullable(),
});

export const IssuerSupplierListsSchema = z.object({
  issuerId: z.uuid(),
  include: SupplierListSchema,
  exclude: SupplierListSchema,
});
export type IssuerSupplierLists = z.infer<typeof IssuerSupplierListsSchema>;

/** The whole list as it should be: blank lines are dropped, names that compare equal kept once. */
export const SupplierListReplaceSchema = z.strictObject({
  names: z.array(z.string().max(SUPPLIER_LIST_NAME_MAX)).max(SUPPLIER_LIST_MAX_ENTRIES),
});
export type SupplierListReplace = z.infer<typeof SupplierListReplaceSchema>;
