import { z } from 'zod';
import { DocumentTypeSchema, type DocumentType, type JobType } from './enums.js';

/**
 * The fields an upload's columns map to (DOMAIN.md "The data a job takes"). `kind` tells the
 * wizard how a value is parsed.
 */
export const INGESTION_FIELDS = {
  supplierId: { label: 'Supplier id', kind: 'text' },
  supplierName: { label: 'Supplier name', kind: 'text' },
  addressLine1: { label: 'Address line 1', kind: 'text' },
  addressLine2: { label: 'Address line 2', kind: 'text' },
  city: { label: 'City', kind: 'text' },
  region: { label: 'Region / state', kind: 'text' },
  postcode: { label: 'Postcode', kind: 'text' },
  country: { label: 'Country', kind: 'country' },
  taxId: { label: 'Tax / VAT number', kind: 'text' },
  companyNumber: { label: 'Company number', kind: 'text' },
  annualSpend: { label: 'Annual spend', kind: 'amount' },
  currency: { label: 'Currency', kind: 'currency' },
  poCount: { label: 'Number of POs', kind: 'count' },
  invoiceCount: { label: 'Number of invoices', kind: 'count' },
  paymentCount: { label: 'Number of payments', kind: 'count' },
  paymentMethod: { label: 'Payment method', kind: 'paymentMethod' },
  paymentTerms: { label: 'Payment terms', kind: 'paymentTerms' },
  mcc: { label: 'MCC', kind: 'code' },
  sic: { label: 'SIC code', kind: 'code' },
  naics: { label: 'NAICS code', kind: 'code' },
  unspsc: { label: 'UNSPSC code', kind: 'code' },
  contactEmail: { label: 'Contact e-mail', kind: 'text' },
  contactPhone: { label: 'Contact phone', kind: 'text' },
  contactName: { label: 'Contact name', kind: 'text' },
  documentNumber: { label: 'Document number', kind: 'text' },
  documentDate: { label: 'Document date', kind: 'date' },
  invoiceDate: { label: 'Invoice date', kind: 'date' },
  dueDate: { label: 'Due date', kind: 'date' },
  paidDate: { label: 'Paid date', kind: 'date' },
  amount: { label: 'Amount', kind: 'amount' },
} as const;
export type IngestionField = keyof typeof INGESTION_FIELDS;
export const IngestionFieldSchema = z.enum(
  Object.keys(INGESTION_FIELDS) as [IngestionField, ...IngestionField[]],
);

export interface IngestionFieldSpec {
  field: IngestionField;
  required: boolean;
}

const SUPPLIER_DETAIL_FIELDS: IngestionField[] = [
  'supplierId',
  'addressLine1',
  'addressLine2',
  'city',
  'region',
  'postcode',
  'country',
  'taxId',
  'companyNumber',
];
const SUMMARY_FIELDS: IngestionField[] = [
  ...SUPPLIER_DETAIL_FIELDS,
  'currency',
  'poCount',
  'invoiceCount',
  'paymentCount',
  'paymentMethod',
  'paymentTerms',
  'mcc',
  'sic',
  'naics',
  'unspsc',
  'contactEmail',
  'contactPhone',
  'contactName',
];
const DOCUMENT_FIELDS: IngestionField[] = [
  'supplierId',
  'supplierName',
  'documentNumber',
  'currency',
  'paymentMethod',
  'paymentTerms',
  'invoiceDate',
  'dueDate',
  'paidDate',
  'addressLine1',
  'city',
  'postcode',
  'country',
  'taxId',
  'mcc',
];

/**
 * The fields a file of this job type (and, for the Consultant Upload, document type) can map.
 * A Consultant Upload row needs a supplier id or a supplier name (see `REQUIRED_ONE_OF`).
 */
export function ingestionFieldsFor(
  jobType: JobType,
  documentType?: DocumentType,
): IngestionFieldSpec[] {
  if (jobType === 'advanced') {
    if (!documentType) throw new Error('A Consultant Upload file needs its document type.');
    return [
      { field: 'documentDate', required: true },
      { field: 'amount', required: true },
      ...DOCUMENT_FIELDS.map((field) => ({ field, required: false })),
    ];
  }
  return [
    { field: 'supplierName', required: true },
    { field: 'annualSpend', required: jobType === 'base' },
    ...SUMMARY_FIELDS.map((field) => ({ field, required: false })),
  ];
}

/** Field groups of which at least one must be mapped. */
export const REQUIRED_ONE_OF: Record<JobType, IngestionField[][]> = {
  base: [],
  'matched-data-only': [],
  advanced: [['supplierId', 'supplierName']],
};

/** Column index (0-based, in the file's header row) per mapped field. */
export const ColumnMappingSchema = z.partialRecord(
  IngestionFieldSchema,
  z.number().int().nonnegative(),
);
export type ColumnMapping = z.infer<typeof ColumnMappingSchema>;

export const ColumnSuggestionSchema = z.object({
  field: IngestionFieldSchema,
  column: z.number().int().nonnegative(),
  header: z.string(),
  /** 1 = the header is a known name for the field; lower = a fuzzy guess. */
  confidence: z.number().min(0).max(1),
});
export const ColumnMappingSuggestionSchema = z.object({
  mapping: ColumnMappingSchema,
  suggestions: z.array(ColumnSuggestionSchema),
  unmappedHeaders: z.array(z.string()),
  missingRequired: z.array(IngestionFieldSchema),
});
export type ColumnMappingSuggestion = z.infer<typeof ColumnMappingSuggestionSchema>;

export const FileEncodingSchema = z.enum([
  'utf-8',
  'utf-8-bom',
  'windows-1252',
  'utf-16le',
  'utf-16be',
]);
export type FileEncoding = z.infer<typeof FileEncodingSchema>;
export const DelimiterSchema = z.enum([',', ';', '\t', '|']);
export type Delimiter = z.infer<typeof DelimiterSchema>;

/** What the sniffer found out about an uploaded file. */
export const FileSniffSchema = z.object({
  kind: z.enum(['csv', 'xlsx']),
  encoding: FileEncodingSchema,
  delimiter: DelimiterSchema,
  /** 0-based record index of the header row (title rows above it are skipped). */
  headerRowIndex: z.number().int().nonnegative(),
  headers: z.array(z.string()),
  sampleRows: z.array(z.array(z.string())),
  sheetNames: z.array(z.string()).optional(),
  sheetName: z.string().optional(),
});
export type FileSniff = z.infer<typeof FileSniffSchema>;

export const IngestOptionsSchema = z.object({
  /** Order of day and month in dates like 03/04/2024; `auto` looks at the file's values. */
  dateOrder: z.enum(['auto', 'DMY', 'MDY']).default('auto'),
  decimalSeparator: z.enum(['auto', '.', ',']).default('auto'),
  /**
   * Redacted supplier names ("REDACTED PERSONAL DATA"): reject the row, or keep it flagged (its
   * spend counts, it is never matched). Default: reject in supplier lists, flag in documents.
   */
  redactedNames: z.enum(['reject', 'flag']).optional(),
  /**
   * The column mapped to Address line 1 holds whole addresses: split each with the address
   * parser into street, building, city, region, postcode and country (fields mapped to columns
   * of their own keep them).
   */
  splitAddress: z.boolean().optional(),
});
export type IngestOptions = z.input<typeof IngestOptionsSchema>;

/**
 * How a supplier is paid, as ingestion normalises it (the suppliers tab's main payment method).
 * @public Vocabulary of the use-case rules and business case still to build (SPEC §3 datapoint
 * filter widgets: payment method).
 */
export const PaymentMethodSchema = z.enum([
  'Card',
  'Cheque',
  'ACH',
  'Wire',
  'DirectDebit',
  'Cash',
  'Other',
  'Unknown',
]);

export const RejectedRowSchema = z.object({
  /** The row as a spreadsheet shows it: the header row is row headerRowIndex + 1. */
  rowNumber: z.number().int().positive(),
  reason: z.string(),
  raw: z.record(z.string(), z.string().nullable()),
});
export type RejectedRow = z.infer<typeof RejectedRowSchema>;

export const IngestWarningSchema = z.object({
  field: IngestionFieldSchema,
  count: z.number().int(),
  message: z.string(),
  examples: z.array(z.string()),
});
export type IngestWarning = z.infer<typeof IngestWarningSchema>;

export const IngestSummarySchema = z.object({
  documentType: DocumentTypeSchema.optional(),
  rowCount: z.number().int(),
  acceptedCount: z.number().int(),
  rejectedCount: z.number().int(),
  /** The first rejected rows; every one of them is in the rejects CSV. */
  rejected: z.array(RejectedRowSchema),
  warnings: z.array(IngestWarningSchema),
  flaggedRedactedCount: z.number().int(),
});
export type IngestSummary = z.infer<typeof IngestSummarySchema>;

export const PreviewRowSchema = z.object({
  rowNumber: z.number().int().positive(),
  values: z.partialRecord(IngestionFieldSchema, z.union([z.string(), z.number(), z.null()])),
  rejectedReason: z.string().nullable(),
});
export type PreviewRow = z.infer<typeof PreviewRowSchema>;

/** Upload limits (JOB_UPLOAD_MAX_MB, 1 GiB by default; XLSX checked before unpacking). */
export const UploadLimitsSchema = z.object({
  maxUploadBytes: z.number().int().positive(),
  maxXlsxUncompressedBytes: z.number().int().positive(),
  maxXlsxSheets: z.number().int().positive(),
});
export type UploadLimits = z.infer<typeof UploadLimitsSchema>;
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  maxUploadBytes: 1024 ** 3,
  maxXlsxUncompressedBytes: 512 * 1024 ** 2,
  maxXlsxSheets: 20,
};
