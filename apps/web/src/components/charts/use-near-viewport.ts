import { useCallback, useState } from 'react';

/**
 * Whether an element has come near the viewport (and stays true once it has): a page of twenty
 * charts fetches and draws only those a user scrolls to, so the ones in view draw at once instead
 * of waiting behind the others. Without IntersectionObserver (tests) everything counts as near.
 */
export function useNearViewport(margin = '300px'): [(element: Element | null) => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const ref = useCallback(
    (element: Element | null) => {
      if (!element || near) return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            setNear(true);
            observer.disconnect();
          }
        },
        { rootMargin: `${margin} 0px` },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [near, margin],
  );
  return [ref, near];
}
