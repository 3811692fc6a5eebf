import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import {
  AugmentedTextQuerySchema,
  AugmentedTextSchema,
  AugmentedTextStatusSchema,
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

export const getAugmentedTextStatus = defineEndpoint({
  method: 'GET',
  path: '/api/v1/augmented-text',
  summary: 'Whether a job summary narrative prompt is selected, and whether a model writes it',
  tags,
  responses: { 200: AugmentedTextStatusSchema },
  access: { permissions: ['JobRead', 'JobTab_Summary_VIEW'] },
});

/**
 * A narrative of the job's summary figures (SPEC §7 System: POST carries query parameters):
 * written by the model from the active prompt, or by the offline template.
 */
export const writeAugmentedText = defineEndpoint({
  method: 'POST',
  path: '/api/v1/augmented-text',
  summary:
    "Write a narrative of a job's summary figures (the model from the active prompt, or the offline template)",
  tags,
  query: AugmentedTextQuerySchema,
  readsOnly: true,
  responses: { 200: AugmentedTextSchema },
  access: { permissions: ['JobRead', 'JobTab_Summary_VIEW'] },
});
