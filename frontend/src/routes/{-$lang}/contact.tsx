import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../../features/contact/ContactPage';
import { loadLanguage } from '../../i18n/i18n';

export const Route = createFileRoute('/{-$lang}/contact')({
  // The page's own Hindi texts, beside the root part its layout route loads.
  loader: ({ context }) => loadLanguage(context.lang, '/{-$lang}/contact'),
  component: ContactPage,
});
