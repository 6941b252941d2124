import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useForm } from '../../components/Form';

/** How long typing pauses before the list is asked for again. */
export const searchPauseMs = 300;

/**
 * A list's search box on the form model (its field `q`, which a plain GET of the form sends too):
 * handed to `apply` once typing pauses (or at once with `flush`, on Enter), and set to the URL's
 * own value when that changes otherwise (the back button). Words typed before the script took the
 * page over are searched for once it has. A visitor who has meanwhile left the list (a result
 * clicked before the pause) stays where they went.
 */
export function useSearchText(fromUrl: string, apply: (text: string) => void) {
  const form = useForm({ q: fromUrl });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  // The URL's value the box last showed or asked for: any other is a change from elsewhere.
  const known = useRef(fromUrl);
  const router = useRouter();

  const send = (text: string) => {
    known.current = text;
    applyRef.current(text);
  };
  const later = (text: string) => {
    clearTimeout(timer.current);
    // Outside a router (a dialog's own search, rendered alone in a test) there is no page to leave.
    const typedAt = router?.latestLocation.pathname;
    timer.current = setTimeout(() => {
      if (router?.latestLocation.pathname === typedAt) send(text);
    }, searchPauseMs);
  };

  useEffect(() => {
    if (fromUrl === known.current) return;
    known.current = fromUrl;
    form.set({ q: fromUrl });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fromUrl]);
  useEffect(() => {
    // Once, as the page is taken over: words typed before it are asked for.
    const typed = form.read().q;
    if (typed !== fromUrl) later(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  return {
    form,
    /** The box changed: asked for once typing pauses. */
    change: (text: string) => later(text),
    flush() {
      clearTimeout(timer.current);
      send(form.read().q);
    },
  };
}
