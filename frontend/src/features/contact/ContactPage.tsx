import { useEffect, useRef, useState } from 'react';
import { useLoaderData, useRouterState } from '@tanstack/react-router';
import { waitOutMinimum } from '../../api/anonymous-form';
import { FormStatus, SelectField, SubmitRow, TextAreaField, TextField } from '../../components/Field';
import { Form, usePlainForm } from '../../components/Form';
import { Honeypot, readHoneypot } from '../../components/Honeypot';
import { NoticeAgreement } from '../privacy/NoticeAgreement';
import { ErrorSummary, useSentByPlainPost } from '../../components/PlainForm';
import { Icon } from '../../components/Icon';
import { OfficeContact } from '../../components/OfficeContact';
import { InnerPage } from '../../components/InnerPage';
import { usePageMeta } from '../../components/usePageMeta';
import { useSiteSettings } from '../../site';
import { sendContactMessage } from './api';
import { contactSubjects, emptyContactMessage, officeHours, type ContactMessage } from './contact';
import { useTranslator, type MessageKey } from '../../i18n/i18n';
import { useKeptForm } from '../../offline/KeptForm';
import './ContactPage.css';

/** Each field's control and label: the form's, and the error summary's links to them. */
const fieldIds: Record<keyof ContactMessage, string> = {
  name: 'contact-name',
  email: 'contact-email',
  subject: 'contact-subject',
  message: 'contact-message',
  notice_version: 'contact-notice',
};
const fieldLabels: Record<keyof ContactMessage, MessageKey> = {
  name: 'Your Name',
  email: 'Email Address',
  subject: 'Subject',
  message: 'Message',
  notice_version: 'Agreement to the privacy notice',
};

export function ContactPage() {
  const site = useSiteSettings();
  const { t, lang } = useTranslator();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { hero, form_title, office_title, hours_title, meta_description, notice_version } = useLoaderData({ from: '/{-$lang}/contact' });
  usePageMeta(t('Contact Us'), meta_description.replaceAll('{name}', site.name));
  // A message sent as a plain post (docs/forms.md): kept (?sent=1, the confirmation), or refused
  // and shown again with what was typed until the form is sent from here.
  const sentByPost = useSentByPlainPost();
  const form = usePlainForm<ContactMessage>(emptyContactMessage, 'contact-form');
  const [sent, setSent] = useState(sentByPost);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const returningToForm = useRef(false);
  const keptForm = useKeptForm();

  useEffect(() => {
    if (sent) confirmationRef.current?.focus();
    else if (returningToForm.current) nameRef.current?.focus();
  }, [sent]);

  return (
    <InnerPage hero={hero} layout="form-layout contact-layout">
      <div id="contact-form" className="form-card">
        {sent ? (
          <div className="contact-sent" role="status">
            <span className="sent-icon">
              <Icon name="check" size={32} />
            </span>
            <h2 ref={confirmationRef} tabIndex={-1} autoFocus={sentByPost}>
              {t('Message Sent')}
            </h2>
            <p>{t('Thank you for reaching out. We will get back to you as soon as possible.')}</p>
            {sentByPost ? (
              // Reached by a plain post: the form again is the page itself, script or not.
              <a className="btn btn-primary" href={pathname}>
                {t('Send Another Message')}
              </a>
            ) : (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => {
                  returningToForm.current = true;
                  form.reset();
                  setSent(false);
                }}
              >
                {t('Send Another Message')}
              </button>
            )}
          </div>
        ) : (
          <Form
            form={form}
            aria-labelledby="contact-form-title"
            onSubmit={async (fields, event) => {
              if (sending) return;
              const website = readHoneypot(event.currentTarget);
              setSending(true);
              setError('');
              const elapsedMs = await waitOutMinimum(form.openedAt());
              const outcome = await sendContactMessage(fields, { website, elapsedMs }, lang);
              setSending(false);
              // Kept offline by the service worker: the form says so, and again once it is sent.
              if (outcome.ok && outcome.kept) {
                form.reset();
                keptForm.keep(outcome.kept);
              } else if (outcome.ok) setSent(true);
              // On a failure the visitor's text stays in the form, with a sentence saying why.
              // The server's sentences are English; hi.json translates the ones it knows.
              else setError(t(outcome.message as MessageKey));
            }}
          >
            <h2 id="contact-form-title">{form_title}</h2>
            <div className="form-grid two-columns">
              <ErrorSummary form={form} fieldIds={fieldIds} labels={fieldLabels} />
              <TextField id={fieldIds.name} label={t(fieldLabels.name)} inputRef={nameRef} autoComplete="name" required {...form.field('name')} />
              <TextField id={fieldIds.email} label={t(fieldLabels.email)} type="email" autoComplete="email" required {...form.field('email')} />
              <SelectField
                id={fieldIds.subject}
                label={t(fieldLabels.subject)}
                wide
                required
                placeholder={t('Select a subject')}
                options={contactSubjects.map((subject) => ({ value: subject, label: t(subject) }))}
                {...form.field('subject')}
              />
              <TextAreaField id={fieldIds.message} label={t(fieldLabels.message)} wide rows={6} required {...form.field('message')} />
              <NoticeAgreement form="contact" id={fieldIds.notice_version} version={notice_version} field={form.field('notice_version')} />
              <Honeypot id="contact-website" />
              {error && (
                <p className="form-error span-all" role="alert">
                  {error}
                </p>
              )}
              <FormStatus>{keptForm.notice}</FormStatus>
              <SubmitRow busy={sending}>{sending ? t('Sending…') : t('Send Message')}</SubmitRow>
            </div>
          </Form>
        )}
      </div>

      <aside className="contact-info" aria-label={t('Office information')}>
        <div className="info-card">
          <h2>{office_title}</h2>
          <OfficeContact />
        </div>
        <div className="info-card">
          <h2>{hours_title}</h2>
          <dl className="hours-list">
            {officeHours.map((entry) => (
              <div key={entry.days}>
                <dt>{t(entry.days)}</dt>
                <dd>{t(entry.hours)}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="map-placeholder" role="img" aria-label={t('Map placeholder: our office location in Ranchi')}>
          <svg viewBox="0 0 400 220" aria-hidden="true" focusable="false">
            <rect width="400" height="220" fill="#e3f1e7" />
            <path d="M0 150C90 120 160 170 250 140S360 90 400 100" stroke="#a9d8a6" strokeWidth="26" fill="none" />
            <path d="M40 0v220M160 0v220M300 0v220M0 60h400M0 190h400" stroke="#fff" strokeWidth="8" />
            <path d="M200 70c-17 0-30 13-30 30 0 24 30 52 30 52s30-28 30-52c0-17-13-30-30-30z" fill="#1d5c3a" />
            <circle cx="200" cy="100" r="11" fill="#f0bb45" />
          </svg>
          <p>{t('Map coming soon')}</p>
        </div>
      </aside>
    </InnerPage>
  );
}
