/**
 * Marks a text the server builds for a screen outside its errors (a use case's risk reasons), so
 * `npm run translations:keys` collects it like an AppError text — a template literal as a key
 * with placeholders — and the web shows it in the user's language (translateServerMessage). The
 * server keeps answering in English (docs/architecture.md, "Translations").
 */
export function uiText<const T extends string>(text: T): T {
  return text;
}
