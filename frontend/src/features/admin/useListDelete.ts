import type { Outcome } from './api';
import { notifyOutcome } from './toasts';
import { useFocusAfterDelete } from './useFocusAfterDelete';

/**
 * A list's confirmed delete: the server's sentence is shown either way; once deleted, the dialog
 * closes, focus goes to the list's heading (see useFocusAfterDelete) and the list is read again.
 */
export function useListDelete(close: () => void, reload: () => void) {
  const [headingRef, focusHeadingAfterDelete] = useFocusAfterDelete<HTMLHeadingElement>();
  async function confirmDelete(deletion: Promise<Outcome<string>>) {
    if (!notifyOutcome(await deletion)) return;
    close();
    focusHeadingAfterDelete();
    reload();
  }
  return [headingRef, confirmDelete] as const;
}
