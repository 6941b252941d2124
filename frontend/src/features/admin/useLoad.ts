import { useCallback, useEffect, useState } from 'react';
import type { Outcome } from './api';

export type LoadState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; message: string };

/**
 * Loads on mount, on `reload()`, and whenever `key` changes (a list's page or search). While
 * reloading, the data already shown stays on screen (no flash of "Loading..." after every save).
 */
export function useLoad<T>(load: () => Promise<Outcome<T>>, key = ''): [LoadState<T>, () => void] {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let current = true;
    void load().then((outcome) => {
      if (!current) return;
      setState(outcome.ok ? { status: 'ready', data: outcome.data } : { status: 'failed', message: outcome.message });
    });
    return () => {
      current = false;
    };
    // `load` changes with `key` only (what it asks for); a reload is asked for explicitly.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [generation, key]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return [state, reload];
}
