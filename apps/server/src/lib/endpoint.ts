import type { Endpoint } from '@b2b/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Actor } from './actor.js';
import { AppError } from './app-error.js';

type In<S> = S extends z.ZodType ? z.output<S> : undefined;
type Out<E extends Endpoint> = E['responses'] extends { 200: infer R }
  ? R extends z.ZodType
    ? z.input<R>
    : unknown
  : E['responses'] extends { 201: infer R }
    ? R extends z.ZodType
      ? z.input<R>
      : unknown
    : void;

/** What a handler receives: the validated input and, on protected routes, the actor. */
export type EndpointInput<E extends Endpoint> = {
  body: In<E['body']>;
  query: In<E['query']>;
  params: In<E['params']>;
  actor: E['access'] extends { public: true } ? Actor | null : Actor;
  request: FastifyRequest;
  reply: FastifyReply;
};

export type EndpointHandler<E extends Endpoint> = (input: EndpointInput<E>) => Promise<Out<E>>;

/** Route config our hooks read: the access declaration lives on every route. */
export type RouteAccessConfig = {
  access?: Endpoint['access'];
  alwaysAvailable?: boolean;
  readsOnly?: boolean;
  keepsSessions?: boolean;
  /** The body may come as an HTML form (see Endpoint.acceptsForm and lib/form-body.ts). */
  acceptsForm?: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Endpoint['access'];
    /** Answered in every system mode (sign-in, the mode itself, who-am-I calls). */
    alwaysAvailable?: boolean;
    /** A POST that changes nothing (a paged list or a search; see Endpoint.readsOnly). */
    readsOnly?: boolean;
    /** A call that writes nothing a session carries (see Endpoint.keepsSessions). */
    keepsSessions?: boolean;
    /** The body may come as an HTML form (see lib/form-body.ts). */
    acceptsForm?: boolean;
  }
}

/** What an `acceptsForm` endpoint takes, as the API documentation lists it. */
const FORM_CONTENT_TYPES = [
  'application/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
];

/**
 * Registers one contract endpoint: its schemas validate input and serialise output, its access
 * declaration is enforced by the authorize plugin. Routes stay declarative and thin.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: {
    alwaysAvailable?: boolean;
    routeConfig?: Record<string, unknown>;
    /** The route's own log level (probes called every few seconds log only problems). */
    logLevel?: 'warn';
  } = {},
): void {
  const response: Record<number, z.ZodType> = {};
  for (const [status, schema] of Object.entries(endpoint.responses)) {
    if (schema) response[Number(status)] = schema;
  }
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    config: {
      ...options.routeConfig,
      ...({
        access: endpoint.access,
        alwaysAvailable: options.alwaysAvailable,
        readsOnly: endpoint.readsOnly,
        keepsSessions: endpoint.keepsSessions,
        acceptsForm: endpoint.acceptsForm,
      } satisfies RouteAccessConfig),
    },

    schema: {
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.acceptsForm ? { consumes: FORM_CONTENT_TYPES } : {}),
      response,
    },
    handler: async (request, reply) => {
      const actor = request.actor;
      if (!('public' in endpoint.access) && !actor)
        throw AppError.unauthorized(request.sessionExpired);
      const result = await handler({
        body: request.body as In<E['body']>,
        query: request.query as In<E['query']>,
        params: request.params as In<E['params']>,
        actor: actor as EndpointInput<E>['actor'],
        request,
        reply,
      });
      if (reply.sent) return reply;
      return result;
    },
  });
}
