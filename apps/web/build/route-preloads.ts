import fs from 'node:fs';
import path from 'node:path';
import type { ROUTE_PRELOADS_FILE as ContractFileName, RoutePreloads } from '@b2b/contract';
import type { Plugin, Rolldown } from 'vite';
import { holdsRenderApp } from './chunk-groups';

// Node loads this config without the contract's TypeScript: only its types are imported, and
// the type checker holds this name to the contract's.
const ROUTE_PRELOADS_FILE: typeof ContractFileName = 'route-preloads.json';

/** Route → the module its page is imported from, read from a route → page table's source. */
export function routeModules(routePagesSource: string): Map<string, string> {
  const routes = new Map<string, string>();
  const pattern = /'([^']+)':\s*async\s*\(\)\s*=>\s*\(?\s*await import\('([^']+)'\)/g;
  for (const [, route, module] of routePagesSource.matchAll(pattern)) routes.set(route!, module!);
  return routes;
}

/** The files of `roots` and of every chunk they import statically, deeply. */
export function chunkClosure(
  chunks: readonly Rolldown.OutputChunk[],
  roots: readonly Rolldown.OutputChunk[],
): Set<string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const files = new Set<string>();
  const visit = (chunk: Rolldown.OutputChunk | undefined) => {
    if (!chunk || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    chunk.imports.forEach((file) => visit(byFile.get(file)));
  };
  roots.forEach(visit);
  return files;
}

/** The signed-in routes' table and frames, which every signed-in page loads before its own. */
const SIGNED_IN_PARTS = [
  'signed-in-routes',
  'frames/signed-in-shell',
  'frames/standard-frame',
] as const;

/**
 * Writes `route-preloads.json`: for every signed-in route, the script files a first load of it
 * needs beyond the entry — the signed-in routes' chunk, the frames' and the page's, with their
 * static imports. The server names them in the index.html it sends a signed-in browser for that
 * path (`<link rel="modulepreload">`), so they download beside the entry instead of in the
 * chain entry → signed-in routes → page (docs/perf/lighthouse.md).
 */
export function routePreloads(): Plugin {
  let appDir = '';
  return {
    name: 'b2b-route-preloads',
    apply: 'build',
    configResolved(config) {
      appDir = path.resolve(config.root, 'src/app');
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (c): c is Rolldown.OutputChunk => c.type === 'chunk',
      );
      const closure = (roots: readonly Rolldown.OutputChunk[]) => chunkClosure(chunks, roots);
      // The chunk that holds a lazily imported module: its own, or a group it was put in
      // (chunk-groups.ts puts the signed-in routes' table and frames into `signed-in`).
      const chunkOf = (module: string) => {
        const base = path.resolve(appDir, module);
        const ids = [`${base}.tsx`, `${base}.ts`];
        const chunk =
          chunks.find((c) => ids.includes(c.facadeModuleId ?? '')) ??
          chunks.find((c) => c.moduleIds.some((id) => ids.includes(id)));
        if (!chunk) this.error(`No chunk holds ${module}`);
        return chunk;
      };
      // Every page loads the entry and the rendering code (index.html names both).
      const entry = closure(chunks.filter((c) => c.isEntry || holdsRenderApp(c)));
      const signedIn = SIGNED_IN_PARTS.map((part) => chunkOf(`./${part}`));
      const table = fs.readFileSync(path.join(appDir, 'route-pages.ts'), 'utf8');
      const preloads: RoutePreloads = {
        routes: [...routeModules(table)].map(([route, module]) => ({
          path: route,
          files: [...closure([...signedIn, chunkOf(module)])]
            .filter((file) => !entry.has(file))
            .map((file) => `/${file}`),
        })),
      };
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify(preloads),
      });
    },
  };
}
