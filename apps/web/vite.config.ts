import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGroups } from './build/chunk-groups';
import { compressAssets } from './build/compress-assets';
import { renderAppPreloads } from './build/render-app-preloads';
import { routePreloads } from './build/route-preloads';
import { zodWithoutJsonSchema } from './build/zod-without-json-schema';

/** The API server `npm run dev -w @b2b/server` listens on. */
const API_TARGET = 'http://localhost:3000';

/**
 * React Router's package exports name only its development build (its dev warnings on), for
 * production builds too (remix-run/react-router#12532). The build takes the production copy
 * beside it, which differs by that one flag: less code, no warning checks while rendering.
 * Both entry points must come from the same copy: they share its router context.
 */
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);
const productionReactRouter = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
];

// Vite reads the default export.
export default defineConfig(({ command }) => ({
  resolve: { alias: command === 'build' ? productionReactRouter : [] },
  plugins: [
    react(),
    zodWithoutJsonSchema(),
    chunkGroups(),
    routePreloads(),
    renderAppPreloads(),
    compressAssets(),
  ],
  server: {
    // The Host header is kept (no changeOrigin): the server picks the branding by host name,
    // so http://lloyds.localhost:5173 shows the Lloyds branding in development too.
    proxy: {
      '/api': { target: API_TARGET },
      '/chat': { target: API_TARGET },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // What each page loads, for the bundle budget (scripts/bundle-budget.ts).
    manifest: true,
  },
}));
