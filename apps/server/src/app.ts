import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { CHAT_LIMITS } from '@b2b/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { registerFormBodies } from './lib/form-body.js';
import { createRecentLogLines } from './lib/recent-log-lines.js';
import { builtRoutePreloads, withPreloads } from './lib/route-preloads.js';
import { createResponseSerializerCompiler } from './lib/response-serializer.js';
import { registerApiRateLimit } from './plugins/api-rate-limit.js';
import { registerAuthorization, SESSION_COOKIE } from './plugins/authorize.js';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/errors.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerTextGuard } from './plugins/text-guard.js';
import { registerRoutes } from './routes.js';
import { createServices, type AppContext } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Merge Link's origins, allowed only while the accounting API is configured. */
function accountingOrigins(config: Config) {
  if (!config.merge.api) return { script: [], frame: [], connect: [] };
  const link = new URL(config.merge.linkScriptUrl).origin;
  return { script: [link], frame: [link], connect: [new URL(config.merge.api.baseUrl).origin] };
}

/** Builds the whole API (and the web app when built) on an open database. Used by main and tests. */

export async function buildApp(config: Config, database: DatabaseHandle): Promise<FastifyInstance> {
  // Every line also goes to memory for the debug logging screen (SPEC §2 Dev); the level of the
  // logger decides what is written, the streams take whatever it writes.
  const recentLines = createRecentLogLines();
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      stream: pino.multistream([
        { level: 'trace', stream: pino.destination(1) },
        { level: 'trace', stream: recentLines.stream },
      ]),
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,100}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.env === 'production',
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ checked: config.checkResponses }));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const services = createServices(config, database, app.log, recentLines);
  services.debugLogging.follow(app.log);
  app.addHook('onClose', async () => services.debugLogging.stop());
  const context: AppContext = { config, database, services };
  app.decorate('ctx', context);

  registerErrorHandler(app);
  registerSecurityHeaders(app, accountingOrigins(config));
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(rateLimit, { global: false });
  // Chat document uploads: a file over the limit is reported per file (truncated), not thrown.
  await app.register(multipart, {
    limits: { fileSize: config.chat.uploadMaxBytes, files: CHAT_LIMITS.uploadMaxFiles, fields: 10 },
    throwFileSizeLimit: false,
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'B2B Analytics API', version: '1.0.0' },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'b2b_session' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  registerAuthorization(app, services);
  registerFormBodies(app);
  registerApiRateLimit(app, services);
  registerTextGuard(app);
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  registerRoutes(app, context);
  registerWebApp(app, config.webDist ?? DEFAULT_WEB_DIST);
  return app;
}

/**
 * Serves the built single-page app: files from dist, index.html for app routes, and JSON 404s
 * for unknown API and asset paths (a missing script must not come back as HTML).
 */
function registerWebApp(app: FastifyInstance, dist: string): void {
  const hasWebApp = fs.existsSync(path.join(dist, 'index.html'));
  if (hasWebApp)
    void app.register(fastifyStatic, {
      root: dist,
      // The build writes .br and .gz copies (apps/web/build/compress-assets.ts).
      preCompressed: true,
      // Built assets are named by their content's hash: a changed file is a new name, so a
      // browser may keep each for a year. index.html is not hashed and is always revalidated.
      setHeaders(reply, filePath) {
        void reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  const routePreloads = builtRoutePreloads(dist);
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApiOrAsset = ['/api/', '/chat/', '/assets/'].some((p) => url.startsWith(p));
    if (!hasWebApp || isApiOrAsset || request.method !== 'GET') {
      return reply.code(404).send({
        success: false,
        message: `No route ${request.method} ${url}`,
        statusCode: 404,
        code: 'not-found',
      });
    }
    // A signed-in browser opening a signed-in page gets that page's scripts named in the HTML,
    // to fetch beside the entry (lib/route-preloads.ts). The cookie is only a hint here: a
    // stale one costs a few preloaded files, and the page itself still asks for the session.
    const files = request.cookies[SESSION_COOKIE] ? (routePreloads()?.(url) ?? []) : [];
    if (files.length === 0) return reply.type('text/html').sendFile('index.html');
    const indexHtml = await fs.promises.readFile(path.join(dist, 'index.html'), 'utf8');
    return reply
      .type('text/html')
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie')
      .send(withPreloads(indexHtml, files));
  });
}
