import type { ApiError } from './api-error';

type ApiErrorListener = (error: ApiError) => void;

const listeners = new Set<ApiErrorListener>();

/**
 * Subscribes to every failed API call. Some answers concern the whole app rather than the
 * screen that made the call (an expired session, the system going into maintenance), so the
 * frame listens here instead of every screen handling them.
 */
export function onApiError(listener: ApiErrorListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Called by the API client for each failed call. */
export function reportApiError(error: ApiError): void {
  for (const listener of listeners) listener(error);
}
