import { z } from 'zod';
import { CardProductSchema } from '../analysis/enums.js';
import type { SLICERS } from '../analysis/enums.js';
import type { InsightChart } from '../insights/schemas.js';
import { SupplierResultSchema } from '../jobs/schemas.js';
import type { TabPermission } from '../permissions.js';
import type { ThemeKey } from '../brandings/schemas.js';

/**
 * Printable reports (SPEC §2: /jobs/{jobId}/printable/{analysisReportType}/[[...params]] in the
 * printable frame) and what each needs beside JobRead: the permission of the tab it prints.
 */
export const PRINTABLE_REPORT_PERMISSIONS = {
  insights: 'JobTab_InsightsReport_VIEW',
  'use-cases': 'JobTab_UseCasesReport_VIEW',
  'business-case': 'JobTab_BusinessCaseDownload_VIEW',
} as const satisfies Record<string, TabPermission>;
export type PrintableReportType = keyof typeof PRINTABLE_REPORT_PERMISSIONS;
export const PRINTABLE_REPORT_TYPES = Object.keys(
  PRINTABLE_REPORT_PERMISSIONS,
) as PrintableReportType[];
export const isPrintableReportType = (type: string): type is PrintableReportType =>
  Object.hasOwn(PRINTABLE_REPORT_PERMISSIONS, type);

/** The title each printable report's PDF carries (file names, the downloads list). */
export const PRINTABLE_REPORT_TITLES: Record<PrintableReportType, string> = {
  insights: 'Insights Report',
  'use-cases': 'Use Cases Report',
  'business-case': 'Business Case',
};

/**
 * A PDF of a printable route. The type is checked by the server (400 naming an unknown one) so
 * the message can list the known types; `params` is the rest of the route after the type
 * (a business case scenario id, …), a relative path without `..`.
 */
export const ReportPdfRequestSchema = z.strictObject({
  analysisReportType: z.string().min(1).max(60),
  params: z
    .string()
    .max(300)
    .regex(/^[\w\-./]*$/, 'letters, digits, - _ . and / only')
    .refine((p) => !p.split('/').includes('..'), 'must not contain ..')
    .default(''),
});
export type ReportPdfRequest = z.infer<typeof ReportPdfRequestSchema>;

/** The key charts of the Insights Report and Presentation, in reading order. */
export const REPORT_KEY_CHARTS: readonly InsightChart[] = [
  'Spends',
  'PaymentMethods',
  'Countries',
  'IndustriesMccGroup',
  'InvoicePaymentTerms',
  'DocTransactionFrequencies',
];

/** Suppliers listed per card product in the report and the deck. */
export const REPORT_TOP_SUPPLIERS = 5;

/**
 * How the figures were made, printed at the end of the report and read as the deck's last
 * slide: what a buyer's CFO asks before trusting a number.
 */
export const REPORT_METHOD_NOTES: readonly { title: string; text: string }[] = [
  {
    title: 'Matching',
    text: "Each supplier is compared with the card network's reference merchants on name, address, postcode and tax id by a probabilistic model: a supplier is Matched when the evidence makes the merchant the same business with High or Medium confidence. Reviewers' confirmations and rejections override the model.",
  },
  {
    title: 'Scoring',
    text: "Every matched and unmatched supplier gets a 0–100 score per card product from the scoring ruleset of the job (spend, payment method, terms, frequency, the merchant's card acceptance); Medium and High scores count towards a product's spend.",
  },
  {
    title: 'Card acceptance',
    text: 'Acceptance comes from the reference data a supplier was matched to; an unmatched supplier is not counted as accepting cards even if it does.',
  },
  {
    title: 'Data caveats',
    text: "Figures cover the period and the documents of the buyer's upload only, in the job's currency. Spend of a supplier that qualifies for several products appears under each of them, so product figures do not add up to the total.",
  },
];

/**
 * The issuer themes' primary and secondary colours (SPEC §9 themes), for files made on the
 * server (the PowerPoint deck); the web theme definitions use the same values, and a web test
 * keeps the two equal.
 */
export const THEME_BRAND_COLOURS = {
  default: { primary: '#1f4e79', secondary: '#00796b' },
  paytech: { primary: '#5b2c83', secondary: '#b35200' },
  mastercard: { primary: '#c8001a', secondary: '#9a5b00' },
  lloyds: { primary: '#006a4d', secondary: '#024731' },
  test: { primary: '#455a64', secondary: '#7b1fa2' },
  hsbc: { primary: '#db0011', secondary: '#333333' },
} as const satisfies Record<ThemeKey, { primary: string; secondary: string }>;

/** The supplier result property each slicer of SPEC §3 reads (Overall reads none). */
export const SLICER_PROPERTIES = {
  'Card Accepting': 'cardAccepting',
  'VC Accepting': 'vcAccepting',
  'Detail Level': 'detailLevel',
  'STP Capable': 'stpCapable',
  'Card Capability': 'cardCapability',
} as const satisfies Record<Exclude<keyof typeof SLICERS, 'Overall'>, string>;

/**
 * The largest suppliers (by annual spend) scoring Medium or High for each card product, in
 * SPEC's display order, within the slicer value: the report's and the deck's "top suppliers".
 */
export const ReportTopSuppliersSchema = z.array(
  z.object({
    product: CardProductSchema,
    name: z.string(),
    suppliers: z.array(SupplierResultSchema),
  }),
);
export type ReportTopSuppliers = z.infer<typeof ReportTopSuppliersSchema>;
