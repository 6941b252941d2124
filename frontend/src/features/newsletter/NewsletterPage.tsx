import { InnerPage } from '../../components/InnerPage';
import { usePageMeta } from '../../components/usePageMeta';
import { useTranslator } from '../../i18n/i18n';
import { useSiteSettings } from '../../site';
import { SubscribeBox } from './SubscribeBox';
import './SubscribeBox.css';
import './NewsletterPage.css';

/** The newsletter's page: the subscribe box and the privacy notice its line links to. */
export function NewsletterPage() {
  const { t } = useTranslator();
  const site = useSiteSettings();
  usePageMeta(t('Our newsletter'), t('News from our programs by e-mail, in English or Hindi, and how we handle your address.'));
  return (
    <InnerPage
      hero={{
        title: t('Our newsletter'),
        eyebrow: t('News by e-mail'),
        intro: t('About once a month: what happened in the villages, and what comes next. In English or Hindi, as you choose.'),
      }}
      layout="narrow newsletter-page"
    >
      <SubscribeBox />
      <section id="privacy" className="newsletter-privacy" aria-labelledby="privacy-title">
        <h2 id="privacy-title">{t('Privacy notice')}</h2>
        <h3>{t('What we keep')}</h3>
        <p>
          {t(
            'Your e-mail address, your name if you give it, the language you chose, and a record of your consent: when you subscribed, on which page, the notice you were shown, and when you confirmed.',
          )}
        </p>
        <h3>{t('Why')}</h3>
        <p>{t('Only to send you our newsletter. We never sell or share your address, and the mails are sent from our own server.')}</p>
        <h3>{t('How long')}</h3>
        <p>
          {t(
            'Until you unsubscribe. A subscription that is never confirmed is deleted after 30 days. If a mail cannot be delivered to your address, we stop sending to it.',
          )}
        </p>
        <h3>{t('Leaving, and your rights')}</h3>
        <p>{t('Every mail has an unsubscribe link: one click ends the subscription, and you may ask for your data to be deleted at the same time.')}</p>
        <p>{t('For any question or complaint about your data, write to us at {email}.', { email: site.email })}</p>
      </section>
    </InnerPage>
  );
}
