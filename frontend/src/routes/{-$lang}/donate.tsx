import { createFileRoute } from '@tanstack/react-router';
import { DonatePage } from '../../features/donate/DonatePage';
import { withTexts } from '../../features/pages/api';
import { withNoticeVersion } from '../../features/privacy/api';
import { loadLanguage } from '../../i18n/i18n';

export const Route = createFileRoute('/{-$lang}/donate')({
  // The page's content (edited in the admin) and its own Hindi texts, beside the root part its layout route loads.
  loader: ({ context }) =>
    withTexts(
      withNoticeVersion(context.content.page('donate', context.lang), context.content, 'donate', context.lang),
      loadLanguage(context.lang, '/{-$lang}/donate'),
    ),
  component: DonatePage,
});
