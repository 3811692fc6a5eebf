const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
/** Abbreviations after which a full stop does not end the sentence. */
const ABBREVIATION =
  /(?:\b(?:e\.g|i\.e|etc|vs|approx|incl|no|nos|ltd|inc|co|corp|dr|mr|mrs|ms|st|fig|p|pp)\.)$/i;

/**
 * Sentences of a text: ICU sentence boundaries, kept together after common abbreviations, and
 * split at line breaks too (list items and table rows are statements of their own).
 */
export function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  for (const line of text.split(/\n+/)) {
    let pending = '';
    for (const { segment } of segmenter.segment(line)) {
      pending += segment;
      if (!ABBREVIATION.test(pending.trimEnd())) {
        if (pending.trim()) sentences.push(pending.trim());
        pending = '';
      }
    }
    if (pending.trim()) sentences.push(pending.trim());
  }
  return sentences;
}
