import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../../features/about/AboutPage';
import { withTexts } from '../../features/pages/api';
import { loadLanguage } from '../../i18n/i18n';

export const Route = createFileRoute('/{-$lang}/about')({
  // The page's content (edited in the admin) and its own Hindi texts, beside the root part its layout route loads.
  loader: ({ context }) => withTexts(context.content.page('about', context.lang), loadLanguage(context.lang, '/{-$lang}/about')),
  component: AboutPage,
});
