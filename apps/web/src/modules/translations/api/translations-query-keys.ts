/** Query keys of the translations screen and the language switcher. */
export const translationsQueryKeys = {
  all: ['translations'] as const,
  languages: ['translations', 'languages'] as const,
  entries: (language: string) => ['translations', 'entries', language] as const,
  myLanguage: ['translations', 'my-language'] as const,
};
