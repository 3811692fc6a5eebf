import { bigint, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Video resources (SPEC §2 analysis admin video-resources, /resource-hub): a video or PDF in the
 * file storage under `file_key` with what administrators wrote about it. Platform-wide, not an
 * issuer's: `audience_roles` (role names) alone decide which users see it in the hub. A row
 * always has its file: the file is stored before the row is written, and each upload gets a
 * fresh key, so a replaced file is deleted only after the row points at the new one.
 */
export const videoResources = pgTable('video_resources', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  tags: text('tags').array().notNull().default([]),
  audienceRoles: text('audience_roles').array().notNull(),
  /** video/mp4, video/webm or application/pdf, from the file's first bytes. */
  contentType: text('content_type').notNull(),
  fileName: text('file_name').notNull(),
  fileKey: text('file_key').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  fileUpdatedAt: tz('file_updated_at').notNull().defaultNow(),
  createdBy: text('created_by').notNull(),
  updatedBy: text('updated_by').notNull(),
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});
