import { defineEndpoint } from '../common/endpoint.js';
import { PagedListRequestSchema, pagedResponseSchema } from '../common/paged-list.js';
import { SystemLogEntrySchema } from './schemas.js';

export const listSystemLogs = defineEndpoint({
  method: 'POST',
  path: '/api/v1/system-logs/get',
  summary: 'A page of the administrative audit trail (newest first unless sorted)',
  tags: ['System logs'],
  body: PagedListRequestSchema,
  readsOnly: true,
  responses: { 200: pagedResponseSchema(SystemLogEntrySchema) },
  access: { permissions: ['SystemLogs_VIEW'] },
});
