import { useEffect } from 'react';

/**
 * Opens `dialog` when the section is asked to on arrival (the dashboard's Quick Actions), then
 * says so with `onStarted`, so that the dashboard stops asking.
 */
export function useOpenOnArrival<D>(start: boolean, open: (dialog: D) => void, dialog: D, onStarted?: () => void) {
  useEffect(() => {
    if (!start) return;
    open(dialog);
    onStarted?.();
  }, [start, open, dialog, onStarted]);
}
