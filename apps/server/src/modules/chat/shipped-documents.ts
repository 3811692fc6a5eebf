import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The product's own user guide, shipped in the repository and indexed at start. */
export const SHIPPED_DOCUMENTS_DIR = fileURLToPath(
  new URL('../../../../../docs/user-guide/', import.meta.url),
);

/** The guide's Markdown and text files, in name order. */
export async function readShippedDocuments(
  dir = SHIPPED_DOCUMENTS_DIR,
): Promise<{ filename: string; bytes: Buffer }[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const files = names
    .filter((n) => /\.(md|txt)$/i.test(n) && n.toLowerCase() !== 'readme.md')
    .sort();
  return Promise.all(
    files.map(async (filename) => ({
      filename,
      bytes: await fs.readFile(path.join(dir, filename)),
    })),
  );
}
