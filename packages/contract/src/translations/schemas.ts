import { z } from 'zod';
import { ISSUER_LANGUAGES } from '../issuers/languages.js';

/**
 * The UI's languages are the issuer languages SPEC §3 lists (`getAllIssuerLanguages`). A key of
 * the catalogue is the English text itself, so English needs no shipped strings and a missing
 * translation falls back to English by construction (docs/architecture.md, "Translations").
 */
export const UI_LANGUAGE_KEYS: readonly string[] = ISSUER_LANGUAGES.map((language) => language.key);
export const UiLanguageSchema = z.enum(UI_LANGUAGE_KEYS as [string, ...string[]], {
  error: `must be one of ${UI_LANGUAGE_KEYS.join(', ')}`,
});

export const LanguageParamsSchema = z.object({ language: UiLanguageSchema });

/** What the browser loads for a language: shipped strings with the admins' overrides on top. */
export const TranslationBundleSchema = z.object({
  language: z.string(),
  /** Changes whenever an override of the language changes; the web refetches on a new one. */
  version: z.string(),
  strings: z.record(z.string(), z.string()),
});
export type TranslationBundle = z.infer<typeof TranslationBundleSchema>;

/** One language on the Translations screen, with how complete it is. */
export const TranslationLanguageSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** The product ships a full translation of the language (English is the keys themselves). */
  shipped: z.boolean(),
  total: z.number().int(),
  /** Keys with neither a shipped translation nor an override: shown in English. */
  missing: z.number().int(),
  overridden: z.number().int(),
});
export type TranslationLanguage = z.infer<typeof TranslationLanguageSchema>;

export const TranslationStatusSchema = z.enum(['translated', 'overridden', 'missing']);
export type TranslationStatus = z.infer<typeof TranslationStatusSchema>;

/** One UI string of one language: the English key, what ships, and an admin's override. */
export const TranslationEntrySchema = z.object({
  key: z.string(),
  shipped: z.string().nullable(),
  override: z.string().nullable(),
  /** What users see: the override, else the shipped text, else the English key. */
  effective: z.string(),
  status: TranslationStatusSchema,
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type TranslationEntry = z.infer<typeof TranslationEntrySchema>;

export const MAX_TRANSLATION_LENGTH = 2000;

export const SetTranslationOverrideSchema = z.strictObject({
  language: UiLanguageSchema,
  key: z.string().min(1).max(MAX_TRANSLATION_LENGTH),
  text: z
    .string()
    .max(MAX_TRANSLATION_LENGTH)
    .refine((text) => text.trim().length > 0, 'must not be blank'),
});
export type SetTranslationOverride = z.infer<typeof SetTranslationOverrideSchema>;

export const RemoveTranslationOverrideSchema = z.strictObject({
  language: UiLanguageSchema,
  key: z.string().min(1).max(MAX_TRANSLATION_LENGTH),
});

/** The signed-in user's own choice of UI language; null follows their issuer's language. */
export const SetUserLanguageSchema = z.strictObject({ language: UiLanguageSchema.nullable() });

/** The language a signed-in user sees: their own choice, else their issuer's, else English. */
export const MyLanguageSchema = z.object({
  chosen: z.string().nullable(),
  issuerLanguage: z.string().nullable(),
  effective: z.string(),
});
export type MyLanguage = z.infer<typeof MyLanguageSchema>;
