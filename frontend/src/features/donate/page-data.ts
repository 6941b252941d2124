// What the Donate pages' loaders read, kept apart from the API calls of their forms: a route's
// loader is in the first chunk every page loads, and those calls need the API client, which
// loads only with the forms.
import type { CampaignView, PageViews } from '@ngo-site/shared';
import type { Lang } from '../../i18n/paths';
import type { RouterContext } from '../../router-context';

/** What /donate and /donate/monthly show: the page's content (edited in the admin) and the campaigns. */
export type DonatePageData = PageViews['donate'] & { campaigns: CampaignView[] };

/** What both pages read: the content and the campaigns, side by side. */
export async function loadDonatePage(context: RouterContext & { lang: Lang }): Promise<DonatePageData> {
  const [page, campaigns] = await Promise.all([context.content.page('donate', context.lang), context.content.campaigns(context.lang)]);
  return { ...page, campaigns };
}
