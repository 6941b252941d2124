import { createFileRoute, notFound } from '@tanstack/react-router';
import { NewsletterRoute } from '../../../features/newsletter/NewsletterRoute';
import { loadLanguage } from '../../../i18n/i18n';

/** /newsletter, and the pages its mailed links open: /newsletter/confirm and /newsletter/unsubscribe (one route, one script). */
export const Route = createFileRoute('/{-$lang}/newsletter/{-$action}')({
  loader: ({ context, params }) => {
    if (params.action && params.action !== 'confirm' && params.action !== 'unsubscribe') throw notFound();
    return loadLanguage(context.lang, '/{-$lang}/newsletter/{-$action}');
  },
  component: NewsletterRoute,
});
