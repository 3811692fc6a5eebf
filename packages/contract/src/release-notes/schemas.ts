import { z } from 'zod';

/**
 * What changed in one version (SPEC §2 /release-notes, §4 release notice): a Markdown file of
 * docs/release-notes/ with its front matter. The text is Markdown, shown as text: raw HTML in
 * it is never rendered.
 */
export const ReleaseNoteSchema = z.object({
  version: z.string(),
  title: z.string(),
  /** Release day, YYYY-MM-DD. */
  date: z.string(),
  /** The note's Markdown, without its front matter. */
  text: z.string(),
});
export type ReleaseNote = z.infer<typeof ReleaseNoteSchema>;

export const ReleaseNotesQuerySchema = z.strictObject({
  /** Words that must all appear in a note's title or text (any case); empty lists every note. */
  search: z.string().trim().max(200).optional(),
});

/** The notes, newest first (by date, then version). */
export const ReleaseNotesSchema = z.array(ReleaseNoteSchema);
