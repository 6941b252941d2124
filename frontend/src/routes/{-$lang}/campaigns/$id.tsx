import { createFileRoute, notFound } from '@tanstack/react-router';
import { CampaignLoadError, CampaignNotFound, CampaignPage } from '../../../features/campaigns/CampaignPage';
import { loadLanguage } from '../../../i18n/i18n';

export const Route = createFileRoute('/{-$lang}/campaigns/$id')({
  loader: async ({ params, context }) => {
    // The page's own Hindi texts come first even when the campaign does not: its not-found page is in the same part.
    const texts = loadLanguage(context.lang, '/{-$lang}/campaigns/$id');
    const campaign = await context.content.campaign(params.id, context.lang).finally(() => texts);
    if (!campaign) throw notFound();
    return campaign;
  },
  component: CampaignPage,
  notFoundComponent: CampaignNotFound,
  errorComponent: CampaignLoadError,
});
