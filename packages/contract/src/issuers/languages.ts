/** The languages an issuer (and so the UI) can use, SPEC §7 getAllIssuerLanguages. */
export const ISSUER_LANGUAGES = [
  { key: 'en', name: 'English' },
  { key: 'de', name: 'German' },
  { key: 'fr', name: 'French' },
  { key: 'es', name: 'Spanish' },
  { key: 'it', name: 'Italian' },
  { key: 'nl', name: 'Dutch' },
  { key: 'pt', name: 'Portuguese' },
  { key: 'pl', name: 'Polish' },
] as const;
