import { Link, getRouteApi } from '@tanstack/react-router';
import { documentText } from '@ngo-site/shared';
import { ApiImage } from '../../components/ApiImage';
import { EnglishMark } from '../../components/EnglishMark';
import { Icon } from '../../components/Icon';
import { StatusPage } from '../../components/StatusPage';
import { usePageMeta } from '../../components/usePageMeta';
import { useTranslator } from '../../i18n/i18n';
import { pathIn } from '../../i18n/paths';
import { PostBody } from '../blog/PostBody';
import { paidSectionId, upiPaymentLink } from '../donate/donation';
import { usePrograms } from '../programs/program-list';
import { useSiteSettings } from '../../site';
import { CampaignProgress } from './CampaignProgress';
import '../donate/DonatePage.css';
import '../blog/PostPage.css';
import './Campaigns.css';

const campaignRoute = getRouteApi('/{-$lang}/campaigns/$id');

/** A campaign's own page: its story and progress, and while it is live, a gift for it. */
export function CampaignPage() {
  const { t, lang } = useTranslator();
  const campaign = campaignRoute.useLoaderData();
  const program = usePrograms().find((found) => found.id === campaign.program);
  const inEnglish = lang === 'hi' && campaign.text_lang === 'en';
  usePageMeta(
    campaign.title,
    documentText(campaign.story).slice(0, 160) || t('{title}: a campaign of our programs in Jharkhand and Bihar.', { title: campaign.title }),
  );
  return (
    <article className="section campaign">
      <div className="container narrow">
        <Link to="/{-$lang}/donate" className="back-link">
          <Icon name="arrow" size={18} className="flip" />
          {t('All the ways to give')}
        </Link>
        {program && <span className="badge">{program.name}</span>}
        <h1 className="post-title" lang={inEnglish ? 'en' : undefined}>
          {campaign.title}
          {inEnglish && <EnglishMark />}
        </h1>
        <CampaignProgress campaign={campaign} />
        {campaign.picture_url && <ApiImage className="post-image" imageUrl={campaign.picture_url} alt="" sizes="(min-width: 800px) 760px, 100vw" priority />}
        <div className="post-content" lang={inEnglish ? 'en' : undefined}>
          <PostBody body={campaign.story} lang={lang} eagerFirstImage={!campaign.picture_url} />
        </div>
        {campaign.state === 'live' ? (
          <section className="campaign-give" aria-labelledby="campaign-give-title">
            <h2 id="campaign-give-title">{t('Give to this campaign')}</h2>
            <HowToPay note={campaign.title} />
            {/* "I have paid" opens the Donate page's report for this campaign, with the script or without it. */}
            <form method="get" action={`${pathIn(lang, '/donate')}#${paidSectionId}`}>
              <input type="hidden" name="paid" value="1" />
              <input type="hidden" name="campaign" value={campaign.id} />
              <button type="submit" className="btn btn-primary btn-lg">
                {t('I have paid')}
              </button>
            </form>
          </section>
        ) : (
          <p className="campaign-closed" role="status">
            {campaign.state === 'ended'
              ? t('This campaign has ended and takes no more gifts. Thank you to everyone who gave!')
              : t('This campaign takes gifts from its first day.')}{' '}
            <Link to="/{-$lang}/donate">{t('Give from the Donate page')}</Link>
          </p>
        )}
      </div>
    </article>
  );
}

/**
 * How to pay for this campaign: the donor's UPI app (the link opens it on a phone, with the
 * campaign's title as the note) or a bank transfer; then "I have paid" names the campaign.
 */
function HowToPay({ note }: { note: string }) {
  const { t } = useTranslator();
  const site = useSiteSettings();
  if (!site.upi_id && !site.bank_details) return null;
  return (
    <div className="campaign-pay">
      {site.upi_id && (
        <p>
          {t('Pay in your UPI app to {upi}, or', { upi: site.upi_id })}{' '}
          <a href={upiPaymentLink(site.upi_id, site.name, '', false, note)}>{t('open the payment link')}</a>.
        </p>
      )}
      {site.bank_details && <p className="pre-line">{site.bank_details}</p>}
      <p>{t('Then tell us about your payment, so we find it in our bank account and send your 80G receipt.')}</p>
    </div>
  );
}

export function CampaignNotFound() {
  const { t } = useTranslator();
  usePageMeta(t('Campaign Not Found'), t('This campaign does not exist or has been removed.'));
  return (
    <StatusPage title={t('Campaign Not Found')} lead={t('This campaign does not exist or has been removed.')}>
      <Link to="/{-$lang}/donate" className="btn btn-primary">
        {t('Give from the Donate page')}
      </Link>
    </StatusPage>
  );
}

export function CampaignLoadError() {
  const { t } = useTranslator();
  usePageMeta(t('Donate'), t('Please check your connection and try again in a moment.'));
  return (
    <StatusPage title={t('We could not load this campaign')} lead={t('Please check your connection and try again in a moment.')}>
      <Link to="/{-$lang}/donate" className="btn btn-primary">
        {t('Give from the Donate page')}
      </Link>
    </StatusPage>
  );
}
