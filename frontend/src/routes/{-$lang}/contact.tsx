import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../../features/contact/ContactPage';
import { withTexts } from '../../features/pages/api';
import { withNoticeVersion } from '../../features/privacy/api';
import { loadLanguage } from '../../i18n/i18n';

export const Route = createFileRoute('/{-$lang}/contact')({
  // The page's content (edited in the admin) and its own Hindi texts, beside the root part its layout route loads.
  loader: ({ context }) =>
    withTexts(
      withNoticeVersion(context.content.page('contact', context.lang), context.content, 'contact', context.lang),
      loadLanguage(context.lang, '/{-$lang}/contact'),
    ),
  component: ContactPage,
});
