import { type SendEmailRequest, toolsEndpoints } from '@b2b/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Sends a test e-mail; answers the mail server's reply (or that it went to the outbox). */
export function sendEmail(body: SendEmailRequest) {
  return apiRequest(toolsEndpoints.sendEmail, { body });
}

export function useSendEmail() {
  return useMutation({ mutationFn: sendEmail });
}
