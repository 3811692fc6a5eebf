import { authEndpoints, type MagicLinkRequestSchema } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type MagicLinkRequest = z.input<typeof MagicLinkRequestSchema>;

/** Asks the server to e-mail a single-use sign-in link; answers the same whether or not the account exists. */
export function requestMagicLink(body: MagicLinkRequest) {
  return apiRequest(authEndpoints.requestMagicLink, { body });
}

export function useRequestMagicLink() {
  return useMutation({ mutationFn: requestMagicLink });
}
