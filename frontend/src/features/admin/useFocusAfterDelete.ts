import { useEffect, useRef, useState } from 'react';

/**
 * After a confirmed delete, the row and the Delete button that opened the confirmation are gone,
 * so focus would fall back to the page. It goes to the target (the list's heading, made
 * focusable with tabIndex -1) instead. Call the returned function together with closing the
 * dialog: the effect runs after the dialog's own clean-up has given focus back to its opener.
 */
export function useFocusAfterDelete<Target extends HTMLElement>() {
  const targetRef = useRef<Target>(null);
  const [deletions, setDeletions] = useState(0);
  useEffect(() => {
    if (deletions > 0) targetRef.current?.focus();
  }, [deletions]);
  const deleted = () => setDeletions((count) => count + 1);
  return [targetRef, deleted] as const;
}
