import { pgTable, text, uuid } from 'drizzle-orm/pg-core';

export const brandings = pgTable('brandings', {
  id: uuid('id').primaryKey().defaultRandom(),
  brandingKey: text('branding_key').notNull().unique(),
  theme: text('theme').notNull(),
  displayName: text('display_name').notNull(),
  /** The host this branding is served on; by-domain lookups match it case-insensitively. */
  fullDomainName: text('full_domain_name').unique(),
  emailSenderAddress: text('email_sender_address'),
  emailSenderName: text('email_sender_name'),
});
