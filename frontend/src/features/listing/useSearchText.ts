import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';

/** How long typing pauses before the list is asked for again. */
export const searchPauseMs = 300;

/**
 * The text of a list's search box: shown as typed, handed to `apply` once typing pauses (or at
 * once with `flush`, on Enter), and reset when the URL's own value changes (the back button).
 * A visitor who has meanwhile left the list (a result clicked before the pause) stays where they went.
 */
export function useSearchText(fromUrl: string, apply: (text: string) => void) {
  const [text, setText] = useState(fromUrl);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  const router = useRouter();

  useEffect(() => {
    setText(fromUrl);
  }, [fromUrl]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return {
    text,
    change(next: string) {
      setText(next);
      clearTimeout(timer.current);
      // Outside a router (a dialog's own search, rendered alone in a test) there is no page to leave.
      const typedAt = router?.latestLocation.pathname;
      timer.current = setTimeout(() => {
        if (router?.latestLocation.pathname === typedAt) applyRef.current(next);
      }, searchPauseMs);
    },
    flush() {
      clearTimeout(timer.current);
      applyRef.current(text);
    },
  };
}
