import { lazy, Suspense, type ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { PageHero } from '../../components/PageHero';
import { usePageMeta } from '../../components/usePageMeta';
import { useTranslator } from '../../i18n/i18n';
import { ServerHtml } from '../../components/ServerHtml';
import { CampaignList } from '../campaigns/CampaignList';
import '../campaigns/Campaigns.css';
import { formatRupees } from './donation';
import type { DonatePageData } from './page-data';
import './DonatePage.css';

/** `?stopped=1`: where a reminder's stop link leads once the pledge is stopped. */
const stoppedQuery = { name: 'stopped', value: '1' };

/** The campaign list after a navigation in the browser (a first view has the server's). */
const LaterCampaignList = lazy(() => import('../campaigns/CampaignList').then(({ CampaignList }) => ({ default: CampaignList })));

export const searchHas = (search: unknown, { name, value }: { name: string; value: string }) => String((search as Record<string, unknown>)[name]) === value;

/**
 * What /donate and /donate/monthly share: the hero, the live campaigns, the gift's card (`card`,
 * one-time or a pledge: each page's own chunk holds only its own) beside the impact list, then `after`.
 */
export function DonateLayout({ data, title, card, after }: { data: DonatePageData; title: string; card: ReactNode; after?: ReactNode }) {
  const { t, locale } = useTranslator();
  const { hero, impact, meta_description, campaigns } = data;
  usePageMeta(title, meta_description);
  const live = campaigns.filter((campaign) => campaign.state === 'live');
  const stopped = useRouterState({ select: (state) => searchHas(state.location.search, stoppedQuery) });
  return (
    <>
      <PageHero title={hero.title} eyebrow={hero.eyebrow}>
        {hero.intro}
      </PageHero>
      {stopped && (
        <div className="container">
          <p className="form-success pledge-stopped" role="status">
            {t('Your monthly pledge is stopped. We have sent you a confirmation by e-mail.')}
          </p>
        </div>
      )}
      {/* The live campaigns: plain links and progress bars, rendered by the server and kept as they came (no code of theirs loads with the page). */}
      <ServerHtml
        id="donate-campaigns"
        server={import.meta.env.SSR && <CampaignList campaigns={live} />}
        later={
          <Suspense fallback={null}>
            <LaterCampaignList campaigns={live} />
          </Suspense>
        }
      />
      <section className="section">
        <div className="container form-layout donate-layout">
          {card}
          <aside className="impact-panel" aria-labelledby="impact-list-title">
            <h2 id="impact-list-title">{impact.title}</h2>
            <ul className="impact-list">
              {impact.items.map((item, index) => (
                <li key={index}>
                  <span className="impact-amount">{formatRupees(item.amount, locale)}</span>
                  <span>{item.text}</span>
                </li>
              ))}
            </ul>
          </aside>
        </div>
        {after}
      </section>
    </>
  );
}
