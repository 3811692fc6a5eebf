import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';
import { holdsRenderApp } from './chunk-groups';
import { chunkClosure } from './route-preloads';

/**
 * Names the rendering code's scripts in index.html (`<link rel="modulepreload">`). The entry
 * imports that code in a task of its own (main.tsx), so the browser can break the start into
 * two shorter tasks; without these links its download would begin only once the entry has run,
 * a round trip later than when it was one of the entry's static imports.
 */
export function renderAppPreloads(): Plugin {
  return {
    name: 'b2b-render-app-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter(
          (c): c is Rolldown.OutputChunk => c.type === 'chunk',
        );
        const renderApp = chunks.find(holdsRenderApp);
        if (!renderApp) throw new Error('The rendering code (src/app/render-app.tsx) has no chunk');
        return [...chunkClosure(chunks, [renderApp])]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head',
          }));
      },
    },
  };
}
