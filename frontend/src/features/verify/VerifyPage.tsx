import { useLoaderData } from '@tanstack/react-router';
import { InnerPage } from '../../components/InnerPage';
import { usePageMeta } from '../../components/usePageMeta';
import { useTranslator } from '../../i18n/i18n';
import { localeOf } from '../../i18n/paths';
import './VerifyPage.css';

/** /verify/<code>: what a volunteer's certificate certifies, and whether it stands; nothing else about the person. */
export function VerifyPage() {
  const { t, lang } = useTranslator();
  const check = useLoaderData({ from: '/{-$lang}/verify/$code' });
  usePageMeta(t('Certificate check'), t('Check a certificate of volunteering issued by the organisation.'));
  const day = (date: string) => new Intl.DateTimeFormat(localeOf[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
  const hours = new Intl.NumberFormat(localeOf[lang], { maximumFractionDigits: 2 }).format(check.hours);
  const revoked = check.status === 'revoked';
  return (
    <InnerPage hero={{ eyebrow: t('Certificate check'), title: t('Certificate of Volunteering'), intro: check.organisation }}>
      <div className={revoked ? 'verify-card verify-revoked' : 'verify-card'}>
        <p className="verify-status" role="status">
          {revoked ? t('This certificate was revoked on {day}. It is not valid.', { day: day(check.revoked_on!) }) : t('This certificate is valid.')}
        </p>
        <dl className="verify-facts">
          <dt>{t('Volunteer’s name')}</dt>
          <dd>{check.name}</dd>
          <dt>{t('Hours')}</dt>
          <dd>{hours}</dd>
          <dt>{t('Period')}</dt>
          <dd>{t('{from} to {to}', { from: day(check.period_from), to: day(check.period_to) })}</dd>
          <dt>{t('Issued by')}</dt>
          <dd>{check.organisation}</dd>
          <dt>{t('Verification code')}</dt>
          <dd>
            <code>{check.code}</code>
          </dd>
        </dl>
      </div>
    </InnerPage>
  );
}
