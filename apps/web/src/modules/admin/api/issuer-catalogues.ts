import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAllBrandings } from '../../brandings/api/get-all-brandings';
import { adminQueryKeys } from './admin-query-keys';
import { getAllCapabilities } from './get-all-capabilities';
import { getAllIssuerLanguages } from './get-all-issuer-languages';
import { getAllVirtualLockboxes } from './get-all-virtual-lockboxes';

/** Capabilities, virtual lockboxes, languages and brandings for the issuer form, read together. */
export function issuerCataloguesQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.catalogues,
    queryFn: async ({ signal }) => {
      const [capabilities, lockboxes, languages, brandings] = await Promise.all([
        getAllCapabilities(signal),
        getAllVirtualLockboxes(signal),
        getAllIssuerLanguages(signal),
        getAllBrandings(signal),
      ]);
      return { capabilities, lockboxes, languages, brandings };
    },
    staleTime: 5 * 60_000,
  });
}

export function useIssuerCatalogues() {
  return useQuery(issuerCataloguesQueryOptions());
}
