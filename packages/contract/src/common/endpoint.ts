import type { z } from 'zod';
import type { AnyPermission } from '../permissions.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. Every endpoint declares one of these; the server refuses to start
 * when a route has none. `permissions: []` means "any signed-in user".
 */
export type EndpointAccess = { public: true } | { permissions: readonly AnyPermission[] };

/** One endpoint of the API: the single definition the server validates with and the web calls. */
export type Endpoint = {
  method: HttpMethod;
  /** Fastify-style path, e.g. `/api/v1/users/:id`. */
  path: string;
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Bodies sent as multipart/form-data are parsed by the route, not by a schema. */
  multipart?: boolean;
  /**
   * The body may also come as an HTML form (application/x-www-form-urlencoded or the fields of
   * multipart/form-data), validated by the same `body` schema (SPEC §7 "Form with id").
   */
  acceptsForm?: true;
  /** 503: a body the endpoint answers when it is not able to serve (the readiness probe). */
  responses: Partial<Record<200 | 201 | 204 | 503, z.ZodType>>;
  access: EndpointAccess;
  /**
   * A POST that only reads: a paged list request or a search carries its query as a body, yet
   * changes nothing, so it is answered in read-only mode and keeps cached sessions.
   */
  readsOnly?: true;
  /**
   * A call that writes, but nothing a session carries (the user, their roles and issuers, the
   * session itself): cached sessions are kept. Asked many times a minute (a chat question), it
   * would otherwise send every user's next call to the database for their session.
   */
  keepsSessions?: true;
};

/** Identity helper that keeps the literal types of an endpoint object. */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

/** Fills `:name` placeholders of an endpoint path. */
export function endpointPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
