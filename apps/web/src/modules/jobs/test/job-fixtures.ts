import type { z } from 'zod';
import {
  TAB_PERMISSIONS,
  type WizardIssuerSchema,
  type CurrentUserProfile,
  type JobDetails,
  type JobFile,
  type JobSummary,
  type JobListItem,
  JobListItemSchema,
  type SupplierResult,
  type TabbedViewRole,
  type WorkflowStep,
} from '@b2b/contract';
import { issuerProfile } from '../../../test/fixtures';

export const JOB_ID = '11111111-1111-4111-8111-111111111111';
export const FILE_ID = '22222222-2222-4222-8222-222222222222';
export const ISSUER_ID = '33333333-3333-4333-8333-333333333333';
export const BUYER_ID = '44444444-4444-4444-8444-444444444444';
export const OWNER_ID = '55555555-5555-4555-8555-555555555555';

const ISSUER_TABS: TabbedViewRole[] = [
  'JobSummaryUploadAccessor',
  'JobConsultantUploadAccessor',
  'JobMatchedDataOnlyUploadAccessor',
  'JobSummaryAccessor',
  'JobInsightsAccessor',
  'JobSuppliersAccessor',
  'JobReportAccessor',
  'JobUsersAccessor',
  'JobDetailsAccessor',
];

/** A signed-in user holding the given tabbed-view roles and what they grant. */
export function profileWith(
  tabs: TabbedViewRole[] = ISSUER_TABS,
  permissions: string[] = [],
): CurrentUserProfile {
  return {
    ...issuerProfile,
    permissions: [
      'AnalysisJobList_VIEW',
      'ViewJobTabs',
      'Insights_VIEW',
      'JobCreate',
      'JobRead',
      'Buyer_CREATE',
      ...tabs.map((role) => TAB_PERMISSIONS[role]),
      ...permissions,
    ],
    roles: {
      ...issuerProfile.roles,
      tabbedView: tabs.map((role) => ({ role, displayName: role, description: role })),
    },
  };
}

/** An issuer-base user: the wizard's three job types and the analysis tabs. */
export const jobsProfile = profileWith(undefined, ['MatchedDataOnlyWorkflow_VIEW']);

export function step(overrides: Partial<WorkflowStep> & Pick<WorkflowStep, 'step'>): WorkflowStep {
  return {
    label: overrides.step,
    status: 'Pending',
    progress: 0,
    message: null,
    startedAt: null,
    completedAt: null,
    commandId: null,
    ...overrides,
  };
}

/** A semicolon-separated supplier file as uploaded: sniffed, with the suggested mapping. */
export function supplierFile(overrides: Partial<JobFile> = {}): JobFile {
  return {
    id: FILE_ID,
    role: 'Suppliers',
    documentType: null,
    fileName: 'suppliers.csv',
    sizeBytes: 2048,
    uploadedAt: '2026-01-01T10:00:00.000Z',
    sniff: {
      kind: 'csv',
      encoding: 'utf-8-bom',
      delimiter: ';',
      headerRowIndex: 0,
      headers: ['Lieferant', 'Supplier Name', 'Jahresumsatz', 'Land'],
      sampleRows: [['S-1', 'Acme Ltd', '1.234,56 €', 'GBR']],
    },
    suggestion: {
      mapping: { supplierId: 0, supplierName: 1, country: 3 },
      suggestions: [
        { field: 'supplierId', column: 0, header: 'Lieferant', confidence: 0.6 },
        { field: 'supplierName', column: 1, header: 'Supplier Name', confidence: 1 },
        { field: 'country', column: 3, header: 'Land', confidence: 0.7 },
      ],
      unmappedHeaders: ['Jahresumsatz'],
      missingRequired: ['annualSpend'],
    },
    mapping: { supplierId: 0, supplierName: 1, country: 3 },
    options: { dateOrder: 'auto', decimalSeparator: 'auto' },
    validation: null,
    ...overrides,
  };
}

export function jobDetails(overrides: Partial<JobDetails> = {}): JobDetails {
  return {
    id: JOB_ID,
    name: 'Spring suppliers',
    type: 'base',
    status: 'Draft',
    isPublished: false,
    issuerId: ISSUER_ID,
    issuerName: 'PayTech Bank',
    buyerId: BUYER_ID,
    buyerName: 'Acme Buyer',
    ownerId: OWNER_ID,
    ownerName: 'Issuer Demo',
    currency: 'GBP',
    supplierCount: null,
    createdOn: '2026-01-01T09:00:00.000Z',
    updatedOn: '2026-01-01T10:00:00.000Z',
    steps: [],
    files: [],
    referenceVersionId: null,
    confidenceRulesetVersion: null,
    scoringRulesetVersion: null,
    analysisDate: '2026-01-01',
    submittedAt: null,
    completedAt: null,
    summary: null,
    can: {
      editWizard: true,
      retry: true,
      publish: false,
      overrideMatches: false,
      rescore: false,
      rename: false,
      delete: false,
    },
    ...overrides,
  };
}

export const wizardIssuers: z.infer<typeof WizardIssuerSchema>[] = [
  {
    id: ISSUER_ID,
    name: 'PayTech Bank',
    currency: 'GBP',
    fallbackCountryIso3: 'GBR',
    inputDataOptions: ['CsvFileUpload'],
    buyers: [{ id: BUYER_ID, name: 'Acme Buyer', countryIso3: 'GBR' }],
  },
  {
    id: '66666666-6666-4666-8666-666666666666',
    name: 'Link Only Bank',
    currency: 'EUR',
    fallbackCountryIso3: 'DEU',
    inputDataOptions: ['SendUploadLink'],
    buyers: [],
  },
];

/** One matched, scored supplier of a job's results, for the pages that list suppliers. */
export function supplierResult(overrides: Partial<SupplierResult> = {}): SupplierResult {
  return {
    ...{
      supplierKey: 'S-1',
      supplierId: 'S-1',
      supplierName: 'Acme Supplies Ltd',
      country: 'GBR',
      city: 'Leeds',
      postcode: 'LS1 4AP',
      spend: 125_000,
      annualSpend: 125_000,
      poCount: 3,
      invoiceCount: 12,
      paymentCount: 12,
      mainPaymentMethod: 'Cheque',
      paymentFrequency: 'Monthly',
      paymentTermsDays: 30,
      actualDaysToPay: 41,
      matchStatus: 'MATCHED',
      confidence: 'High',
      matchSource: 'computed',
      ruleId: 'exact-name-postcode',
      merchantId: 'M-77',
      merchantName: 'ACME SUPPLIES',
      merchantDbaName: 'Acme',
      candidateMerchantId: 'M-77',
      candidateMerchantName: 'ACME SUPPLIES',
      matchScore: 0.97,
      matchWeight: null,
      matchProbability: null,
      predictedCardAcceptance: null,
      entityId: null,
      mcc: '5111',
      acceptsCard: true,
      acceptsVirtualCard: true,
      stpEnrolled: false,
      dataLevel: 2,
      optimaScore: 81,
      optimaLevel: 'High',
      optimaProduct: 'Vcard',
      stpScore: 12,
      stpLevel: 'Low',
      vcardScore: 81,
      vcardLevel: 'High',
      pcardScore: 55,
      pcardLevel: 'Medium',
      tandEcardScore: 5,
      tandEcardLevel: 'None',
      scfScore: 40,
      scfLevel: 'Medium',
      instantPayScore: 20,
      instantPayLevel: 'Low',
      boostScore: 30,
      boostLevel: 'Low',
      cardAccepting: 'MATCHED',
      vcAccepting: 'YES',
      detailLevel: '2',
      stpCapable: 'FALSE',
      cardCapability: 'VC',
      override: null,
    },
    ...overrides,
  };
}

/** A row of the job list: the job's details without what only the detail call answers. */
export function jobListItem(overrides: Partial<JobListItem> = {}): JobListItem {
  const {
    steps: _s,
    files: _f,
    summary: _m,
    can: _c,
    referenceVersionId: _r,
    confidenceRulesetVersion: _cv,
    scoringRulesetVersion: _sv,
    analysisDate: _a,
    submittedAt: _sa,
    completedAt: _ca,
    ...row
  } = jobDetails(overrides);
  return JobListItemSchema.parse(row);
}

/** A job's summary tab (a GBP job of 50 suppliers). */
export const jobSummary: JobSummary = {
  jobId: JOB_ID,
  currency: 'GBP',
  computedAt: '2026-11-21T10:00:00.000Z',
  tiles: {
    jobCount: 1,
    suppliers: 50,
    organizations: 1,
    spend: 1_250_000,
    pos: 0,
    invoices: 200,
    payments: 400,
    averages: { APOV: null, AIV: 6250, APV: 3125 },
  },
  spendByProduct: [
    ['Optima', 'Optima'],
    ['Stp', 'STP'],
    ['Vcard', 'Virtual Card'],
    ['Pcard', 'PCard'],
    ['TandEcard', 'T&E Card'],
    ['Scf', 'SCF'],
    ['InstantPay', 'Instant Pay'],
    ['Boost', 'Boost'],
  ].map(([product, name], i) => ({
    product: product as JobSummary['spendByProduct'][number]['product'],
    name: name!,
    suppliers: 10 - i,
    spend: 100_000 - i * 1000,
  })),
  matchOutcome: [
    { status: 'MATCHED', suppliers: 30, spend: 800_000 },
    { status: 'UNMATCHED', suppliers: 20, spend: 450_000 },
  ],
  confidence: [
    { level: 'Low', suppliers: 5, spend: 1 },
    { level: 'Medium', suppliers: 10, spend: 2 },
    { level: 'High', suppliers: 20, spend: 3 },
    { level: 'None', suppliers: 15, spend: 4 },
  ],
  // Five matched suppliers' merchants take no cards: matched all the same.
  cardAcceptance: {
    spendPercent: 56,
    supplierPercent: 44,
    matched: [
      { acceptsCard: 'YES', suppliers: 22, spend: 700_000 },
      { acceptsCard: 'NO', suppliers: 5, spend: 60_000 },
      { acceptsCard: 'UNKNOWN', suppliers: 3, spend: 40_000 },
    ],
  },
  unavailableCharts: [],
};
