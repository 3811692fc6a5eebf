import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Every mail the product sends is written here first; with SMTP configured it is then sent. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /** 'outbox' when no SMTP is configured, else 'smtp'. */
  transport: text('transport').notNull(),
  error: text('error'),
});
