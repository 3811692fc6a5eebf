import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import {
  AiPromptListItemSchema,
  AiPromptSchema,
  AiPromptTestResultSchema,
  CreateAiPromptSchema,
  TestAiPromptSchema,
} from './schemas.js';

const tags = ['AI prompts'];
const manage = {
  permissions: ['Analysis_Admin_Area_VIEW', 'Analysis_Admin_AiPrompts_CRUD'],
} as const;
const PromptParamsSchema = z.object({ promptId: z.uuid() });

export const listAiPrompts = defineEndpoint({
  method: 'GET',
  path: '/api/v1/ai-prompts',
  summary: 'Every version of every prompt, newest first, the active one of each purpose marked',
  tags,
  responses: { 200: z.array(AiPromptListItemSchema) },
  access: manage,
});

export const getAiPrompt = defineEndpoint({
  method: 'GET',
  path: '/api/v1/ai-prompts/:promptId',
  summary: 'One prompt version with its text',
  tags,
  params: PromptParamsSchema,
  responses: { 200: AiPromptSchema },
  access: manage,
});

/** Versions are never edited: a change is saved as a new version. Audited. */
export const createAiPrompt = defineEndpoint({
  method: 'POST',
  path: '/api/v1/ai-prompts',
  summary: 'Save a new version of a purpose’s prompt (optionally making it the active one)',
  tags,
  body: CreateAiPromptSchema,
  responses: { 201: AiPromptSchema },
  access: manage,
});

/** The chat and the other users of the purpose take it from their next request. Audited. */
export const activateAiPrompt = defineEndpoint({
  method: 'POST',
  path: '/api/v1/ai-prompts/:promptId/activate',
  summary: 'Make this version its purpose’s active prompt',
  tags,
  params: PromptParamsSchema,
  responses: { 200: AiPromptSchema },
  access: manage,
});

export const testAiPrompt = defineEndpoint({
  method: 'POST',
  path: '/api/v1/ai-prompts/:promptId/test',
  summary:
    'Run this version on sample input with the configured model, or an offline check (labelled) when none is configured',
  tags,
  params: PromptParamsSchema,
  body: TestAiPromptSchema,
  readsOnly: true,
  responses: { 200: AiPromptTestResultSchema },
  access: manage,
});
