import { type ParseAddressRequest, toolsEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Splits one address into its components (the model when configured, else the rules). */
export function parseAddress(body: ParseAddressRequest) {
  return apiRequest(toolsEndpoints.parseAddress, { body });
}

export function useParseAddress() {
  return useMutation({ mutationFn: parseAddress });
}
