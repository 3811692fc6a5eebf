import fs from 'node:fs';
import path from 'node:path';
import { ROUTE_PRELOADS_FILE, RoutePreloadsSchema } from '@b2b/contract';

/*
 * The scripts a signed-in page needs on its first load, named in the index.html the server
 * sends for that page so the browser fetches them beside the entry rather than one after the
 * other (docs/perf/lighthouse.md). The web build writes the table (apps/web/build/
 * route-preloads.ts): each signed-in route pattern of the contract's route table with its files.
 */

type Route = { segments: string[]; rest: boolean; files: string[] };

/** How specific a pattern is: its fixed segments, then its length; a trailing `*` ranks last. */
const specificity = (r: Route) =>
  r.segments.filter((s) => !s.startsWith(':')).length * 1000 + r.segments.length * 10 - +r.rest;

/** A path's segments; a trailing slash adds none ('/' has none). */
function segmentsOf(urlPath: string): string[] {
  const segments = urlPath.split('/').slice(1);
  if (segments.at(-1) === '') segments.pop();
  return segments;
}

function matches(route: Route, parts: readonly string[]): boolean {
  if (route.rest ? parts.length < route.segments.length : parts.length !== route.segments.length)
    return false;
  return route.segments.every((s, i) => (s.startsWith(':') ? parts[i] !== '' : s === parts[i]));
}

/** The files for a URL path: those of the most specific route it matches, or none. */
export type RoutePreloadLookup = (urlPath: string) => readonly string[];

export function routePreloadLookup(table: unknown): RoutePreloadLookup {
  const routes: Route[] = RoutePreloadsSchema.parse(table)
    .routes.map((r) => {
      const segments = segmentsOf(r.path);
      const rest = segments.at(-1) === '*';
      return { segments: rest ? segments.slice(0, -1) : segments, rest, files: r.files };
    })
    .sort((a, b) => specificity(b) - specificity(a));
  return (urlPath) => {
    const parts = segmentsOf(urlPath);
    return routes.find((r) => matches(r, parts))?.files ?? [];
  };
}

/** index.html with a `<link rel="modulepreload">` per file, as Vite writes its own. */
export function withPreloads(indexHtml: string, files: readonly string[]): string {
  const links = files
    .map((f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${f}">`)
    .join('');
  return indexHtml.replace('</head>', `${links}</head>`);
}

/**
 * Reads the built table, again whenever the build rewrites it (a rebuild under a running
 * server names new files). No table — an older build, or none — preloads nothing.
 */
export function builtRoutePreloads(dist: string): () => RoutePreloadLookup | undefined {
  const file = path.join(dist, ROUTE_PRELOADS_FILE);
  let cached: { mtimeMs: number; lookup: RoutePreloadLookup } | undefined;
  return () => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return undefined;
    if (cached?.mtimeMs !== stat.mtimeMs)
      cached = {
        mtimeMs: stat.mtimeMs,
        lookup: routePreloadLookup(JSON.parse(fs.readFileSync(file, 'utf8'))),
      };
    return cached.lookup;
  };
}
