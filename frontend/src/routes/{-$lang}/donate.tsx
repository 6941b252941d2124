import { createFileRoute } from '@tanstack/react-router';
import { DonatePage } from '../../features/donate/DonatePage';
import { withTexts } from '../../features/pages/api';
import { loadLanguage } from '../../i18n/i18n';
import { loadDonatePage } from '../../features/donate/page-data';

export const Route = createFileRoute('/{-$lang}/donate')({
  // The page's content (edited in the admin), the live campaigns and its own Hindi texts.
  loader: ({ context }) => withTexts(loadDonatePage(context), loadLanguage(context.lang, '/{-$lang}/donate')),
  component: OneTimeGift,
});

function OneTimeGift() {
  return <DonatePage data={Route.useLoaderData()} />;
}
