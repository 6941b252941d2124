import { useCallback, useEffect, useRef, useState } from 'react';
import { autosave, type AutosaveFields } from './api';

/** Saved this long after typing stops, and at least this often while it goes on. */
export const autosaveTimings = { idleMs: 3000, maxMs: 10000 };

export type AutosaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: string } | { kind: 'failed'; message: string };

/**
 * Keeps the form's fields in the person's server-side slot of post `slot` while they type:
 * `changed()` after every edit; `settle()` before a real save waits for one under way and
 * cancels any to come (the save clears the slot, which a late autosave would fill again).
 */
export function useAutosave(slot: string, version: number | undefined, values: AutosaveFields) {
  const [state, setState] = useState<AutosaveState>({ kind: 'idle' });
  const latest = useRef({ version, values });
  const timers = useRef<{ idle?: ReturnType<typeof setTimeout>; max?: ReturnType<typeof setTimeout> }>({});
  const inFlight = useRef<Promise<void> | null>(null);
  const live = useRef(true);
  useEffect(() => {
    latest.current = { version, values };
  });

  const cancel = useCallback(() => {
    clearTimeout(timers.current.idle);
    clearTimeout(timers.current.max);
    timers.current = {};
  }, []);

  const flush = useCallback(() => {
    cancel();
    setState({ kind: 'saving' });
    const { version: opened, values: typed } = latest.current;
    const saving = autosave(slot, opened, typed).then((outcome) => {
      if (live.current) setState(outcome.ok ? { kind: 'saved', at: outcome.data.saved_at } : { kind: 'failed', message: outcome.message });
    });
    const tracked: Promise<void> = saving.finally(() => {
      if (inFlight.current === tracked) inFlight.current = null;
    });
    inFlight.current = tracked;
  }, [slot, cancel]);

  const changed = useCallback(() => {
    clearTimeout(timers.current.idle);
    timers.current.idle = setTimeout(flush, autosaveTimings.idleMs);
    timers.current.max ??= setTimeout(flush, autosaveTimings.maxMs);
  }, [flush]);

  const settle = useCallback(async () => {
    cancel();
    await inFlight.current;
  }, [cancel]);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      cancel();
    };
  }, [cancel]);

  return { state, changed, settle, reset: useCallback(() => setState({ kind: 'idle' }), []) };
}
