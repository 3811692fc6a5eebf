import { ISSUER_CAPABILITIES, type IssuerDetailSchema } from '@b2b/contract';
import type { z } from 'zod';
import type { IssuerRow } from './issuers.repo.js';

type IssuerDetail = z.input<typeof IssuerDetailSchema>;
const CAPABILITY_NAMES = new Map<string, string>(ISSUER_CAPABILITIES.map((c) => [c.id, c.name]));

/** The issuer detail shape of SPEC.md section 3. */
export function issuerDetail(row: IssuerRow): IssuerDetail {
  return {
    id: row.id,
    name: row.name,
    issuerKey: row.issuerKey,
    scheme: row.scheme as IssuerDetail['scheme'],
    issuerCapabilities: row.capabilities.map((id) => ({
      id,
      name: CAPABILITY_NAMES.get(id) ?? id,
    })),
    language: row.language,
    issuerVirtualLockboxes: row.virtualLockboxes as IssuerDetail['issuerVirtualLockboxes'],
    issuerKeyAliases: row.keyAliases,
    currency: row.currency,
    fallbackCountryIso3: row.fallbackCountryIso3,
    sendMagicLinks: row.sendMagicLinks,
    brandingId: row.brandingId,
    analysisDataDownloadDatapointProfileId: row.analysisDataDownloadDatapointProfileId,
    matchedDataOnlyDownloadDatapointProfileId: row.matchedDataOnlyDownloadDatapointProfileId,
    onboardingDataDownloadDatapointProfileId: row.onboardingDataDownloadDatapointProfileId,
    issuerInputDataOptions: row.inputDataOptions as IssuerDetail['issuerInputDataOptions'],
    version: row.version,
  };
}
