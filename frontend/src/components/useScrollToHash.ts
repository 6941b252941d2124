import { useEffect } from 'react';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';

/**
 * Scrolls smoothly to the element whose id is `hash`, after `delayMs`. On a first load the router
 * leaves anchors to the page (see router.ts), so every page with anchors calls this.
 */
export function useScrollToHash(hash: string, delayMs: number): void {
  const reducedMotion = usePrefersReducedMotion();
  useEffect(() => {
    if (!hash) return;
    const timer = window.setTimeout(() => {
      document.getElementById(hash)?.scrollIntoView?.({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
    }, delayMs);
    return () => window.clearTimeout(timer);
  }, [hash, delayMs, reducedMotion]);
}
