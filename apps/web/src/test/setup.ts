import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Pages load their code lazily (route-level splitting), which on a busy machine takes longer
// than Testing Library's default one second to appear (here: while other builds run).
configure({ asyncUtilTimeout: 10_000 });

// Vitest runs without globals, so Testing Library cannot register its own clean-up.
afterEach(() => {
  cleanup();
});

// Pages have no layout here, so nothing would ever scroll into view: every observed element is
// reported as in view at once (charts fetch and draw only near the viewport).
class InViewObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() =>
      this.callback(
        [{ target, isIntersecting: true } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      ),
    );
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.IntersectionObserver = InViewObserver as unknown as typeof IntersectionObserver;
