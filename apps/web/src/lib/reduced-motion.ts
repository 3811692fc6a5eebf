/**
 * The user (or the PDF renderer, which asks for it) prefers no motion: charts are drawn at once,
 * without their entry animation.
 */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}
