import type { Translate } from './i18n';

/**
 * The server's messages in the UI's language (docs/architecture.md, "Translations"). The server
 * answers in English only (SPEC texts verbatim, one wire language), and its messages are keys of
 * the catalogue: a fixed text is a key as it is; a text built from a template
 * (`The job ${name} is ${status}`) is a key with placeholders (`The job {{name}} is {{status}}`),
 * which the text is matched against to find the values.
 *
 * Loaded with i18next, only when a language is translated (i18n.ts): English as shipped shows the
 * server's text unchanged and pays nothing for this.
 */
export type ServerMessageTranslator = (text: string) => string;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

type Template = { key: string; pattern: RegExp; names: string[] };

function compile(key: string): Template {
  const names: string[] = [];
  let pattern = '';
  let last = 0;
  for (const match of key.matchAll(PLACEHOLDER)) {
    pattern += escape(key.slice(last, match.index)) + '(.+?)';
    names.push(match[1]!);
    last = match.index + match[0].length;
  }
  pattern += escape(key.slice(last));
  // `s`: a value may span lines (a file's error, a pasted bounce).
  return { key, pattern: new RegExp(`^${pattern}$`, 's'), names };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The text of a key outside its placeholders: the longer, the more specific its pattern. */
const wordsOf = (key: string) => key.replace(PLACEHOLDER, '');

/**
 * A translator for one language's strings. An exact key is translated as it is; otherwise the
 * most specific template that matches the whole text gives the key and its values (so
 * `{{field}} must be one of {{1}} optionally followed by asc or desc` wins over
 * `{{field}} must be one of {{1}}`); a text that is no key stays as the server wrote it.
 */
export function serverMessageTranslator(
  strings: Record<string, string>,
  translate: Translate,
): ServerMessageTranslator {
  // A value that is one word of the catalogue is a status or level the server put in its
  // sentence ("The job … is Running"): said in the language too. Names and numbers stay.
  const word = (value: string) =>
    /^[A-Za-z]+$/.test(value) && Object.hasOwn(strings, value) ? translate(value) : value;
  // Compiled on the first message, once per bundle: most page loads show no error at all.
  let templates: Template[] | undefined;
  return (text) => {
    if (Object.hasOwn(strings, text)) return translate(text);
    templates ??= Object.keys(strings)
      // `{{label}}: {{value}}` would match any text with a colon, and has nothing to translate.
      .filter((key) => key.includes('{{') && /[A-Za-z]/.test(wordsOf(key)))
      .sort((a, b) => wordsOf(b).length - wordsOf(a).length)
      .map(compile);
    for (const { key, pattern, names } of templates) {
      const match = pattern.exec(text);
      if (match)
        return translate(key, Object.fromEntries(names.map((n, i) => [n, word(match[i + 1]!)])));
    }
    return text;
  };
}
