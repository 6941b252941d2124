import { useEffect } from 'react';
import { usePrefersReducedMotion } from '../../components/usePrefersReducedMotion';

/** The spec's pause before scrolling to a program anchor, so the page has settled first. */
export const programScrollDelayMs = 500;

/** Scrolls smoothly to the element whose id is `hash`, after the spec's delay. */
export function useScrollToHash(hash: string): void {
  const reducedMotion = usePrefersReducedMotion();
  useEffect(() => {
    if (!hash) return;
    const timer = window.setTimeout(() => {
      document.getElementById(hash)?.scrollIntoView?.({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
    }, programScrollDelayMs);
    return () => window.clearTimeout(timer);
  }, [hash, reducedMotion]);
}
