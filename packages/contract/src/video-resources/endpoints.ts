import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import {
  DeletedVideoResourceSchema,
  HubResourceListQuerySchema,
  HubResourceListSchema,
  ResourceContentQuerySchema,
  VideoResourceIdParamsSchema,
  VideoResourceListQuerySchema,
  VideoResourceListSchema,
  VideoResourceMetadataSchema,
  VideoResourceSchema,
} from './schemas.js';

const tags = ['Video resources'];
// SPEC §2: the analysis admin area's video-resources screens need both permissions.
const manage = { permissions: ['Analysis_Admin_Area_VIEW', 'VideoResources_CRUD'] } as const;
// SPEC §2: /resource-hub needs ResourceHubView; each resource's audience roles do the rest.
const hub = { permissions: ['ResourceHubView'] } as const;
const base = '/api/v1/video-resources';

export const listVideoResources = defineEndpoint({
  method: 'GET',
  path: base,
  summary: 'Every video resource, newest first; search matches title, description and tags',
  tags,
  query: VideoResourceListQuerySchema,
  responses: { 200: VideoResourceListSchema },
  access: manage,
});

export const getVideoResource = defineEndpoint({
  method: 'GET',
  path: `${base}/:videoResourceId`,
  summary: 'One video resource',
  tags,
  params: VideoResourceIdParamsSchema,
  responses: { 200: VideoResourceSchema },
  access: manage,
});

export const createVideoResource = defineEndpoint({
  method: 'POST',
  path: base,
  summary:
    'Upload a resource: multipart fields title, description, tags and audienceRoles (JSON lists), then the file in "file" (MP4, WebM or PDF by its content, at most VIDEO_MAX_BYTES). A refused upload stores nothing.',
  tags,
  multipart: true,
  responses: { 201: VideoResourceSchema },
  access: manage,
});

export const updateVideoResource = defineEndpoint({
  method: 'PUT',
  path: `${base}/:videoResourceId`,
  summary: 'Change the title, description, tags and audience roles',
  tags,
  params: VideoResourceIdParamsSchema,
  body: VideoResourceMetadataSchema,
  responses: { 200: VideoResourceSchema },
  access: manage,
});

export const replaceVideoResourceFile = defineEndpoint({
  method: 'PUT',
  path: `${base}/:videoResourceId/file`,
  summary:
    'Replace the file (multipart field "file"); a refused file leaves the resource as it was',
  tags,
  params: VideoResourceIdParamsSchema,
  multipart: true,
  responses: { 200: VideoResourceSchema },
  access: manage,
});

export const deleteVideoResource = defineEndpoint({
  method: 'DELETE',
  path: `${base}/:videoResourceId`,
  summary: 'Delete a resource and its file',
  tags,
  params: VideoResourceIdParamsSchema,
  responses: { 200: DeletedVideoResourceSchema },
  access: manage,
});

export const listHubResources = defineEndpoint({
  method: 'GET',
  path: '/api/v1/resource-hub/resources',
  summary:
    'The resources shared with the roles of the signed-in user; search matches title, description and tags',
  tags,
  query: HubResourceListQuerySchema,
  responses: { 200: HubResourceListSchema },
  access: hub,
});

export const getResourceContent = defineEndpoint({
  method: 'GET',
  path: '/api/v1/resource-hub/resources/:videoResourceId/content',
  summary:
    'The file of a resource the user may see, honouring a single HTTP Range (206, 416); 404 for a resource not shared with their roles',
  tags,
  params: VideoResourceIdParamsSchema,
  query: ResourceContentQuerySchema,
  responses: { 200: z.string() },
  access: hub,
});
