import { useState, type FormEvent, type ReactNode } from 'react';
import { SubmitRow, TextAreaField, TextField } from '../../components/Field';
import { Form, useForm } from '../../components/Form';
import { fromServer } from './signed-in-sentences';
import { useTranslator, type MessageKey } from '../../i18n/i18n';
import { localeOf } from '../../i18n/paths';
import { correctRegistration, downloadMine, setNewsletterLanguage, withdrawRegistration, type MyData, type MyPdf } from './api';
import { eventWhen } from '../events/display';

const statusLabels: Record<MyData['donations'][number]['status'], MessageKey> = {
  pending: 'Awaiting confirmation',
  received: 'Received',
  rejected: 'Not found in our account',
};

const signupLabels: Record<MyData['signups'][number]['status'], MessageKey> = {
  confirmed: 'Your place is confirmed',
  waitlisted: 'On the waiting list',
  cancelled: 'Cancelled',
};

const subscriptionLabels: Record<MyData['newsletter'][number]['state'], MessageKey> = {
  pending: 'Waiting for you to confirm it from the mail we sent',
  subscribed: 'Subscribed',
  unsubscribed: 'Unsubscribed',
  bounced: 'Stopped: mails to this address could not be delivered',
};

const pledgeLabels: Record<MyData['pledges'][number]['status'], MessageKey> = {
  active: 'Active',
  paused: 'Paused',
  stopped: 'Stopped',
};

type Registration = MyData['registrations'][number];

/**
 * What the site holds of the person: registrations (to correct or withdraw), event sign-ups, the
 * newsletter, donations with receipts, monthly pledges, hours and certificates. The sign-ups', the
 * newsletter's and the pledges' links are the ones their mails carry, to the pages that act.
 */
export function MyRecords({ data, reload }: { data: MyData; reload: () => Promise<void> }) {
  const { t, lang } = useTranslator();
  const [said, setSaid] = useState('');
  const money = (amount: number) => new Intl.NumberFormat(localeOf[lang], { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(amount);
  const number = (value: number) => new Intl.NumberFormat(localeOf[lang], { maximumFractionDigits: 2 }).format(value);
  const day = (iso: string) => new Intl.DateTimeFormat(localeOf[lang], { dateStyle: 'medium' }).format(new Date(iso));
  const download = async (path: MyPdf, query: string, name: string) => {
    const outcome = await downloadMine(path, query, name);
    setSaid(outcome.ok ? '' : fromServer(t, outcome.message));
  };
  const [newsletterSaid, setNewsletterSaid] = useState('');
  async function switchNewsletter(to: 'en' | 'hi') {
    const outcome = await setNewsletterLanguage(to);
    setNewsletterSaid(fromServer(t, outcome.ok ? outcome.data.message : outcome.message));
    if (outcome.ok) await reload();
  }

  return (
    <>
      {said && (
        <p className="form-error" role="alert">
          {said}
        </p>
      )}
      <section className="my-section" aria-labelledby="my-registrations">
        <h2 id="my-registrations">{t('Volunteer registration')}</h2>
        {data.registrations.length === 0 && <p>{t('You have not registered as a volunteer.')}</p>}
        {data.registrations.map((registration) => (
          <RegistrationCard key={registration.id} registration={registration} reload={reload} />
        ))}
      </section>

      <ListSection
        id="my-signups"
        heading={t('Event sign-ups')}
        empty={t('You have not signed up for any event.')}
        items={data.signups}
        keyOf={(signup) => signup.id}
      >
        {(signup) => (
          <>
            <strong>{lang === 'hi' ? signup.title_hi : signup.title}</strong>
            <span>
              {eventWhen(signup, localeOf[lang])} · {t(signupLabels[signup.status])} · {t('{seats} places', { seats: number(signup.seats) })}
            </span>
            <span className="my-links">
              <a href={signup.ics_url} download>
                {t('Calendar file (.ics)')}
              </a>
              {signup.cancel_url && <a href={signup.cancel_url}>{t('Cancel my place')}</a>}
            </span>
          </>
        )}
      </ListSection>

      <ListSection
        id="my-newsletter"
        heading={t('Newsletter')}
        empty={t('You are not subscribed to our newsletter.')}
        items={data.newsletter}
        keyOf={(subscription) => subscription.state}
      >
        {(subscription) => (
          <>
            <span>
              {t(subscriptionLabels[subscription.state])} · {subscription.lang === 'hi' ? t('In Hindi') : t('In English')}
            </span>
            {subscription.state !== 'unsubscribed' && (
              <span className="my-links">
                <button type="button" className="btn btn-small btn-outline" onClick={() => void switchNewsletter(subscription.lang === 'hi' ? 'en' : 'hi')}>
                  {subscription.lang === 'hi' ? t('Send it to me in English') : t('Send it to me in Hindi')}
                </button>
                {subscription.unsubscribe_url && <a href={subscription.unsubscribe_url}>{t('Unsubscribe')}</a>}
              </span>
            )}
            {newsletterSaid && <span role="status">{newsletterSaid}</span>}
          </>
        )}
      </ListSection>

      <ListSection
        id="my-donations"
        heading={t('Donations')}
        empty={t('No donations are recorded for this address.')}
        items={data.donations}
        keyOf={(donation) => donation.id}
      >
        {(donation) => (
          <>
            <span>
              {money(donation.amount)} · {day(donation.reported_at)} · {t(statusLabels[donation.status])}
            </span>
            {donation.receipts.map((receipt) => (
              <button
                key={receipt.id}
                type="button"
                className="btn btn-small btn-outline"
                onClick={() => void download('/api/get_my_receipt.php', `id=${receipt.id}`, `receipt-${receipt.number.replace('/', '-')}.pdf`)}
              >
                {receipt.status === 'cancelled'
                  ? t('Receipt {number} (cancelled)', { number: receipt.number })
                  : t('80G receipt {number}', { number: receipt.number })}
              </button>
            ))}
          </>
        )}
      </ListSection>

      {data.form10be.length > 0 && (
        <ListSection id="my-form10be" heading={t('Form 10BE certificates')} empty="" items={data.form10be} keyOf={(certificate) => certificate.id}>
          {(certificate) => (
            <button
              type="button"
              className="btn btn-small btn-outline"
              onClick={() => void download('/api/get_my_form10be.php', `id=${certificate.id}`, `form-10be-${certificate.fy || certificate.id}.pdf`)}
            >
              {certificate.fy ? t('Form 10BE for {year}', { year: certificate.fy }) : t('Form 10BE certificate')}
            </button>
          )}
        </ListSection>
      )}

      <ListSection id="my-pledges" heading={t('Monthly pledges')} empty={t('You have no monthly pledge.')} items={data.pledges} keyOf={(pledge) => pledge.id}>
        {(pledge) => (
          <>
            <span>
              {t('{amount} a month, reminded on day {day}', { amount: money(pledge.amount), day: number(pledge.day) })} · {t(pledgeLabels[pledge.status])}
            </span>
            {pledge.stop_url && (
              <span className="my-links">
                <a href={pledge.stop_url}>{t('Stop this pledge')}</a>
              </span>
            )}
          </>
        )}
      </ListSection>

      <section className="my-section" aria-labelledby="my-hours">
        <h2 id="my-hours">{t('Volunteer hours')}</h2>
        {data.hours.total === 0 ? (
          <p>{t('No volunteer hours are recorded yet.')}</p>
        ) : (
          <>
            <p className="my-total">{t('{hours} hours in all', { hours: number(data.hours.total) })}</p>
            <ul className="my-list">
              {data.hours.entries.map((entry) => (
                <li key={entry.id}>
                  {entry.date} · {t('{hours} hours', { hours: number(entry.hours) })}
                  {entry.note && ` · ${entry.note}`}
                </li>
              ))}
            </ul>
            <div className="my-actions">
              <button type="button" className="btn btn-primary" onClick={() => void download('/api/get_my_certificate.php', 'lang=en', 'certificate-en.pdf')}>
                {t('Certificate in English')}
              </button>
              <button type="button" className="btn btn-primary" onClick={() => void download('/api/get_my_certificate.php', 'lang=hi', 'certificate-hi.pdf')}>
                {t('Certificate in Hindi')}
              </button>
            </div>
          </>
        )}
      </section>
    </>
  );
}

/** A section of the page: its heading, and its list or a sentence saying there is nothing. */
function ListSection<T>(props: { id: string; heading: string; empty: string; items: T[]; keyOf: (item: T) => string; children: (item: T) => ReactNode }) {
  return (
    <section className="my-section" aria-labelledby={props.id}>
      <h2 id={props.id}>{props.heading}</h2>
      {props.items.length === 0 ? (
        <p>{props.empty}</p>
      ) : (
        <ul className="my-list">
          {props.items.map((item) => (
            <li key={props.keyOf(item)}>{props.children(item)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RegistrationCard({ registration, reload }: { registration: Registration; reload: () => Promise<void> }) {
  const { t } = useTranslator();
  const form = useForm({ name: registration.name, mobile: registration.mobile, address: registration.address }, { id: `registration-${registration.id}` });
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState(false);

  async function save(fields: { name: string; mobile: string; address: string }, _event: FormEvent<HTMLFormElement>) {
    setBusy(true);
    const outcome = await correctRegistration({ id: registration.id, ...fields });
    setBusy(false);
    setSaid(fromServer(t, outcome.ok ? outcome.data.message : outcome.message));
    if (outcome.ok) await reload();
  }
  async function withdraw() {
    if (!window.confirm(t('Withdraw your registration? No one will contact you about volunteering.'))) return;
    const outcome = await withdrawRegistration(registration.id);
    setSaid(fromServer(t, outcome.ok ? outcome.data.message : outcome.message));
    if (outcome.ok) await reload();
  }

  return (
    <Form form={form} className="form-card form-grid two-columns" noValidate onSubmit={save} aria-label={t('Your registration')}>
      {registration.withdrawn_at && <p className="span-all my-withdrawn">{t('Withdrawn')}</p>}
      <TextField id={`my-name-${registration.id}`} label={t('Full Name')} autoComplete="name" required {...form.field('name')} />
      <TextField id={`my-mobile-${registration.id}`} label={t('Mobile Number')} type="tel" autoComplete="tel" required {...form.field('mobile')} />
      <TextAreaField id={`my-address-${registration.id}`} label={t('Address')} wide rows={2} required {...form.field('address')} />
      {said && (
        <p className="span-all" role="status">
          {said}
        </p>
      )}
      <SubmitRow busy={busy}>{t('Save corrections')}</SubmitRow>
      {!registration.withdrawn_at && (
        <div className="span-all">
          <button type="button" className="btn btn-outline" onClick={() => void withdraw()}>
            {t('Withdraw my registration')}
          </button>
        </div>
      )}
    </Form>
  );
}
