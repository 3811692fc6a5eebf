import { datapointProfilesEndpoints, type DatapointProfileSave } from '@b2b/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/**
 * Creates a datapoint profile, or changes the one with `id`. The server refuses a datapoint no
 * supplier result has with a 400 naming it (`body.datapoints[i]`).
 */
export function saveDatapointProfile({ id, body }: { id?: string; body: DatapointProfileSave }) {
  return id
    ? apiRequest(datapointProfilesEndpoints.updateDatapointProfile, { params: { id }, body })
    : apiRequest(datapointProfilesEndpoints.createDatapointProfile, { body });
}

export function useSaveDatapointProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDatapointProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.datapointProfiles }),
  });
}
