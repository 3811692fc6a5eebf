import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Vitest reads the default export. The root is pinned so the project runs the same from the
// repository root (as a project of the root config) and from apps/web.
export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Page tests load lazy chunks and wait up to 10 s for them (see src/test/setup.ts).
    testTimeout: 30_000,
    restoreMocks: true,
    // Files share a worker's module graph instead of importing React, MUI and the app again each:
    // importing was 239 s of a 450 s run. Safe because every page test renders the app afresh
    // with its own query client and mock API (src/test/render-app.tsx), Testing Library cleans
    // up after each test, and module-level state is limited to caches of formatters.
    isolate: false,
    unstubGlobals: true,
  },
});
