import { defineEndpoint } from '../common/endpoint.js';
import {
  AppConfigSchema,
  BackgroundServiceSchema,
  MemoryHogRequestSchema,
  MemoryHogStateSchema,
  SetBackgroundServiceSchema,
} from './schemas.js';

const tags = ['Runtime'];

export const getAppConfig = defineEndpoint({
  method: 'GET',
  path: '/api/v1/runtime/app-config',
  summary: 'The running configuration, every setting with its source, secrets masked',
  tags,
  responses: { 200: AppConfigSchema },
  access: { permissions: ['AppConfig_VIEW'] },
});

export const getBackgroundService = defineEndpoint({
  method: 'GET',
  path: '/api/v1/runtime/background-service',
  summary: "Whether this process's in-process ProQ workers take new commands",
  tags,
  responses: { 200: BackgroundServiceSchema },
  access: { permissions: ['BackgroundService_TOGGLE'] },
});

export const setBackgroundService = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/runtime/background-service',
  summary: "Pause or resume this process's in-process ProQ workers (running commands finish)",
  tags,
  body: SetBackgroundServiceSchema,
  responses: { 200: BackgroundServiceSchema },
  access: { permissions: ['BackgroundService_TOGGLE'] },
});

export const getMemoryHog = defineEndpoint({
  method: 'GET',
  path: '/api/v1/runtime/memory-hog',
  summary: 'The memory-pressure exercise under way, if any, and the resident memory',
  tags,
  responses: { 200: MemoryHogStateSchema },
  access: { permissions: ['MemoryHog_TRIGGER'] },
});

export const startMemoryHog = defineEndpoint({
  method: 'POST',
  path: '/api/v1/runtime/memory-hog',
  summary: 'Hold the given memory for the given seconds, then let it go (one at a time)',
  tags,
  body: MemoryHogRequestSchema,
  responses: { 200: MemoryHogStateSchema },
  access: { permissions: ['MemoryHog_TRIGGER'] },
});
