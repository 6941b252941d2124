import { useId } from 'react';
import type { CampaignView } from '@ngo-site/shared';
import { useTranslator } from '../../i18n/i18n';
import { formatRupees } from '../donate/donation';
import './Campaigns.css';

/**
 * What a campaign raised (received gifts only), as plain HTML that reads without the script: a
 * <progress> bar named by the sentence beside it, the donors and the days left.
 */
export function CampaignProgress({ campaign }: { campaign: CampaignView }) {
  const { t, locale } = useTranslator();
  const raisedId = useId();
  const rupees = (amount: number) => formatRupees(amount, locale);
  const percent = Math.floor((campaign.raised * 100) / campaign.goal);
  const when =
    campaign.state === 'ended'
      ? t('This campaign has ended')
      : campaign.state === 'upcoming'
        ? t('Starts on {day}', {
            day: new Date(`${campaign.starts_on}T00:00:00Z`).toLocaleDateString(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }),
          })
        : campaign.days_left === 1
          ? t('Last day')
          : t('{count} days left', { count: campaign.days_left });
  return (
    <div className="campaign-progress">
      <p id={raisedId} className="campaign-raised">
        <strong>{t('{amount} raised', { amount: rupees(campaign.raised) })}</strong> {t('of {goal}', { goal: rupees(campaign.goal) })}
      </p>
      <progress className="campaign-bar" max={campaign.goal} value={Math.min(campaign.raised, campaign.goal)} aria-labelledby={raisedId}>
        {percent}%
      </progress>
      <ul className="campaign-facts">
        <li>{t('{percent}% of the goal', { percent })}</li>
        <li>{campaign.donors === 1 ? t('1 donor') : t('{count} donors', { count: campaign.donors })}</li>
        <li>{when}</li>
      </ul>
    </div>
  );
}
