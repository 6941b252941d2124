import { useState } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { PageHero } from '../../components/PageHero';
import { usePlainFormAction, usePostedForm, useSentByPlainPost } from '../../components/PlainForm';
import { usePageMeta } from '../../components/usePageMeta';
import { defaultDonationAmount, formatRupees, paidSectionId } from './donation';
import { useTranslator } from '../../i18n/i18n';
import { PaidForm } from './PaidForm';
import { CampaignList } from '../campaigns/CampaignList';
import type { DonatePageData } from './api';
import { FrequencyToggle } from './FrequencyToggle';
import { OneTimeCard } from './OneTimeCard';
import { PledgeCard } from './PledgeCard';
import './DonatePage.css';

/** `?paid=1`: the page asked for with "I have paid" open (how that button works without the script). */
const reportQuery = { name: 'paid', value: '1' };
/** `?stopped=1`: where a reminder's stop link leads once the pledge is stopped. */
const stoppedQuery = { name: 'stopped', value: '1' };

const searchHas = (search: unknown, { name, value }: { name: string; value: string }) => String((search as Record<string, unknown>)[name]) === value;

/** /donate (one-time) and /donate/monthly (a pledge): the live campaigns, the gift's card, the impact list and "I have paid". */
export function DonatePage({ data, monthly }: { data: DonatePageData; monthly: boolean }) {
  const { t, locale } = useTranslator();
  const { hero, form_title, impact, meta_description, campaigns } = data;
  usePageMeta(monthly ? t('Give every month') : t('Donate'), meta_description);
  // The report is open when asked for, or when a plain post of it came back (docs/forms.md). It is
  // part of the page's script, so the server can render it for a browser without one.
  const askedToReport = useRouterState({ select: (state) => searchHas(state.location.search, reportQuery) });
  const stopped = useRouterState({ select: (state) => searchHas(state.location.search, stoppedQuery) });
  const posted = usePostedForm();
  const sentByPost = useSentByPlainPost();
  const reportAction = usePlainFormAction(paidSectionId);
  const [reporting, setReporting] = useState(!monthly && (askedToReport || Boolean(posted) || sentByPost));
  // The amount chosen above is what "I have paid" starts from.
  const [amount, setAmount] = useState(defaultDonationAmount);
  const toggle = <FrequencyToggle monthly={monthly} />;

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
      <CampaignList campaigns={campaigns.filter((campaign) => campaign.state === 'live')} />

      <section className="section">
        <div className="container form-layout donate-layout">
          {monthly ? <PledgeCard title={form_title} above={toggle} /> : <OneTimeCard title={form_title} above={toggle} onAmountChange={setAmount} />}

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
        {!monthly && (
          <div id={paidSectionId} className="container paid-section">
            {reporting ? (
              <PaidForm amount={amount} monthly={false} />
            ) : (
              // Without the script the button asks for the page with the report open.
              <form method="get" action={reportAction}>
                <input type="hidden" name={reportQuery.name} value={reportQuery.value} />
                <button
                  type="submit"
                  className="btn btn-outline btn-lg"
                  onClick={(event) => {
                    event.preventDefault();
                    setReporting(true);
                  }}
                >
                  {t('I have paid')}
                </button>
              </form>
            )}
          </div>
        )}
      </section>
    </>
  );
}
