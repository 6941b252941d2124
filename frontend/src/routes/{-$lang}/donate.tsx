import { createFileRoute } from '@tanstack/react-router';
import { DonatePage } from '../../features/donate/DonatePage';
import { loadLanguage } from '../../i18n/i18n';

export const Route = createFileRoute('/{-$lang}/donate')({
  // The page's own Hindi texts, beside the root part its layout route loads.
  loader: ({ context }) => loadLanguage(context.lang, '/{-$lang}/donate'),
  component: DonatePage,
});
