import { defineEndpoint } from '../common/endpoint.js';
import {
  AppTimestampSchema,
  ClientConfigSchema,
  SetSystemModeQuerySchema,
  SystemModeResponseSchema,
} from './schemas.js';

const tags = ['System'];

export const getSystemMode = defineEndpoint({
  method: 'GET',
  path: '/api/v1/system-mode',
  summary: 'The system mode: Live, ReadOnly or Maintenance',
  tags,
  responses: { 200: SystemModeResponseSchema },
  access: { public: true },
});

/** The new mode is sent as a query parameter (`?mode=Maintenance`). */
export const setSystemMode = defineEndpoint({
  method: 'POST',
  path: '/api/v1/system-mode',
  summary: 'Switch the system mode',
  tags,
  query: SetSystemModeQuerySchema,
  responses: { 200: SystemModeResponseSchema },
  access: { permissions: ['SystemModeUpdate'] },
});

export const getAppTimestamp = defineEndpoint({
  method: 'GET',
  path: '/api/v1/system-data/app-timestamp',
  summary: 'The deployed application version timestamp (the client reloads when it changes)',
  tags,
  responses: { 200: AppTimestampSchema },
  access: { public: true },
});

export const updateAppTimestamp = defineEndpoint({
  method: 'POST',
  path: '/api/v1/system-data/app-timestamp',
  summary: 'Set the application timestamp to now, telling open clients to refresh',
  tags,
  responses: { 200: AppTimestampSchema },
  access: { permissions: ['AppTimestamp_UPDATE'] },
});

export const getClientConfig = defineEndpoint({
  method: 'GET',
  path: '/api/v1/system-data/client-config',
  summary:
    'Site configuration the web app needs: environment, idle and version-check timings, notices',
  tags,
  responses: { 200: ClientConfigSchema },
  access: { public: true },
});
