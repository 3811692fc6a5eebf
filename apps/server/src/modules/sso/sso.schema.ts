import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { issuers } from '../issuers/issuer.schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An issuer's OpenID Connect sign-on: its users (and so its branding's domain) may sign in at
 * this provider. The client secret is sealed with lib/secret-box.ts under SECRETS_KEY and never
 * leaves the server. One per issuer.
 */
export const issuerSsoConfigs = pgTable('issuer_sso_configs', {
  issuerId: uuid('issuer_id')
    .primaryKey()
    .references(() => issuers.id, { onDelete: 'cascade' }),
  issuerUrl: text('issuer_url').notNull(),
  clientId: text('client_id').notNull(),
  sealedClientSecret: text('sealed_client_secret').notNull(),
  enabled: boolean('enabled').notNull(),
  buttonLabel: text('button_label'),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});
