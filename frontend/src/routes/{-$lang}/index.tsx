import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../../features/home/HomePage';
import { loadLanguage } from '../../i18n/i18n';

export const Route = createFileRoute('/{-$lang}/')({
  // The page's own Hindi texts, beside the root part its layout route loads.
  loader: ({ context }) => loadLanguage(context.lang, '/{-$lang}/'),
  component: HomePage,
});
