import { cleanup, configure, getConfig, prettyDOM } from '@testing-library/react';
import { afterEach } from 'vitest';

configure({
  // Pages load their code lazily (route-level splitting), which on a busy machine takes longer
  // than Testing Library's default one second to appear (here: while other builds run).
  asyncUtilTimeout: 10_000,
  // A query that fails inside `waitFor`/`findBy*` is retried until it passes, and only the last
  // failure is ever shown, with the page added again when it times out. Printing the whole page
  // into every retry's error was a twentieth of a page test's time; it is printed once, for the
  // error someone reads. `_disableExpensiveErrorDiagnostics` is how Testing Library marks a retry.
  getElementError(message, container) {
    const retrying = (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })
      ._disableExpensiveErrorDiagnostics;
    const page = retrying ? null : prettyDOM(container);
    const error = new Error([message, page].filter(Boolean).join('\n\n'));
    error.name = 'TestingLibraryElementError';
    return error;
  },
});

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
