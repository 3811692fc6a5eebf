import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Pages load their code lazily (route-level splitting), which on a busy machine takes longer
// than Testing Library's default one second to appear (here: while other builds run).
configure({ asyncUtilTimeout: 10_000 });

// Vitest runs without globals, so Testing Library cannot register its own clean-up.
afterEach(() => {
  cleanup();
});
