import { z } from 'zod';

/** Analysis enumerations of SPEC.md section 3 and the display constants of section 9. */
export const CARD_PRODUCTS = [
  'TandEcard',
  'Pcard',
  'Vcard',
  'Stp',
  'Scf',
  'InstantPay',
  'Boost',
  'Optima',
] as const;
export const CardProductSchema = z.enum(CARD_PRODUCTS);
export type CardProduct = z.infer<typeof CardProductSchema>;

export const CARD_PRODUCT_INFO = {
  Optima: { name: 'Optima', scoreField: 'optimaScore', levelField: 'optimaLevel' },
  Stp: { name: 'STP', scoreField: 'stpScore', levelField: 'stpLevel' },
  Vcard: { name: 'Virtual Card', scoreField: 'vcardScore', levelField: 'vcardLevel' },
  Pcard: { name: 'PCard', scoreField: 'pcardScore', levelField: 'pcardLevel' },
  TandEcard: { name: 'T&E Card', scoreField: 'tandEcardScore', levelField: 'tandEcardLevel' },
  Scf: { name: 'SCF', scoreField: 'scfScore', levelField: 'scfLevel' },
  InstantPay: { name: 'Instant Pay', scoreField: 'instantPayScore', levelField: 'instantPayLevel' },
  Boost: { name: 'Boost', scoreField: 'boostScore', levelField: 'boostLevel' },
} as const satisfies Record<CardProduct, { name: string; scoreField: string; levelField: string }>;

/** Card product display order, SPEC.md section 9. */
export const CARD_PRODUCT_DISPLAY_ORDER: readonly CardProduct[] = [
  'Optima',
  'Stp',
  'Vcard',
  'Pcard',
  'TandEcard',
  'Scf',
  'InstantPay',
  'Boost',
];

export const DocumentTypeSchema = z.enum(['PurchaseOrder', 'Invoice', 'Payment']);
export type DocumentType = z.infer<typeof DocumentTypeSchema>;
export const DOCUMENT_TYPE_LABELS = {
  PurchaseOrder: 'Purchase Order',
  Invoice: 'Invoice',
  Payment: 'Payment',
} as const satisfies Record<DocumentType, string>;

/** @public SPEC §3 vocabulary, for the screens still to build (knip keeps it). */
export const SpendDataKindSchema = z.enum(['Spend', 'POs', 'Invoices', 'Payments', 'Transactions']);

export const SLICERS = {
  Overall: [],
  'Card Accepting': ['MATCHED', 'UNMATCHED'],
  'VC Accepting': ['YES', 'NO', 'UNMATCHED'],
  'Detail Level': ['3', '2', '1', 'none'],
  'STP Capable': ['TRUE', 'FALSE'],
  'Card Capability': ['STP', 'VC', 'L3', 'Card Acceptor', 'Unmatched'],
} as const;
export const SlicerSchema = z.enum(Object.keys(SLICERS) as [keyof typeof SLICERS]);

export const ChartKindSchema = z.enum([
  'Countries',
  'Jobs',
  'DocTransactionFrequencies',
  'PaymentMethods',
  'PaymentMethodCount',
  'InvoicePaymentTerms',
  'IndustriesMccDescription',
  'IndustriesMccGroup',
  'IndustriesMccType',
  'IndustriesSicDivision',
  'IndustriesSicMajorGroup',
  'IndustriesSicIndustryGroup',
  'IndustriesSicIndustry',
  'IndustriesUnspsc',
  'IndustriesNaics',
]);
export const BandChartSchema = z.enum([
  'Spends',
  'Documents',
  'Suppliers',
  'SuppliersAverage',
  'DocumentsAverage',
]);

/** @public SPEC §3 vocabulary, for the screens still to build (knip keeps it). */
export const CampaignRouteSchema = z.enum([
  'Buyer',
  'Issuer',
  'IsVlbAutoEnrolled',
  'Other',
  'ExternalCampaign',
  'Aggregated',
]);
/** @public SPEC §3 vocabulary, for the screens still to build (knip keeps it). */
export const CAMPAIGN_ROUTE_LABELS = {
  Buyer: 'Buyer',
  Issuer: 'Issuer',
  IsVlbAutoEnrolled: 'Virtual LB',
  Other: 'Other',
  ExternalCampaign: 'External Campaign',
  Aggregated: 'All Routes',
} as const;

export const LevelSchema = z.enum(['Low', 'Medium', 'High', 'None']);
export type Level = z.infer<typeof LevelSchema>;
/** @public SPEC §3 vocabulary, for the screens still to build (knip keeps it). */
export const RiskLevelSchema = z.enum(['Low', 'Medium', 'High']);
/** @public SPEC §3 vocabulary, for the screens still to build (knip keeps it). */
export const SUMMARY_TILES = [
  'jobCount',
  'suppliers',
  'organizations',
  'spend',
  'pos',
  'invoices',
  'payments',
] as const;
/** @public SPEC §3 vocabulary, for the screens still to build (knip keeps it). */
export const DatasetSizeSchema = z.enum(['SmallDataset', 'LargeDataset']);
export const MatchStatusSchema = z.enum(['MATCHED', 'UNMATCHED']);
/** @public SPEC §3 vocabulary, for the screens still to build (knip keeps it). */
export const DatapointFilterWidgetSchema = z.enum([
  'multiselect',
  'boolean',
  'number',
  'date',
  'unavailable',
]);
export const ABBREVIATIONS = {
  APOV: 'Average PO value',
  AIV: 'Average invoice value',
  APV: 'Average payment value',
} as const;

/** Job types, their route keys and titles (SPEC.md section 2). */
export const JOB_TYPES = {
  base: 'Summary Upload',
  'matched-data-only': 'Matched Data Only Upload',
  advanced: 'Consultant Upload',
} as const;
export const JobTypeSchema = z.enum(Object.keys(JOB_TYPES) as [keyof typeof JOB_TYPES]);
export type JobType = z.infer<typeof JobTypeSchema>;

/** Workflow step and ProQ command states (SPEC.md section 4). */
export const COMMAND_STATES = [
  'Blocked',
  'Pending',
  'InProgress',
  'Completed',
  'Error',
  'Canceled',
] as const;
export const CommandStateSchema = z.enum(COMMAND_STATES);
export type CommandState = z.infer<typeof CommandStateSchema>;
