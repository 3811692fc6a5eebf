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
 * The ways a text can be cut into a template's values, the shortest first values first (as the
 * template's pattern would cut it): `{{step}}: {{message}} ({{seconds}} s)` can cut
 * "Match: 5 suppliers matched (High 3) (1.2 s)" at either " (". At most `limit` ways.
 */
function cuts(literals: string[], text: string, limit = 16): string[][] {
  const first = literals[0]!;
  const last = literals.at(-1)!;
  const found: string[][] = [];
  if (!text.startsWith(first) || !text.endsWith(last)) return found;
  const end = text.length - last.length;
  const walk = (at: number, index: number, values: string[]) => {
    if (found.length >= limit) return;
    if (index === literals.length - 2) {
      if (end > at) found.push([...values, text.slice(at, end)]);
      return;
    }
    const next = literals[index + 1]!;
    for (let i = text.indexOf(next, at + 1); i !== -1 && i + next.length <= end;) {
      walk(i + next.length, index + 1, [...values, text.slice(at, i)]);
      i = text.indexOf(next, i + 1);
    }
  };
  walk(first.length, 0, []);
  return found;
}

/** How deep values are translated in turn: a log line, its step's message, a part of that. */
const DEPTH = 5;

/**
 * Placeholders whose values are names (a job's, a file's, a pipeline step's): said as written,
 * even when a name is also a word of the catalogue (the step Match is no "Treffer").
 */
const NAME = /^(?:step|file|name)$|Name$/;

/** Texts the server joins (a row's reasons, a step's message and what ran after it). */
const JOIN = '; ';

/**
 * A translator for one language's strings. An exact key is translated as it is; otherwise the
 * most specific template that matches the whole text gives the key and its values (so
 * `{{field}} must be one of {{1}} optionally followed by asc or desc` wins over
 * `{{field}} must be one of {{1}}`); a text that is no key stays as the server wrote it.
 *
 * A value that is itself a server message is said in the language too: a status or level the
 * server put in its sentence ("The job … is Running"), a step's message inside a log line, a
 * missing column's words inside a chart's reason; a value that is a name stays (NAME). "Most
 * specific" then counts the words the values' keys explain as well: "Match: 5 suppliers matched
 * (1.2 s)" is the log line `{{step}}: {{message}} ({{seconds}} s)` around a step's message, not
 * that message's template with "Match: 5" as its number. Messages the server joins with "; " are
 * said one by one when no key takes the whole text.
 */
export function serverMessageTranslator(
  strings: Record<string, string>,
  translate: Translate,
): ServerMessageTranslator {
  type Said = { text: string; words: number };
  // Compiled on the first message, once per bundle: most page loads show no error at all.
  let index: TemplateIndex | undefined;
  const known = new Map<string, Said | null>();

  /** The text in the language and how much of it keys explain, or null when none does. */
  const message = (text: string, depth: number): Said | null => {
    if (Object.hasOwn(strings, text)) return { text: translate(text), words: text.length };
    if (depth >= DEPTH || !/[A-Za-z]/.test(text)) return null;
    const memo = `${depth}:${text}`;
    const cached = known.get(memo);
    if (cached !== undefined) return cached;
    index ??= indexTemplates(Object.keys(strings));
    let best = null as Said | null;
    for (const { key, pattern, names, literals, words } of index.candidates(text)) {
      // Nothing explains more than the whole text.
      if (best && best.words >= text.length) break;
      const match = pattern.exec(text);
      if (!match) continue;
      const read = (values: string[]) => {
        // A name is as good as said: it stays as written.
        const inLanguage = values.map((v, i) =>
          NAME.test(names[i]!) ? { text: v, words: v.length } : message(v, depth + 1),
        );
        const explained = words + inLanguage.reduce((n, v) => n + (v?.words ?? 0), 0);
        if (best && explained <= best.words) return;
        const filled = names.map((n, i) => [n, inLanguage[i]?.text ?? values[i]!]);
        best = { text: translate(key, Object.fromEntries(filled)), words: explained };
      };
      read(names.map((_, i) => match[i + 1]!));
      // The other cuts: a value may hold a literal of the key (a step's message in parentheses
      // inside a log line's).
      if (names.length > 1) cuts(literals, text).slice(1).forEach(read);
    }
    // "A; B": the first message and the rest, each said, where no key explains more.
    for (let at = text.indexOf(JOIN); at > 0; at = text.indexOf(JOIN, at + 1)) {
      if (best && best.words >= text.length) break;
      const first = message(text.slice(0, at), depth + 1);
      const rest = first && message(text.slice(at + JOIN.length), depth + 1);
      const words = first && rest ? first.words + rest.words + JOIN.length : 0;
      if (first && rest && (!best || words > best.words)) {
        best = { text: first.text + JOIN + rest.text, words };
      }
    }
    known.set(memo, best);
    return best;
  };

  return (text) => message(text, 0)?.text ?? text;
}

type IndexedTemplate = Template & { literals: string[]; words: number };
type TemplateIndex = { candidates: (text: string) => IndexedTemplate[] };

const WORD = /[A-Za-z]+/g;

/**
 * The templates with words of their own (`{{label}}: {{value}}` would match any text with a
 * colon, and has nothing to translate), the most specific first, each found by its longest whole
 * word: a text is tried only against the templates whose word it has (a few of the hundreds).
 */
function indexTemplates(keys: string[]): TemplateIndex {
  const templates = keys
    .filter((key) => key.includes('{{') && /[A-Za-z]/.test(wordsOf(key)))
    .sort((a, b) => wordsOf(b).length - wordsOf(a).length)
    .map((key) => ({
      ...compile(key),
      literals: key.split(PLACEHOLDER).filter((_, i) => i % 2 === 0),
      words: wordsOf(key).length,
    }));
  const byWord = new Map<string, number[]>();
  const always: number[] = [];
  templates.forEach((template, at) => {
    // A word touching a placeholder may run on into its value ("{{count}}s"): not a whole word.
    const last = template.literals.length - 1;
    const whole = template.literals.flatMap((literal, i) =>
      [...literal.matchAll(WORD)]
        .filter(
          (m) => (m.index > 0 || i === 0) && (m.index + m[0].length < literal.length || i === last),
        )
        .map((m) => m[0]),
    );
    const word = whole.reduce<string | undefined>(
      (a, b) => (!a || b.length > a.length ? b : a),
      undefined,
    );
    if (!word) always.push(at);
    else byWord.set(word, [...(byWord.get(word) ?? []), at]);
  });
  return {
    candidates(text) {
      const found = new Set(always);
      for (const [word] of text.matchAll(WORD)) byWord.get(word)?.forEach((at) => found.add(at));
      return [...found].sort((a, b) => a - b).map((at) => templates[at]!);
    },
  };
}
