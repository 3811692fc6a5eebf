import { z } from 'zod';

/**
 * How the CSV anonymizer (SPEC §2 Dev, /dev/tools/anonymize-csv) rewrites a column: `name` → a
 * consistent pseudonym made of words, `email` → a pseudonym at example.com, `amount` → the
 * number times a keyed factor within ±10 % (sign and 2 decimals kept), `text` → redacted,
 * `keep` → unchanged.
 */
export const CSV_TREATMENTS = ['keep', 'name', 'email', 'amount', 'text'] as const;
export const CsvTreatmentSchema = z.enum(CSV_TREATMENTS);
export type CsvTreatment = z.infer<typeof CsvTreatmentSchema>;

/** Column name (as in the file's header) → its treatment; an unlisted column is kept. */
export const CsvTreatmentsSchema = z.record(z.string(), CsvTreatmentSchema);
export type CsvTreatments = z.infer<typeof CsvTreatmentsSchema>;

/** One header column of the file, with the treatment its name suggests. */
export const AnonymizeCsvColumnSchema = z.object({
  name: z.string(),
  suggested: CsvTreatmentSchema,
});

/** The file's header with suggested treatments and its first rows, as read. */
export const AnonymizeCsvPreviewSchema = z.object({
  delimiter: z.string(),
  columns: z.array(AnonymizeCsvColumnSchema),
  sampleRows: z.array(z.array(z.string())),
});
export type AnonymizeCsvPreview = z.infer<typeof AnonymizeCsvPreviewSchema>;
