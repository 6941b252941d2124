import { createFileRoute } from '@tanstack/react-router';
import { NewsletterRoute } from '../../../features/newsletter/NewsletterRoute';
import { linkSearch, parseNewsletterAction } from '../../../features/newsletter/link-search';
import { loadLanguage } from '../../../i18n/i18n';

/** /newsletter, and the pages its mailed links open: /newsletter/confirm and /newsletter/unsubscribe (one route, one script). */
export const Route = createFileRoute('/{-$lang}/newsletter/{-$action}')({
  params: { parse: parseNewsletterAction },
  validateSearch: linkSearch,
  loader: ({ context }) => loadLanguage(context.lang, '/{-$lang}/newsletter/{-$action}'),
  component: NewsletterRoute,
});
