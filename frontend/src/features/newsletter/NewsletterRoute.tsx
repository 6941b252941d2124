import { getRouteApi, useRouterState } from '@tanstack/react-router';
import type { MessageKey } from '../../i18n/i18n';
import { ConfirmPage, UnsubscribePage } from './LinkPage';
import { NewsletterPage } from './NewsletterPage';

const route = getRouteApi('/{-$lang}/newsletter/{-$action}');

/** The server's sentences these pages may show (their Hindi is in this route's part of the catalog). */
export const newsletterAnswers = [
  'You are unsubscribed, and your address is deleted from our newsletter.',
  'This confirmation link has expired or is no longer valid. Please subscribe again to get a new one.',
  'This unsubscribe link is not valid. Please use the link from your latest newsletter.',
] as const satisfies readonly MessageKey[];

const linkToken = (value: unknown) => (typeof value === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : '');

export function NewsletterRoute() {
  const { action } = route.useParams();
  // The mailed link's token (`?token=`), as the page was opened.
  const token = useRouterState({ select: (state) => linkToken((state.location.search as Record<string, unknown>).token) });
  if (action === 'confirm') return <ConfirmPage token={token} />;
  if (action === 'unsubscribe') return <UnsubscribePage token={token} />;
  return <NewsletterPage />;
}
