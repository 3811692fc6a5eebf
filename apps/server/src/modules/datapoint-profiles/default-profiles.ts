import { DATAPOINT_NAMES, type DatapointName } from '@b2b/contract';

export type DefaultDatapointProfile = {
  profileKey: string;
  name: string;
  description: string;
  datapoints: readonly DatapointName[];
};

const IDENTITY: readonly DatapointName[] = [
  'supplierKey',
  'supplierId',
  'supplierName',
  'country',
  'city',
  'postcode',
];
const MATCH: readonly DatapointName[] = [
  'matchStatus',
  'confidence',
  'matchSource',
  'merchantId',
  'merchantName',
  'merchantDbaName',
  'mcc',
  'acceptsCard',
  'acceptsVirtualCard',
  'stpEnrolled',
  'dataLevel',
];

/**
 * The profiles every database starts with, one per issuer download. Analysts change or add
 * profiles later on the datapoint profiles screen; these are only stored when missing.
 */
export const DEFAULT_DATAPOINT_PROFILES: readonly DefaultDatapointProfile[] = [
  {
    profileKey: 'full-analysis-download',
    name: 'Full analysis download',
    description: 'Every supplier datapoint: identity, spend and payments, match, scores, slicers',
    datapoints: DATAPOINT_NAMES,
  },
  {
    profileKey: 'matched-data-only-download',
    name: 'Matched data only download',
    description: 'Supplier identity, spend and the match against the card-acceptance data',
    datapoints: [
      ...IDENTITY,
      'spend',
      'annualSpend',
      ...MATCH,
      'cardAccepting',
      'vcAccepting',
      'detailLevel',
      'stpCapable',
      'cardCapability',
    ],
  },
  {
    profileKey: 'onboarding-download',
    name: 'Onboarding download',
    description: 'What supplier onboarding needs: who to contact, how they are paid, best product',
    datapoints: [
      ...IDENTITY,
      'annualSpend',
      'paymentCount',
      'mainPaymentMethod',
      'paymentFrequency',
      'paymentTermsDays',
      'merchantName',
      'mcc',
      'acceptsCard',
      'acceptsVirtualCard',
      'stpEnrolled',
      'optimaProduct',
      'optimaScore',
      'optimaLevel',
      'cardCapability',
    ],
  },
];
