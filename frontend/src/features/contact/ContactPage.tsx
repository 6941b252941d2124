import { useEffect, useRef, useState } from 'react';
import { waitOutMinimum } from '../../api/anonymous-form';
import { SelectField, SubmitRow, TextAreaField, TextField } from '../../components/Field';
import { Honeypot } from '../../components/Honeypot';
import { Icon } from '../../components/Icon';
import { OfficeContact } from '../../components/OfficeContact';
import { InnerPage } from '../../components/InnerPage';
import { pageHeroes } from '../../components/pageHeroes';
import { useFormFields } from '../../components/useFormFields';
import { usePageMeta } from '../../components/usePageMeta';
import { useSiteSettings } from '../../site';
import { sendContactMessage } from './api';
import { contactSubjects, emptyContactMessage, officeHours, type ContactMessage } from './contact';
import { useTranslator, type MessageKey } from '../../i18n/i18n';
import { useKeptForm } from '../../offline/KeptForm';
import './ContactPage.css';

export function ContactPage() {
  const site = useSiteSettings();
  const { t, lang } = useTranslator();
  usePageMeta(t('Contact Us'), t('Write to {name}, call our Ranchi office or visit us. Office hours and contact details.', { name: site.name }));
  const { fields, setFields, bind } = useFormFields<ContactMessage>(emptyContactMessage);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  // Spam signals the server checks: a field people never see, and how long the form was open.
  const [website, setWebsite] = useState('');
  const openedAt = useRef(performance.now());
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const returningToForm = useRef(false);
  const keptForm = useKeptForm();

  useEffect(() => {
    if (sent) confirmationRef.current?.focus();
    else if (returningToForm.current) nameRef.current?.focus();
  }, [sent]);

  return (
    <InnerPage hero={pageHeroes.contact} layout="form-layout contact-layout">
      <div className="form-card">
        {sent ? (
          <div className="contact-sent" role="status">
            <span className="sent-icon">
              <Icon name="check" size={32} />
            </span>
            <h2 ref={confirmationRef} tabIndex={-1}>
              {t('Message Sent')}
            </h2>
            <p>{t('Thank you for reaching out. We will get back to you as soon as possible.')}</p>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                returningToForm.current = true;
                setFields(emptyContactMessage);
                openedAt.current = performance.now();
                setSent(false);
              }}
            >
              {t('Send Another Message')}
            </button>
          </div>
        ) : (
          <form
            method="post"
            aria-labelledby="contact-form-title"
            onSubmit={async (event) => {
              event.preventDefault();
              if (sending) return;
              setSending(true);
              setError('');
              const elapsedMs = await waitOutMinimum(openedAt.current);
              const outcome = await sendContactMessage(fields, { website, elapsedMs }, lang);
              setSending(false);
              // Kept offline by the service worker: the form says so, and again once it is sent.
              if (outcome.ok && outcome.kept) {
                setFields(emptyContactMessage);
                openedAt.current = performance.now();
                keptForm.keep(outcome.kept);
              } else if (outcome.ok) setSent(true);
              // On a failure the visitor's text stays in the form, with a sentence saying why.
              // The server's sentences are English; hi.json translates the ones it knows.
              else setError(t(outcome.message as MessageKey));
            }}
          >
            <h2 id="contact-form-title">{t('Send Us a Message')}</h2>
            <div className="form-grid two-columns">
              <TextField id="contact-name" label={t('Your Name')} inputRef={nameRef} autoComplete="name" required {...bind('name')} />
              <TextField id="contact-email" label={t('Email Address')} type="email" autoComplete="email" required {...bind('email')} />
              <SelectField
                id="contact-subject"
                label={t('Subject')}
                wide
                required
                placeholder={t('Select a subject')}
                options={contactSubjects.map((subject) => ({ value: subject, label: t(subject) }))}
                {...bind('subject')}
              />
              <TextAreaField id="contact-message" label={t('Message')} wide rows={6} required {...bind('message')} />
              <Honeypot id="contact-website" value={website} onChange={setWebsite} />
              {error && (
                <p className="form-error span-all" role="alert">
                  {error}
                </p>
              )}
              {keptForm.notice && (
                <p className="form-success span-all" role="status">
                  {keptForm.notice}
                </p>
              )}
              <SubmitRow busy={sending}>{sending ? t('Sending…') : t('Send Message')}</SubmitRow>
            </div>
          </form>
        )}
      </div>

      <aside className="contact-info" aria-label={t('Office information')}>
        <div className="info-card">
          <h2>{t('Our Office')}</h2>
          <OfficeContact />
        </div>
        <div className="info-card">
          <h2>{t('Office Hours')}</h2>
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
