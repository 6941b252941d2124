import { createFileRoute } from '@tanstack/react-router';
import { DonatePage } from '../../features/donate/DonatePage';
import { withTexts } from '../../features/pages/api';
import { withNoticeVersion } from '../../features/privacy/api';
import { loadLanguage } from '../../i18n/i18n';
import { loadDonatePage } from '../../features/donate/page-data';

export const Route = createFileRoute('/{-$lang}/donate')({
  // The page's content (edited in the admin), the live campaigns, the privacy notice's version and its own Hindi texts.
  loader: ({ context }) =>
    withTexts(withNoticeVersion(loadDonatePage(context), context.content, 'donate', context.lang), loadLanguage(context.lang, '/{-$lang}/donate')),
  component: OneTimeGift,
});

function OneTimeGift() {
  return <DonatePage data={Route.useLoaderData()} />;
}
