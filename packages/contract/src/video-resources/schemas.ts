import { z } from 'zod';
import { RoleSchema } from '../permissions.js';

/**
 * Video resources and the resource hub (SPEC §2 analysis admin video-resources, /resource-hub):
 * videos (MP4, WebM) and documents (PDF) that administrators share with chosen roles.
 * Resources are platform-wide, not an issuer's: the audience roles alone decide who sees one.
 */

/** The file types a resource may hold, recognised by their first bytes, never by the name. */
export const VIDEO_RESOURCE_CONTENT_TYPES = ['video/mp4', 'video/webm', 'application/pdf'] as const;
export const VideoResourceContentTypeSchema = z.enum(VIDEO_RESOURCE_CONTENT_TYPES);
export type VideoResourceContentType = z.infer<typeof VideoResourceContentTypeSchema>;

export const VideoResourceKindSchema = z.enum(['video', 'document']);
export type VideoResourceKind = z.infer<typeof VideoResourceKindSchema>;

export const VIDEO_RESOURCE_TEXTS = {
  hubEmpty: 'Nothing has been shared with your roles yet.',
  noMatch: 'No resource matches your search.',
  wrongType: 'is not an MP4 or WebM video or a PDF document',
} as const;

export const VideoResourceIdParamsSchema = z.strictObject({
  videoResourceId: z.uuid({ error: 'videoResourceId must be the id of a video resource' }),
});

const tag = z
  .string()
  .trim()
  .min(1, { error: 'tags: a tag must not be empty' })
  .max(40, { error: 'tags: a tag has at most 40 characters' });

/** What an administrator writes about a resource (the file travels beside it). */
export const VideoResourceMetadataSchema = z.strictObject({
  title: z
    .string({ error: 'title is required' })
    .trim()
    .min(1, { error: 'title is required' })
    .max(200, { error: 'title has at most 200 characters' }),
  description: z
    .string({ error: 'description must be text' })
    .trim()
    .max(4000, { error: 'description has at most 4000 characters' })
    .default(''),
  tags: z
    .array(tag, { error: 'tags must be a list of words' })
    .max(20, { error: 'tags: at most 20 tags' })
    .default([]),
  audienceRoles: z
    .array(RoleSchema, { error: 'audienceRoles must be a list of role names' })
    .min(1, { error: 'audienceRoles: choose at least one role' }),
});
export type VideoResourceMetadata = z.infer<typeof VideoResourceMetadataSchema>;

/** A resource as the hub shows it. */
export const HubResourceSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  kind: VideoResourceKindSchema,
  contentType: VideoResourceContentTypeSchema,
  fileName: z.string(),
  sizeBytes: z.number().int(),
  fileUpdatedAt: z.iso.datetime(),
});
export type HubResource = z.infer<typeof HubResourceSchema>;

/** A resource as its administrators see it: who may see it and who changed it. */
export const VideoResourceSchema = HubResourceSchema.extend({
  audienceRoles: z.array(RoleSchema),
  createdBy: z.string(),
  updatedBy: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type VideoResource = z.infer<typeof VideoResourceSchema>;

const search = z
  .string()
  .trim()
  .max(200, { error: 'search has at most 200 characters' })
  .optional();

export const VideoResourceListQuerySchema = z.strictObject({ search });

export const VideoResourceListSchema = z.object({ items: z.array(VideoResourceSchema) });
export type VideoResourceList = z.infer<typeof VideoResourceListSchema>;

export const HubResourceListQuerySchema = z.strictObject({
  search,
  tag: tag.optional(),
});

/** What the user's roles may see, and every tag among it (the hub's tag filter). */
export const HubResourceListSchema = z.object({
  items: z.array(HubResourceSchema),
  tags: z.array(z.string()),
});
export type HubResourceList = z.infer<typeof HubResourceListSchema>;

export const ResourceContentQuerySchema = z.strictObject({
  /** `true`: sent as an attachment (download) instead of shown inline. */
  download: z.enum(['true', 'false'], { error: 'download must be true or false' }).optional(),
});

export const DeletedVideoResourceSchema = z.object({ id: z.uuid() });
