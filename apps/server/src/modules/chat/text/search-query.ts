import { isStopword, wordsOf } from './language.js';

/**
 * One thing to look for, as `to_tsquery` text: a word (`'card'`), a prefix (`'enrol':*`, from
 * `enrol*`) or a phrase (`'virtual' <-> 'card'`, from `"virtual card"`). PostgreSQL stems each
 * in the language of the passage it is matched against.
 */
export type QueryItem = { text: string; label: string };

const MAX_ITEMS = 24;
/**
 * Words of how people ask rather than what they ask about ("please tell me how many..."):
 * searching for them would reward passages that happen to say "tell" or "many".
 */
const QUESTION_FILLER = new Set([
  'please',
  'tell',
  'explain',
  'describe',
  'know',
  'want',
  'like',
  'give',
  'write',
  'thanks',
  'thank',
  'hello',
  'hi',
  'many',
  'much',
  'could',
  'would',
  'kindly',
  'mean',
  'means',
  'exactly',
  'really',
  'anything',
  'something',
]);

function quote(word: string): string {
  return `'${word.replace(/'/g, "''")}'`;
}

/**
 * Turns a question into query items: quoted phrases stay phrases, `word*` becomes a prefix
 * search, and the other words (less the language's common words) are searched on their own.
 * Ranking then rewards passages that match more, rarer and closer items.
 */
export function parseQuestion(question: string, language = 'english'): QueryItem[] {
  const items = new Map<string, QueryItem>();
  const add = (item: QueryItem) => {
    if (items.size < MAX_ITEMS && !items.has(item.text)) items.set(item.text, item);
  };
  const rest = question.replace(/["“”„]([^"“”„]+)["“”„]/g, (_, phrase: string) => {
    const words = wordsOf(phrase);
    if (words.length > 1)
      add({ text: words.map(quote).join(' <-> '), label: `"${words.join(' ')}"` });
    else if (words.length === 1) add({ text: quote(words[0]!), label: words[0]! });
    return ' ';
  });
  for (const match of rest.matchAll(/([\p{L}\p{N}]+(?:['’][\p{L}]+)?)(\*)?/gu)) {
    const word = match[1]!.toLowerCase().replace(/’/g, "'");
    const prefix = !!match[2];
    const filler = isStopword(word, language) || QUESTION_FILLER.has(word);
    if (!prefix && (filler || (word.length < 2 && !/\d/.test(word)))) continue;
    add(
      prefix ? { text: `${quote(word)}:*`, label: `${word}*` } : { text: quote(word), label: word },
    );
  }
  return [...items.values()];
}

/** The items as one readable query, as shown beside test-question results. */
export function describeQuery(items: QueryItem[]): string {
  return items.map((i) => i.label).join(' | ');
}
