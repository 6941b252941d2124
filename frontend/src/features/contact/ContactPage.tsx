import { useEffect, useRef, useState } from 'react';
import { Field } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { OfficeContact } from '../../components/OfficeContact';
import { PageHero } from '../../components/PageHero';
import { usePageMeta } from '../../components/usePageMeta';
import { useSiteSettings } from '../../site';
import { sendContactMessage } from './api';
import { contactSubjects, emptyContactMessage, officeHours, type ContactMessage } from './contact';
import { useTranslator, type MessageKey } from '../../i18n/i18n';

export function ContactPage() {
  const site = useSiteSettings();
  const { t } = useTranslator();
  usePageMeta(t('Contact Us'), t('Write to {name}, call our Ranchi office or visit us. Office hours and contact details.', { name: site.name }));
  const [fields, setFields] = useState<ContactMessage>(emptyContactMessage);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  // Spam signals the server checks: a field people never see, and how long the form was open.
  const [website, setWebsite] = useState('');
  const openedAt = useRef(performance.now());
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const returningToForm = useRef(false);

  useEffect(() => {
    if (sent) confirmationRef.current?.focus();
    else if (returningToForm.current) nameRef.current?.focus();
  }, [sent]);

  const update = (field: keyof ContactMessage) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));

  return (
    <>
      <PageHero title={t('Contact Us')} eyebrow={t('We would love to hear from you')}>
        {t('Questions, ideas or an offer to help: write to us, call, or visit our office in Ranchi.')}
      </PageHero>

      <section className="section">
        <div className="container contact-layout">
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
                  const outcome = await sendContactMessage(fields, { website, elapsedMs: performance.now() - openedAt.current });
                  setSending(false);
                  // On a failure the visitor's text stays in the form, with a sentence saying why.
                  if (outcome.ok) setSent(true);
                  // The server's sentences are English; hi.json translates the ones it knows.
                  else setError(t(outcome.message as MessageKey));
                }}
              >
                <h2 id="contact-form-title">{t('Send Us a Message')}</h2>
                <div className="form-grid two-columns">
                  <Field id="contact-name" label={t('Your Name')}>
                    <input
                      ref={nameRef}
                      id="contact-name"
                      className="input"
                      name="name"
                      autoComplete="name"
                      required
                      value={fields.name}
                      onChange={update('name')}
                    />
                  </Field>
                  <Field id="contact-email" label={t('Email Address')}>
                    <input
                      id="contact-email"
                      className="input"
                      type="email"
                      name="email"
                      autoComplete="email"
                      required
                      value={fields.email}
                      onChange={update('email')}
                    />
                  </Field>
                  <Field id="contact-subject" label={t('Subject')} wide>
                    <select id="contact-subject" className="input" name="subject" required value={fields.subject} onChange={update('subject')}>
                      <option value="">{t('Select a subject')}</option>
                      {contactSubjects.map((subject) => (
                        <option key={subject} value={subject}>
                          {t(subject)}
                        </option>
                      ))}
                    </select>
                  </Field>
                  <Field id="contact-message" label={t('Message')} wide>
                    <textarea id="contact-message" className="input" name="message" rows={6} required value={fields.message} onChange={update('message')} />
                  </Field>
                  <div hidden>
                    <label htmlFor="contact-website">{t('Leave this field empty')}</label>
                    <input
                      id="contact-website"
                      name="website"
                      tabIndex={-1}
                      autoComplete="off"
                      value={website}
                      onChange={(event) => setWebsite(event.target.value)}
                    />
                  </div>
                  {error && (
                    <p className="form-error span-all" role="alert">
                      {error}
                    </p>
                  )}
                  <div className="span-all">
                    <button type="submit" className="btn btn-primary btn-lg" disabled={sending} aria-busy={sending}>
                      {t('Send Message')}
                    </button>
                  </div>
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
        </div>
      </section>
    </>
  );
}
