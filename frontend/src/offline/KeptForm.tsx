import { useEffect, useState } from 'react';
import { apiClient } from '../api/on-demand';
import { useTranslator, type MessageKey } from '../i18n/i18n';

// A form sent offline is kept by the service worker (public/sw.js), which answers at once with a
// 202 naming the kept form's Idempotency-Key; later it tells the open pages when it was sent.

/** The key of the kept form when the service worker kept it instead of sending it; else undefined. */
export function keptOfflineKey(response: Response | undefined): string | undefined {
  return response?.status === 202 ? (response.headers.get('X-Kept-Offline') ?? undefined) : undefined;
}

type SentNotice = { ok: boolean; message: string };

/** Resolves when the service worker says the kept form `key` reached the server (or was refused). */
export function whenKeptFormSent(key: string): Promise<SentNotice> {
  return new Promise((resolve) => {
    const container = navigator.serviceWorker;
    if (!container) return;
    const listener = (event: MessageEvent) => {
      const data = event.data as { type?: string; key?: string } & Partial<SentNotice>;
      if (data?.type !== 'kept-form-sent' || data.key !== key) return;
      container.removeEventListener('message', listener);
      resolve({ ok: Boolean(data.ok), message: data.message ?? '' });
    };
    container.addEventListener('message', listener);
    container.startMessages();
  });
}

export const keptFormTexts = {
  kept: 'No connection: your form is kept on this phone and will be sent when it is back online.',
  sent: 'Your form has now been sent.',
  refused: 'Your form could not be sent: {reason}',
} as const satisfies Record<string, MessageKey>;

/**
 * The sentence a form shows about its kept copy: `keep(key)` says at once that it is kept, and
 * changes it once the service worker has sent it. `notice` is '' while nothing is kept.
 */
export function useKeptForm() {
  const { t } = useTranslator();
  const [state, setState] = useState<{ phase: 'kept' } | ({ phase: 'done' } & SentNotice) | undefined>();
  // The code that sends the form is not needed to take the page over, so it is fetched once the
  // page is the script's: then the service worker keeps it with the page, and a form sent offline
  // is kept rather than refused for want of it.
  useEffect(() => {
    apiClient().catch(() => undefined);
  }, []);
  const keep = (key: string) => {
    setState({ phase: 'kept' });
    void whenKeptFormSent(key).then((sent) => setState({ phase: 'done', ...sent }));
  };
  let notice = '';
  if (state?.phase === 'kept') notice = t(keptFormTexts.kept);
  else if (state?.phase === 'done' && state.ok) notice = t(keptFormTexts.sent);
  else if (state?.phase === 'done') notice = t(keptFormTexts.refused, { reason: t(state.message as MessageKey) });
  return { keep, notice, forget: () => setState(undefined) };
}
