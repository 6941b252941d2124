import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../../features/about/AboutPage';
import { loadLanguage } from '../../i18n/i18n';

export const Route = createFileRoute('/{-$lang}/about')({
  // The page's own Hindi texts, beside the root part its layout route loads.
  loader: ({ context }) => loadLanguage(context.lang, '/{-$lang}/about'),
  component: AboutPage,
});
