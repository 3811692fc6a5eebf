import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import {
  LanguageParamsSchema,
  MyLanguageSchema,
  RemoveTranslationOverrideSchema,
  SetTranslationOverrideSchema,
  SetUserLanguageSchema,
  TranslationBundleSchema,
  TranslationEntrySchema,
  TranslationLanguageSchema,
} from './schemas.js';

const tags = ['Translations'];
/** Reading the catalogue (ReadOnly mode grants it to every eligible user, SPEC §6). */
const view = { permissions: ['Translations_VIEW'] } as const;
/** Changing it: the screen of SPEC §2 Analysis admin. */
const manage = { permissions: ['Analysis_Admin_Area_VIEW', 'Translations_CRUD'] } as const;

/** Public: the sign-in page is translated too. Only UI strings, nothing of any issuer's data. */
export const getTranslationBundle = defineEndpoint({
  method: 'GET',
  path: '/api/v1/translations/bundles/:language',
  summary: 'The UI strings of a language: shipped translations with the overrides on top',
  tags,
  params: LanguageParamsSchema,
  responses: { 200: TranslationBundleSchema },
  access: { public: true },
});

export const listTranslationLanguages = defineEndpoint({
  method: 'GET',
  path: '/api/v1/translations/languages',
  summary: 'Every UI language with how many strings are missing or overridden',
  tags,
  responses: { 200: z.array(TranslationLanguageSchema) },
  access: view,
});

export const listTranslationEntries = defineEndpoint({
  method: 'GET',
  path: '/api/v1/translations/languages/:language/entries',
  summary: 'Every UI string of a language: shipped text, override and what users see',
  tags,
  params: LanguageParamsSchema,
  responses: { 200: z.array(TranslationEntrySchema) },
  access: view,
});

/** Takes effect for every user on their next page load, without a rebuild. Audited. */
export const setTranslationOverride = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/translations/overrides',
  summary: 'Override one UI string in one language',
  tags,
  body: SetTranslationOverrideSchema,
  responses: { 200: TranslationEntrySchema },
  access: manage,
});

/** The string goes back to the shipped text (or English). Audited. */
export const removeTranslationOverride = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/translations/overrides',
  summary: 'Remove an override of one UI string',
  tags,
  query: RemoveTranslationOverrideSchema,
  responses: { 200: TranslationEntrySchema },
  access: manage,
});

export const getMyLanguage = defineEndpoint({
  method: 'GET',
  path: '/api/v1/users/user-language',
  summary: 'The UI language you see, and whether it is your choice or your issuer’s',
  tags,
  responses: { 200: MyLanguageSchema },
  access: { permissions: [] },
});

/** Any signed-in user: the language switcher in the toolbar. */
export const setMyLanguage = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/users/user-language',
  summary: 'Choose your UI language, or follow your issuer’s again (null)',
  tags,
  body: SetUserLanguageSchema,
  responses: { 200: MyLanguageSchema },
  access: { permissions: [] },
});
