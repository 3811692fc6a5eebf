import { type ValidateAddressRequest, toolsEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Checks one address; answers its components and each problem with its reason. */
export function validateAddress(body: ValidateAddressRequest) {
  return apiRequest(toolsEndpoints.validateAddress, { body });
}

export function useValidateAddress() {
  return useMutation({ mutationFn: validateAddress });
}
