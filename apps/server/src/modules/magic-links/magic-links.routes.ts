import { magicLinksEndpoints as endpoints, mergeLinksEndpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { registerEndpoint } from '../../lib/endpoint.js';
import { SESSION_COOKIE } from '../../plugins/authorize.js';
import type { AppContext } from '../../services.js';

/** The public upload link: a person opens it and uploads a few times at most (per address). */
const PUBLIC_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export function registerMagicLinksRoutes(
  app: FastifyInstance,
  { config, services }: AppContext,
): void {
  const { magicLinks } = services;
  const secure = config.publicUrl?.startsWith('https://') ?? false;
  registerEndpoint(app, endpoints.listMagicLinks, ({ actor, query }) =>
    magicLinks.list(actor, query.status),
  );
  registerEndpoint(app, endpoints.listUploadLinkJobs, ({ actor, query }) =>
    magicLinks.uploadJobs(actor, query.kind),
  );
  registerEndpoint(app, endpoints.createMagicLink, async ({ actor, body, reply }) => {
    reply.code(201);
    return magicLinks.create(actor, body);
  });
  registerEndpoint(app, endpoints.revokeMagicLink, ({ actor, params }) =>
    magicLinks.revoke(actor, params.linkId),
  );
  registerEndpoint(
    app,
    endpoints.getUploadLink,
    ({ params, request }) => magicLinks.uploadPage(params.token, request.ip),
    { routeConfig: PUBLIC_RATE_LIMIT },
  );
  registerEndpoint(
    app,
    endpoints.uploadThroughLink,
    async ({ params, query, request, reply }) => {
      // A dead link is answered before a byte of the file is read.
      await magicLinks.checkUpload(params.token, request.ip);
      if (!request.isMultipart())
        throw AppError.badRequest('Send the file as multipart/form-data.', 'file');
      // The job upload's limit, as the resource guard has it now: the file goes through the
      // jobs module's upload, which checks the same limit.
      const part = await request.file({
        limits: { fileSize: await services.resourceGuard.uploadMaxBytes(), files: 1 },
      });
      if (!part)
        throw AppError.badRequest('Attach the file in the multipart field "file".', 'file');
      const result = await magicLinks.upload(
        params.token,
        query.role,
        { filename: part.filename, stream: part.file },
        request.ip,
      );
      reply.code(201);
      return result;
    },
    { routeConfig: PUBLIC_RATE_LIMIT },
  );
  // MergeMagicLink: the accounting link's public page (the link is the only key).
  registerEndpoint(
    app,
    mergeLinksEndpoints.getAccountingLink,
    ({ params, request }) => magicLinks.accountingPage(params.token, request.ip),
    { routeConfig: PUBLIC_RATE_LIMIT },
  );
  registerEndpoint(
    app,
    mergeLinksEndpoints.startPublicAccountingLink,
    async ({ params, request, reply }) => {
      const started = await magicLinks.startAccounting(params.token, request.ip);
      reply.code(201);
      return started;
    },
    { routeConfig: PUBLIC_RATE_LIMIT },
  );
  registerEndpoint(
    app,
    mergeLinksEndpoints.completePublicAccountingLink,
    async ({ params, body, request, reply }) => {
      const done = await magicLinks.completeAccounting(params.token, body.publicToken, request.ip);
      reply.code(201);
      return done;
    },
    { routeConfig: PUBLIC_RATE_LIMIT },
  );
  // A results link (SPEC §3 MagicLinkUser): signs the person in, as auth's sign-in does, with a
  // session cookie that ends with the link.
  registerEndpoint(
    app,
    endpoints.openResultsLink,
    async ({ params, request, reply }) => {
      const { sessionToken, page } = await magicLinks.openResults(params.token, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      reply.setCookie(SESSION_COOKIE, sessionToken, {
        httpOnly: true,
        sameSite: 'lax',
        secure: secure || request.protocol === 'https',
        path: '/',
        expires: new Date(page.expiresAt),
      });
      reply.code(201);
      return page;
    },
    { routeConfig: PUBLIC_RATE_LIMIT },
  );
}
