import { endpointPath, ErrorBodySchema, MESSAGES, type Endpoint } from '@b2b/contract';
import type { z } from 'zod';
import { ApiError, INVALID_RESPONSE_CODE, NETWORK_ERROR_CODE } from './api-error';
import { reportApiError } from './api-events';

/** The CSRF defence: the server refuses state-changing calls without this header. */
export const CSRF_HEADER = 'x-csrf-protection';
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** What a successful call returns: the parsed 200 (or 201) schema, nothing for 204. */
export type ApiResponse<E extends Endpoint> = E['responses'] extends {
  200: infer S extends z.ZodType;
}
  ? z.output<S>
  : E['responses'] extends { 201: infer S extends z.ZodType }
    ? z.output<S>
    : undefined;

/** Body, path parameters and query of a call, typed by the endpoint's own schemas. */
export type ApiRequestOptions<E extends Endpoint> = {
  body?: Input<E['body']>;
  params?: Input<E['params']>;
  query?: Input<E['query']>;
  signal?: AbortSignal;
};

function urlOf(endpoint: Endpoint, params: unknown, query: unknown): string {
  const path = endpointPath(endpoint.path, (params ?? {}) as Record<string, string | number>);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

async function errorFrom(response: Response): Promise<ApiError> {
  const parsed = ErrorBodySchema.safeParse(await readJson(response).catch(() => undefined));
  if (parsed.success) {
    const { message, code, errors } = parsed.data;
    return new ApiError(response.status, message, code, errors);
  }
  // Proxies and crashed servers answer without our error body.
  return new ApiError(response.status, MESSAGES.genericProblem);
}

/**
 * Calls one contract endpoint: JSON in and out, the session cookie, the CSRF header on
 * state-changing methods. Failures throw ApiError; successful bodies are checked against the
 * endpoint's response schema, so a screen never renders a shape it was not written for.
 */
export async function apiRequest<E extends Endpoint>(
  endpoint: E,
  options: ApiRequestOptions<E> = {},
): Promise<ApiResponse<E>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (STATE_CHANGING.has(endpoint.method)) headers[CSRF_HEADER] = '1';
  // No content type without a body: the server rejects an empty JSON body.
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(urlOf(endpoint, options.params, options.query), {
      method: endpoint.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(0, MESSAGES.genericProblem, NETWORK_ERROR_CODE, undefined, { cause });
  }
  if (!response.ok) {
    const error = await errorFrom(response);
    reportApiError(error);
    throw error;
  }

  const schema = endpoint.responses[200] ?? endpoint.responses[201];
  if (!schema || response.status === 204) return undefined as ApiResponse<E>;
  try {
    return schema.parse(await readJson(response)) as ApiResponse<E>;
  } catch (cause) {
    throw new ApiError(response.status, MESSAGES.genericProblem, INVALID_RESPONSE_CODE, undefined, {
      cause,
    });
  }
}

/** Share of an upload sent so far, 0–1. */
export type UploadProgress = (fraction: number) => void;

function parseText(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends multipart form data to one contract endpoint. XMLHttpRequest rather than fetch: only it
 * reports upload progress. Failures reject with ApiError (the server's message when it sent
 * one) and the answer is checked against the endpoint's response schema, as in apiRequest.
 */
export function uploadWithProgress<E extends Endpoint>(
  endpoint: E,
  options: Pick<ApiRequestOptions<E>, 'params' | 'query'> & {
    form: FormData;
    onProgress?: UploadProgress;
  },
): Promise<ApiResponse<E>> {
  const schema = endpoint.responses[200] ?? endpoint.responses[201];
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, urlOf(endpoint, options.params, options.query));
    xhr.setRequestHeader(CSRF_HEADER, '1');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, MESSAGES.genericProblem, NETWORK_ERROR_CODE));
    xhr.onload = () => {
      const body = parseText(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        const error = ErrorBodySchema.safeParse(body);
        return reject(
          error.success
            ? new ApiError(xhr.status, error.data.message, error.data.code, error.data.errors)
            : new ApiError(xhr.status, MESSAGES.genericProblem),
        );
      }
      const result = schema?.safeParse(body);
      if (result?.success) resolve(result.data as ApiResponse<E>);
      else reject(new ApiError(xhr.status, MESSAGES.genericProblem, INVALID_RESPONSE_CODE));
    };
    xhr.send(options.form);
  });
}
