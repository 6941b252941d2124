import { createFileRoute } from '@tanstack/react-router';
import { CancelPage } from '../../../features/events/CancelPage';
import { loadLanguage } from '../../../i18n/i18n';

/** The link of a sign-up's mails: `?token=<sign-up id>.<signature>` (checked by the server when sent). */
const tokenPattern = /^[0-9a-f]{24}\.[A-Za-z0-9_-]{43}$/;

export const Route = createFileRoute('/{-$lang}/events/cancel')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: typeof search.token === 'string' && tokenPattern.test(search.token) ? search.token : undefined,
  }),
  loader: ({ context }) => loadLanguage(context.lang, '/{-$lang}/events/cancel'),
  component: CancelPage,
});
