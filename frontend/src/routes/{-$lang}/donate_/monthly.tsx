import { createFileRoute } from '@tanstack/react-router';
import { MonthlyPage } from '../../../features/donate/MonthlyPage';
import { withTexts } from '../../../features/pages/api';
import { loadLanguage } from '../../../i18n/i18n';
import { loadDonatePage } from '../../../features/donate/page-data';

export const Route = createFileRoute('/{-$lang}/donate_/monthly')({
  // The Donate page with "Monthly" chosen: a pledge instead of a payment now.
  loader: ({ context }) => withTexts(loadDonatePage(context), loadLanguage(context.lang, '/{-$lang}/donate_/monthly')),
  component: MonthlyGift,
});

function MonthlyGift() {
  return <MonthlyPage data={Route.useLoaderData()} />;
}
