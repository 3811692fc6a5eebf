import { z } from 'zod';

/**
 * Data downloads and prepared downloads (SPEC §2 analysis-data-download,
 * matched-data-only-download). A prepared download is a file made in the background (a ProQ
 * command) for one user: only that user ever sees it.
 */
export const DOWNLOAD_FORMATS = ['csv', 'xlsx'] as const;
export const DownloadFormatSchema = z.enum(DOWNLOAD_FORMATS);
export type DownloadFormat = z.infer<typeof DownloadFormatSchema>;

export const DOWNLOAD_STATES = ['Queued', 'Running', 'Ready', 'Error'] as const;
export const DownloadStateSchema = z.enum(DOWNLOAD_STATES);
export type DownloadState = z.infer<typeof DownloadStateSchema>;

/** One prepared file of the signed-in user ("Your downloads"). */
export const PreparedDownloadSchema = z.object({
  id: z.uuid(),
  jobId: z.uuid(),
  jobName: z.string(),
  /** The producer that makes it: analysis-data, matched-data-only-data, report-pdf, … */
  kind: z.string(),
  /** What the list shows, e.g. "Analysis data (Onboarding download profile)". */
  label: z.string(),
  format: z.string(),
  state: DownloadStateSchema,
  /** 0–100. */
  progress: z.number().int().min(0).max(100),
  fileName: z.string(),
  sizeBytes: z.number().int().nullable(),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  /** After this the file is gone and the download no longer listed. */
  expiresAt: z.string(),
});
export type PreparedDownload = z.infer<typeof PreparedDownloadSchema>;

export const RequestDownloadSchema = z.strictObject({
  kind: z.string().min(1).max(60),
  format: z.string().min(1).max(20),
  /** What the producer of `kind` takes (a data download: `{ profile }`). */
  params: z.record(z.string(), z.unknown()).default({}),
});
export type RequestDownload = z.infer<typeof RequestDownloadSchema>;

export const DownloadJobParamsSchema = z.strictObject({ id: z.uuid() });
export const DownloadParamsSchema = z.strictObject({ downloadId: z.uuid() });
export const DownloadListQuerySchema = z.strictObject({ jobId: z.uuid().optional() });

/**
 * Which of the issuer's three datapoint profiles (SPEC §3 issuer detail) gives the columns; an
 * issuer without one set uses the shipped default of that name.
 */
export const DATA_DOWNLOAD_PROFILES = ['analysis', 'matched-data-only', 'onboarding'] as const;
export const DataDownloadProfileSchema = z.enum(DATA_DOWNLOAD_PROFILES);
export type DataDownloadProfile = z.infer<typeof DataDownloadProfileSchema>;
export const DATA_DOWNLOAD_PROFILE_LABELS: Record<DataDownloadProfile, string> = {
  analysis: 'Analysis data',
  'matched-data-only': 'Matched data only',
  onboarding: 'Onboarding',
};

export const DataDownloadQuerySchema = z.strictObject({
  profile: DataDownloadProfileSchema,
  format: DownloadFormatSchema,
});
export type DataDownloadQuery = z.infer<typeof DataDownloadQuerySchema>;

/** The producer kinds of the two data download tabs (each needs its tab's permission). */
export const DATA_DOWNLOAD_KINDS = {
  analysis: 'analysis-data',
  matchedDataOnly: 'matched-data-only-data',
} as const;

/**
 * Jobs up to this many suppliers stream at once from the download GET; larger ones are prepared
 * in the background with progress. CSV streams at tens of MB/s, so 100,000 suppliers take a
 * few seconds; an XLSX of that size takes several, so the workbook's limit is lower.
 */
export const STREAM_MAX_SUPPLIERS: Record<DownloadFormat, number> = {
  csv: 100_000,
  xlsx: 20_000,
};

/* ------------------------------ network vendor files ------------------------------ */

export const CARD_NETWORKS = ['visa', 'mastercard'] as const;
export const CardNetworkSchema = z.enum(CARD_NETWORKS);
export type CardNetwork = z.infer<typeof CardNetworkSchema>;
export const NetworkFileParamsSchema = z.strictObject({ id: z.uuid(), network: CardNetworkSchema });

export const NetworkAnswerRejectSchema = z.object({
  /** The file's row number, the header being row 1. */
  row: z.number().int(),
  supplierKey: z.string().nullable(),
  field: z.string(),
  message: z.string(),
});
export const NetworkAnswerImportSchema = z.object({
  rows: z.number().int(),
  /** Decisions applied: matched (the candidate confirmed) and not found (rejected). */
  matched: z.number().int(),
  notFound: z.number().int(),
  rejects: z.array(NetworkAnswerRejectSchema),
});
export type NetworkAnswerImport = z.infer<typeof NetworkAnswerImportSchema>;
