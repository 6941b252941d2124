import { Link, useLoaderData } from '@tanstack/react-router';
import { InnerPage } from '../../components/InnerPage';
import { PageText } from '../../components/PageText';
import { usePageMeta } from '../../components/usePageMeta';
import { useTranslator, type MessageKey } from '../../i18n/i18n';
import { useSiteSettings } from '../../site';
import type { NoticeForm } from './notices';
import './NoticePage.css';

/** Where each notice leads back to, and how the link names its form. */
const noticeFormPages: Record<NoticeForm, { to: '/{-$lang}/volunteer' | '/{-$lang}/contact' | '/{-$lang}/donate'; label: MessageKey }> = {
  volunteer: { to: '/{-$lang}/volunteer', label: 'Back to the volunteer registration' },
  contact: { to: '/{-$lang}/contact', label: 'Back to the contact form' },
  donate: { to: '/{-$lang}/donate', label: 'Back to the donation page' },
};

/**
 * A form's privacy notice (DPDP Rules, 2025), edited as page content: what the form collects, why,
 * how long it is kept, and how to withdraw or complain; the grievance officer of Settings under it.
 */
export function NoticePage() {
  const { t } = useTranslator();
  const { form, notice } = useLoaderData({ from: '/{-$lang}/privacy/$form' });
  usePageMeta(notice.title, notice.meta_description);
  const site = useSiteSettings();
  const back = noticeFormPages[form];
  const sections = [notice.collected, notice.purpose, notice.retention, notice.rights];
  return (
    <InnerPage hero={{ title: notice.title, eyebrow: t('Privacy'), intro: notice.intro }} layout="notice">
      {sections.map((section, index) => (
        <section key={index} aria-labelledby={`notice-${index}`}>
          <h2 id={`notice-${index}`}>{section.title}</h2>
          <PageText html={section.html} />
        </section>
      ))}
      <section className="grievance-officer" aria-labelledby="grievance-heading">
        <h2 id="grievance-heading">{t('Grievance officer')}</h2>
        <p>
          {site.grievance_name || site.name}
          <br />
          <a href={`mailto:${site.grievance_email || site.email}`}>{site.grievance_email || site.email}</a>
        </p>
      </section>
      <p className="notice-version">{t('Version {version} of this notice.', { version: notice.version })}</p>
      <p>
        <Link to={back.to}>{t(back.label)}</Link>
      </p>
    </InnerPage>
  );
}
