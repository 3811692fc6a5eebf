import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rolldown, type UserConfig } from 'vite';

/** The frames every signed-in page is shown in: the roots of the signed-in chunk. */
const SIGNED_IN_FRAMES =
  /\/src\/app\/(signed-in-routes|frames\/signed-in-shell|frames\/standard-frame)\.tsx$/;
/** The signed-in routes' table, which the entry loads on demand like the public pages. */
const SIGNED_IN_ROUTES = /\/src\/app\/signed-in-routes\.tsx$/;
/**
 * The app's rendering code, which the entry imports in a task of its own (main.tsx): part of
 * every page's start, as the entry is.
 */
export const RENDER_APP = /\/src\/app\/render-app\.tsx$/;
/** Whether a chunk of the build holds the rendering code (the `render-app` group's chunk). */
export const holdsRenderApp = (chunk: Rolldown.OutputChunk) =>
  chunk.moduleIds.some((id) => RENDER_APP.test(id));
/** The sign-in page and its frame, which every user meets first (the bundle budget). */
const SIGN_IN_PAGE = /\/src\/app\/(routes\/auth\/login-page|frames\/public-frame)\.tsx$/;

/**
 * What each kind of page really loads, after tree-shaking: the modules of the entry's chunks
 * (the entry and the rendering code, with the chunks they import statically), of the rendering
 * code beyond the entry, of the sign-in page's, of the other pages the entry loads on demand
 * (the public links' pages, the lobby, the error pages), and of the signed-in frames' chunks.
 * The module graph alone cannot tell — the contract's index reaches every module it
 * re-exports, and the build drops those a page does not use — so a quick build without the
 * groups (not minified, not written) is asked.
 */
async function builtModules(root: string, resolve: UserConfig['resolve']) {
  const result = await build({
    configFile: false,
    root,
    // The real build's aliases (React Router's production copy), so module ids are the same.
    resolve,
    logLevel: 'silent',
    plugins: [react()],
    build: { write: false, minify: false, sourcemap: false, manifest: false },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs
    .flatMap((o) => o.output)
    .filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const modulesOf = (roots: readonly Rolldown.OutputChunk[], skip: ReadonlySet<string>[]) => {
    const modules = new Set<string>();
    const seen = new Set<string>();
    const visit = (chunk: Rolldown.OutputChunk | undefined) => {
      if (!chunk || seen.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      chunk.moduleIds.filter((id) => !skip.some((s) => s.has(id))).forEach((id) => modules.add(id));
      chunk.imports.forEach((file) => visit(byFile.get(file)));
    };
    roots.forEach(visit);
    return modules;
  };
  const entryOnly = chunks.filter((c) => c.isEntry);
  const renderApp = chunks.filter((c) => RENDER_APP.test(c.facadeModuleId ?? ''));
  if (renderApp.length !== 1) throw new Error('The rendering code has no chunk of its own');
  const entries = [...entryOnly, ...renderApp];
  const onDemand = entries
    .flatMap((c) => c.dynamicImports)
    .map((file) => byFile.get(file)!)
    .filter((c) => !SIGNED_IN_ROUTES.test(c.facadeModuleId ?? '') && !entries.includes(c));
  const signInChunks = onDemand.filter((c) => SIGN_IN_PAGE.test(c.facadeModuleId ?? ''));
  if (signInChunks.length !== 2) throw new Error('The sign-in page or its frame has no chunk');
  const entry = modulesOf(entries, []);
  const rendering = modulesOf(renderApp, [modulesOf(entryOnly, [])]);
  const signIn = modulesOf(signInChunks, [entry]);
  const otherPublic = modulesOf(onDemand, [entry, signIn]);
  const frameChunks = chunks.filter((c) => SIGNED_IN_FRAMES.test(c.facadeModuleId ?? ''));
  if (frameChunks.length !== 3)
    throw new Error('The signed-in frames are not where this plugin expects');
  const frames = modulesOf(frameChunks, [entry]);
  return { rendering, signIn, otherPublic, frames };
}

/**
 * A chunk for the rendering code and three for what the signed-in frames need beyond it
 * (docs/perf/lighthouse.md).
 *
 * Left to itself the bundler splits the code by the set of pages that use each module: the
 * shell, the standard frame, the sign-in page and 84 pages sharing MUI components, contract
 * endpoints and hooks made some 80 files of 1–3 KB that every signed-in page waited for, six
 * at a time over HTTP/1.1. The rendering code (`render-app.tsx`, which the entry imports in a
 * task of its own) became a dozen such files too, each shared with some pages: its modules
 * beyond the entry's are one chunk, `render-app`, as they were one with the entry before. Here
 * the modules the frames load beyond those become:
 * - `shared-ui`: those the sign-in page loads too (text fields, alerts, the brand's logo…);
 * - `public-ui`: those another signed-out page (a public link's page, the lobby, the error
 *   pages) loads too;
 * - `signed-in`: the rest.
 * Each page keeps its own chunks. A module the entry holds stays in the entry.
 *
 * The sets are what each page loads after tree-shaking, from a first build (builtModules), not
 * what the module graph reaches: the frames import the contract's index, which reaches every
 * schema, so the graph's estimate put every page's schemas into `signed-in` and each signed-in
 * page built all of them (291 KB of the contract's code) before showing anything. A group's
 * modules then import only the entry's, their own group's or an earlier group's (`shared-ui`
 * before `public-ui` before `signed-in`), so no two chunks import each other; a module wrongly
 * kept out of a group would sit in a chunk of its own that imports the group back.
 */
export function chunkGroups(): Plugin {
  return {
    name: 'b2b-chunk-groups',
    apply: (_config, env) => env.command === 'build' && !env.isPreview && !process.env.VITEST,
    async config(config) {
      const { rendering, signIn, otherPublic, frames } = await builtModules(
        config.root ?? process.cwd(),
        config.resolve,
      );
      const groupOf = (id: string) =>
        rendering.has(id)
          ? 'render-app'
          : !frames.has(id)
            ? undefined
            : signIn.has(id)
              ? 'shared-ui'
              : otherPublic.has(id)
                ? 'public-ui'
                : 'signed-in';
      const group = (name: string, priority: number) => ({
        name,
        test: (id: string) => groupOf(id) === name,
        priority,
      });
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                // A captured module's own imports stay where they are: the entry's remain the
                // entry's.
                includeDependenciesRecursively: false,
                groups: [
                  group('render-app', 4),
                  group('shared-ui', 3),
                  group('public-ui', 2),
                  group('signed-in', 1),
                ],
              },
            },
          },
        },
      };
    },
  };
}
