import { type Endpoint, ErrorBodySchema, MESSAGES } from '@b2b/contract';
import { CSRF_HEADER } from '../../../lib/api-client';
import { ApiError, NETWORK_ERROR_CODE } from '../../../lib/api-error';

/**
 * Posts multipart form data to one of the anonymizer's endpoints and answers the raw response
 * (JSON for the preview, the CSV for the download). Failures throw ApiError with the server's
 * message. fetch rather than uploadWithProgress: the download's answer is a file, not JSON.
 */
export async function postForm(endpoint: Endpoint, form: FormData): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(endpoint.path, {
      method: endpoint.method,
      headers: { [CSRF_HEADER]: '1' },
      body: form,
      credentials: 'same-origin',
    });
  } catch (cause) {
    throw new ApiError(0, MESSAGES.genericProblem, NETWORK_ERROR_CODE, undefined, { cause });
  }
  if (!response.ok) {
    const error = ErrorBodySchema.safeParse(await response.json().catch(() => undefined));
    throw error.success
      ? new ApiError(response.status, error.data.message, error.data.code, error.data.errors)
      : new ApiError(response.status, MESSAGES.genericProblem);
  }
  return response;
}
