import { jobsEndpoints, type WizardIssuerSchema } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { jobsQueryKeys } from './jobs-query-keys';

type WizardIssuer = z.infer<typeof WizardIssuerSchema>;
export type WizardBuyerInput = { issuerId: string; name: string; countryIso3?: string };

/** The wizard's "New buyer": a buyer of the issuer, created without leaving the setup step. */
export function createWizardBuyer(body: WizardBuyerInput) {
  return apiRequest(jobsEndpoints.createWizardBuyer, { body });
}

export function useCreateWizardBuyer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWizardBuyer,
    onSuccess: (buyer) => {
      // Listed at once, so the buyer select can show the new buyer before the list is reread.
      queryClient.setQueryData<WizardIssuer[]>(jobsQueryKeys.wizardIssuers, (issuers) =>
        issuers?.map((issuer) =>
          issuer.id === buyer.issuerId
            ? {
                ...issuer,
                buyers: [
                  ...issuer.buyers,
                  { id: buyer.id, name: buyer.name, countryIso3: buyer.countryIso3 },
                ],
              }
            : issuer,
        ),
      );
      return queryClient.invalidateQueries({ queryKey: jobsQueryKeys.wizardIssuers });
    },
  });
}
