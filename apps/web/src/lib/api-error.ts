import { MESSAGES, type ErrorBody } from '@b2b/contract';
import { t } from './i18n/i18n';

/** Code used when a response does not match its contract schema or is not JSON at all. */
export const INVALID_RESPONSE_CODE = 'invalid-response';
/** Code used when the request never got an answer (offline, server down). */
export const NETWORK_ERROR_CODE = 'network-error';

/** A failed API call: the HTTP status, the server's message and its error code. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string | undefined;
  readonly fieldErrors: ErrorBody['errors'];

  constructor(
    status: number,
    message: string,
    code?: string,
    fieldErrors?: ErrorBody['errors'],
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

/** True for an ApiError with the given status (and code, when given). */
export function isApiError(error: unknown, status?: number, code?: string): error is ApiError {
  if (!(error instanceof ApiError)) return false;
  if (status !== undefined && error.status !== status) return false;
  return code === undefined || error.code === code;
}

/** The text to show for a failed call: the server's message, or the generic problem text. */
export function errorMessageOf(error: unknown): string {
  // The server words its problems with the contract's MESSAGES, which are translation keys; any
  // other message of its shows as sent (a text with no translation is its own key).
  return t(error instanceof ApiError ? error.message : MESSAGES.genericProblem);
}

/** The server's field errors (`body.currency`, `body.issuerEmailDomains[0]`) by form field name. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const list = error instanceof ApiError ? error.fieldErrors : undefined;
  return Object.fromEntries(
    (list ?? []).map((e) => [e.field.replace(/^body\./, ''), e.message] as const),
  );
}
