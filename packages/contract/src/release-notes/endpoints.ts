import { defineEndpoint } from '../common/endpoint.js';
import { ReleaseNotesQuerySchema, ReleaseNotesSchema } from './schemas.js';

export const listReleaseNotes = defineEndpoint({
  method: 'GET',
  path: '/api/v1/release-notes',
  summary:
    'The release notes, newest first; with search, only the notes whose title or text holds every word',
  tags: ['Release notes'],
  query: ReleaseNotesQuerySchema,
  responses: { 200: ReleaseNotesSchema },
  access: { permissions: ['SystemUpdates_VIEW'] },
});
