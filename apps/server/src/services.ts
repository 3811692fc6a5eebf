import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createBrandingsService } from './modules/brandings/brandings.service.js';
import { createIssuersService } from './modules/issuers/issuers.service.js';
import { createMailService } from './modules/mail/mail.service.js';
import { createSystemService } from './modules/system/system.service.js';
import { createUsersService } from './modules/users/users.service.js';

/** Wires every module's service to its dependencies: the one place modules meet. */
export function createServices(config: Config, database: DatabaseHandle, log: FastifyBaseLogger) {
  const { db } = database;
  const issuers = createIssuersService(db);
  const brandings = createBrandingsService(db, {
    issuerNameForBranding: issuers.issuerNameForBranding,
  });
  const mail = createMailService(db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  const users = createUsersService(db, {
    brandings,
    issuers,
    environmentFlags: config.environmentFlags,
  });
  const auth = createAuthService(
    db,
    {
      absoluteMs: config.sessionAbsoluteMs,
      idleMs: config.sessionIdleMs,
      idleAutoLogoutAvailable: config.idleAutoLogoutEnabled,
      loginMaxFailures: config.loginMaxFailures,
      loginWindowMs: config.loginWindowMs,
    },
    { users, issuers, mail },
  );
  const system = createSystemService(db);
  return { issuers, brandings, mail, users, auth, system };
}
export type Services = ReturnType<typeof createServices>;

export type AppContext = { config: Config; database: DatabaseHandle; services: Services };
