import fs from 'node:fs';
import path from 'node:path';
import type { EngineDb } from '../../apps/server/src/engine/duckdb.js';
import {
  CARD_FEED_GENERATOR_VERSION,
  type CardFeedMixName,
  type ReferenceStyle,
} from '../../apps/server/src/engine/reference-data/card-feed.js';
import { generateReferenceData } from '../../apps/server/src/engine/reference-data/generate-merchants.js';
import {
  listReferenceVersions,
  openReferenceVersion,
  type ReferenceVersion,
} from '../../apps/server/src/engine/reference-data/reference-version.js';

/** Benchmark output folder (git-ignored). */
export const BENCH_OUT = path.resolve(new URL('..', import.meta.url).pathname, '.out');

/**
 * A generated reference version for the benchmarks, reused from bench/.out when one with the
 * same seed and size exists (generation is not what the benchmarks time).
 */
export async function benchReference(
  db: EngineDb,
  seed: string,
  count: number,
  options: { style?: ReferenceStyle; mix?: CardFeedMixName } = {},
): Promise<{ version: ReferenceVersion; generatedMs: number | null }> {
  const root = path.join(BENCH_OUT, 'reference');
  fs.mkdirSync(root, { recursive: true });
  const style = options.style ?? 'classic';
  const mix = style === 'card-feed' ? (options.mix ?? 'dev') : undefined;
  // Versions stored before the style was recorded are classic.
  const existing = (await listReferenceVersions(root)).find(
    (m) =>
      m.generator?.seed === seed &&
      m.generator.count === count &&
      (m.generator.style ?? 'classic') === style &&
      m.generator.mix === mix &&
      (style === 'classic' || m.generator.generatorVersion === CARD_FEED_GENERATOR_VERSION),
  );
  if (existing)
    return {
      version: await openReferenceVersion(path.join(root, existing.versionId), db),
      generatedMs: null,
    };
  const start = performance.now();
  const version = await generateReferenceData({ db, rootDir: root, seed, count, style, mix });
  return { version, generatedMs: Math.round(performance.now() - start) };
}
