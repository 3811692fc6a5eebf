import { z } from 'zod';
import { CommandStateSchema } from '../analysis/enums.js';
import { ISO_3166_ALPHA3 } from '../issuers/iso-codes.js';

/** The merchant fields of a card-acceptance reference file, in the order the screen lists them. */
export const REFERENCE_MERCHANT_FIELDS = [
  'merchant_id',
  'merchant_name',
  'dba_name',
  'address_line1',
  'city',
  'postcode',
  'country',
  'tax_id',
  'mcc',
  'accepts_card',
  'accepts_virtual_card',
  'stp_enrolled',
  'data_level',
  'last_transaction_date',
  'network',
] as const;
export const ReferenceMerchantFieldSchema = z.enum(REFERENCE_MERCHANT_FIELDS);
export type ReferenceMerchantField = z.infer<typeof ReferenceMerchantFieldSchema>;

export const REFERENCE_MERCHANT_FIELD_LABELS: Record<ReferenceMerchantField, string> = {
  merchant_id: 'Merchant ID',
  merchant_name: 'Merchant name',
  dba_name: 'DBA name',
  address_line1: 'Address',
  city: 'City',
  postcode: 'Postcode',
  country: 'Country',
  tax_id: 'Tax ID',
  mcc: 'MCC',
  accepts_card: 'Accepts card',
  accepts_virtual_card: 'Accepts virtual card',
  stp_enrolled: 'STP enrolled',
  data_level: 'Data level',
  last_transaction_date: 'Last transaction date',
  network: 'Network',
};

/** Column index (0-based, as in the upload's headers) per merchant field; unmapped fields absent. */
export const ReferenceMerchantMappingSchema = z.partialRecord(
  ReferenceMerchantFieldSchema,
  z.number().int().nonnegative(),
);
export type ReferenceMerchantMapping = z.infer<typeof ReferenceMerchantMappingSchema>;

/** A stored version of the reference data; `isNewest` is the one new jobs match against. */
export const ReferenceVersionSchema = z.object({
  versionId: z.string(),
  createdAt: z.string(),
  source: z.enum(['generated', 'imported']),
  description: z.string(),
  merchantCount: z.number().int(),
  /** ISO3 codes of the merchants' countries; null for versions stored before this was recorded. */
  countries: z.array(z.string()).nullable(),
  /** The imported file's name, and how many of its rows were rejected (imports only). */
  fileName: z.string().nullable(),
  rejectedCount: z.number().int().nullable(),
  isNewest: z.boolean(),
  /** Jobs that recorded this version as the one they matched against. */
  jobCount: z.number().int(),
});
export type ReferenceVersionInfo = z.infer<typeof ReferenceVersionSchema>;

/** An uploaded reference file, checked and sniffed, waiting for its column mapping. */
export const ReferenceUploadSchema = z.object({
  uploadId: z.uuid(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  kind: z.enum(['csv', 'xlsx']),
  headers: z.array(z.string()),
  /** The first data rows as read (text per column), for the mapping step's preview. */
  previewRows: z.array(z.array(z.string())),
  suggestedMapping: ReferenceMerchantMappingSchema,
});
export type ReferenceUpload = z.infer<typeof ReferenceUploadSchema>;

export const StartReferenceImportSchema = z.object({
  uploadId: z.uuid(),
  mapping: ReferenceMerchantMappingSchema,
  /** For rows whose country is blank or unknown (and when no column holds the country). */
  defaultCountryIso3: z
    .string()
    .transform((c) => c.trim().toUpperCase())
    .refine((c) => ISO_3166_ALPHA3.has(c), {
      message: 'must be an ISO 3166 alpha-3 country code, e.g. GBR',
    })
    .optional(),
  description: z.string().trim().max(200).optional(),
});
export type StartReferenceImport = z.input<typeof StartReferenceImportSchema>;

export const ReferenceImportStartedSchema = z.object({ commandId: z.uuid() });

export const ReferenceImportParamsSchema = z.object({ commandId: z.uuid() });

/** A stored version's id: its import time and the start of its file's SHA-256. */
export const ReferenceVersionParamsSchema = z.object({
  versionId: z.string().regex(/^\d{8}T\d{6}Z-[0-9a-f]{12}$/, 'must be a reference data version id'),
});

/** An import's ProQ command as the screen follows it; `versionId` once it completed. */
export const ReferenceImportStatusSchema = z.object({
  commandId: z.uuid(),
  state: CommandStateSchema,
  /** Percent, while running. */
  progress: z.number().nullable(),
  /** The current stage while running, the outcome when finished, the reason when it failed. */
  message: z.string().nullable(),
  versionId: z.string().nullable(),
  rowCount: z.number().int().nullable(),
  rejectedCount: z.number().int().nullable(),
  /** The first rejected rows with their reason. */
  rejected: z.array(z.object({ rowNumber: z.number().int(), reason: z.string() })),
});
export type ReferenceImportStatus = z.infer<typeof ReferenceImportStatusSchema>;
