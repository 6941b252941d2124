import { Link, getRouteApi } from '@tanstack/react-router';
import { documentText } from '@ngo-site/shared';
import { ApiImage } from '../../components/ApiImage';
import { EnglishMark } from '../../components/EnglishMark';
import { Icon } from '../../components/Icon';
import { StatusPage } from '../../components/StatusPage';
import { usePageMeta } from '../../components/usePageMeta';
import { useTranslator } from '../../i18n/i18n';
import { PostBody } from '../blog/PostBody';
import { OneTimeCard } from '../donate/OneTimeCard';
import { PaidForm } from '../donate/PaidForm';
import { paidSectionId } from '../donate/donation';
import { usePrograms } from '../programs/program-list';
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
          <div className="campaign-give">
            <OneTimeCard title={t('Give to this campaign')} note={campaign.title} />
            <div id={paidSectionId} className="paid-section">
              <PaidForm amount="" monthly={false} campaignId={campaign.id} />
            </div>
          </div>
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
