/** Longest text a notification shows (SPEC.md section 8: longer texts are truncated). */
export const MAX_NOTIFICATION_TEXT_LENGTH = 1000;

/** The text cut to `max` characters, marked with an ellipsis when it was cut. */
export function truncateText(text: string, max = MAX_NOTIFICATION_TEXT_LENGTH): string {
  if (text.length <= max) return text;
  // Cut before a lone surrogate so an emoji is never split in half.
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 2)) ? max - 2 : max - 1;
  return `${text.slice(0, end)}…`;
}
