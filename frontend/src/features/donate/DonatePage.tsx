import { useState } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { usePlainFormAction, usePostedForm, useSentByPlainPost } from '../../components/PlainForm';
import { useTranslator } from '../../i18n/i18n';
import { DonateLayout, searchHas } from './DonateLayout';
import { defaultDonationAmount, paidSectionId } from './donation';
import { FrequencyToggle } from './FrequencyToggle';
import { OneTimeCard } from './OneTimeCard';
import { PaidFormSlot } from './PaidFormSlot';
import { useSiteSettings } from '../../site';
import type { DonatePageData } from './page-data';

/** `?paid=1`: the page asked for with "I have paid" open (how that button works without the script). */
const reportQuery = { name: 'paid', value: '1' };

/** /donate: a one-time gift paid in the donor's UPI app, then "I have paid". */
export function DonatePage({ data }: { data: DonatePageData & { notice_version: number } }) {
  const { t } = useTranslator();
  const site = useSiteSettings();
  // The report is open when asked for, or when a plain post of it came back (docs/forms.md). It is
  // part of the page's script, so the server can render it for a browser without one.
  const askedToReport = useRouterState({ select: (state) => searchHas(state.location.search, reportQuery) });
  // "I have paid" on a campaign's page: the report names that campaign.
  const campaignId = useRouterState({ select: (state) => String((state.location.search as Record<string, unknown>).campaign) });
  const campaign = data.campaigns.find((found) => found.id === campaignId);
  const posted = usePostedForm();
  const sentByPost = useSentByPlainPost();
  const reportAction = usePlainFormAction(paidSectionId);
  const [reporting, setReporting] = useState(askedToReport || Boolean(posted) || sentByPost);
  // The amount chosen above is what "I have paid" starts from.
  const [amount, setAmount] = useState(defaultDonationAmount);
  // A gift from a foreign source (FCRA), as chosen in the card: refused before any payment while
  // the organisation has no FCRA registration.
  const [citizenship, setCitizenship] = useState<'indian' | 'foreign'>('indian');
  const foreign = citizenship === 'foreign';
  const refused = foreign && site.fcra_registration.trim() === '';

  return (
    <DonateLayout
      data={data}
      title={t('Donate')}
      card={<OneTimeCard title={data.form_title} above={<FrequencyToggle />} onAmountChange={setAmount} onCitizenshipChange={setCitizenship} />}
      after={
        <div id={paidSectionId} className="container paid-section">
          {refused ? null : reporting ? (
            <>
              {campaign && <p className="paid-for">{t('Your gift is for the campaign “{title}”.', { title: campaign.title })}</p>}
              <PaidFormSlot amount={amount} monthly={false} campaignId={campaign?.id} citizenship={citizenship} noticeVersion={data.notice_version} />
            </>
          ) : (
            // Without the script the button asks for the page with the report open.
            <form method="get" action={reportAction}>
              <input type="hidden" name={reportQuery.name} value={reportQuery.value} />
              {foreign && <input type="hidden" name="citizenship" value="foreign" />}
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
      }
    />
  );
}
