import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGroups } from './build/chunk-groups';
import { compressAssets } from './build/compress-assets';
import { routePreloads } from './build/route-preloads';

/** The API server `npm run dev -w @b2b/server` listens on. */
const API_TARGET = 'http://localhost:3000';

// Vite and Vitest read the default export.
export default defineConfig({
  plugins: [react(), chunkGroups(), routePreloads(), compressAssets()],
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
});
