import { createFileRoute, notFound } from '@tanstack/react-router';
import { VerifyPage } from '../../features/verify/VerifyPage';
import { loadLanguage } from '../../i18n/i18n';

export const Route = createFileRoute('/{-$lang}/verify/$code')({
  loader: async ({ params, context }) => {
    const texts = loadLanguage(context.lang, '/{-$lang}/verify/$code');
    const check = await context.content.certificate(params.code).finally(() => texts);
    if (!check) throw notFound();
    return check;
  },
  // A code no certificate has is the site's 404 page.
  component: VerifyPage,
});
