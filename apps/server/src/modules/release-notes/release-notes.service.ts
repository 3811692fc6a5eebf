import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReleaseNote } from '@b2b/contract';

/** The repository's release notes, one Markdown file per version. */
export const SHIPPED_RELEASE_NOTES_DIR = fileURLToPath(
  new URL('../../../../../docs/release-notes/', import.meta.url),
);

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * One note from its file: front matter (`title`, `version`, `date` as `key: value` lines)
 * then Markdown. A file without them is a mistake in the repository, said with its name.
 */
export function parseReleaseNote(fileName: string, content: string): ReleaseNote {
  const match = FRONT_MATTER.exec(content);
  if (!match) throw new Error(`Release note ${fileName}: no front matter (--- … ---) at its top`);
  const fields = new Map<string, string>();
  for (const line of match[1]!.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) fields.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  const field = (name: string) => {
    const value = fields.get(name)?.replace(/^(["'])(.*)\1$/, '$2');
    if (!value) throw new Error(`Release note ${fileName}: front matter has no ${name}`);
    return value;
  };
  const date = field('date');
  if (!DAY.test(date)) throw new Error(`Release note ${fileName}: date must be YYYY-MM-DD`);
  return {
    version: field('version'),
    title: field('title'),
    date,
    text: content.slice(match[0].length).trim(),
  };
}

/** Versions compared part by part as numbers (1.10.0 after 1.9.0), text parts as text. */
function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.-]/);
  const pb = b.split(/[.-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '';
    const y = pb[i] ?? '';
    const diff = /^\d+$/.test(x) && /^\d+$/.test(y) ? Number(x) - Number(y) : x.localeCompare(y);
    if (diff !== 0) return diff;
  }
  return 0;
}

/**
 * The release notes (SPEC §2 /release-notes): the Markdown files of one folder, read once per
 * process (they change only with a deployment), newest first, searchable by words.
 */
export function createReleaseNotesService(deps: { dir?: string }) {
  const dir = deps.dir ?? SHIPPED_RELEASE_NOTES_DIR;
  let loaded: Promise<ReleaseNote[]> | undefined;

  async function load(): Promise<ReleaseNote[]> {
    const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.md')).sort();
    const notes = await Promise.all(
      files.map(async (f) => parseReleaseNote(f, await fs.readFile(path.join(dir, f), 'utf8'))),
    );
    return notes.sort(
      (a, b) => b.date.localeCompare(a.date) || compareVersions(b.version, a.version),
    );
  }

  return {
    /** Newest first; with a search, the notes whose title or text holds every word (any case). */
    async list(search?: string): Promise<ReleaseNote[]> {
      loaded ??= load().catch((error: unknown) => {
        loaded = undefined; // a fixed file is read again on the next call
        throw error;
      });
      const notes = await loaded;
      const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      if (words.length === 0) return notes;
      return notes.filter((note) => {
        const haystack = `${note.title}\n${note.version}\n${note.text}`.toLowerCase();
        return words.every((w) => haystack.includes(w));
      });
    },
  };
}
