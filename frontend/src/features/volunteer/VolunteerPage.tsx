import { useRef, useState, type FormEvent } from 'react';
import { waitOutMinimum } from '../../api/anonymous-form';
import { SelectField, SubmitRow, TextAreaField, TextField } from '../../components/Field';
import { Honeypot } from '../../components/Honeypot';
import { Icon, type IconName } from '../../components/Icon';
import { InnerPage } from '../../components/InnerPage';
import { pageHeroes } from '../../components/pageHeroes';
import { useFormFields } from '../../components/useFormFields';
import { usePageMeta } from '../../components/usePageMeta';
import { registerVolunteer, volunteerMessages } from './api';
import { emptyVolunteerForm, genderOptions, interestOptions, missingRequiredFields, toApplication, type VolunteerForm } from './form';
import { useTranslator, type MessageKey } from '../../i18n/i18n';
import { useKeptForm } from '../../offline/KeptForm';
import './VolunteerPage.css';

const reasons: { icon: IconName; title: MessageKey; text: MessageKey }[] = [
  { icon: 'users', title: 'Meet the communities', text: 'Work directly with families in villages across Jharkhand and Bihar.' },
  { icon: 'heart', title: 'Make a real difference', text: 'Teach, plant, organise camps: see the change your time brings.' },
  { icon: 'check', title: 'Flexible commitment', text: 'Weekends, a few hours a month or a full season; you choose.' },
];

export function VolunteerPage() {
  const { t, lang } = useTranslator();
  usePageMeta(t('Volunteer'), t('Register as a volunteer: teach, plant trees, help at health camps or support our events in Jharkhand and Bihar.'));
  const [error, setError] = useState('');
  /** The server's sentence once the registration is saved ('' before). */
  const [registered, setRegistered] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const { fields: form, setFields: setForm, bind } = useFormFields<VolunteerForm>(emptyVolunteerForm, () => setRegistered(''));
  // What the server checks against scripts: a field people never see, and the time on the page.
  const [website, setWebsite] = useState('');
  const openedAt = useRef(performance.now());
  const keptForm = useKeptForm();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRegistered('');
    if (missingRequiredFields(form)) {
      setError(t(volunteerMessages.fillRequired));
      return;
    }
    setSubmitting(true);
    const elapsed = await waitOutMinimum(openedAt.current);
    const outcome = await registerVolunteer({ ...toApplication(form), website, elapsed_ms: elapsed }, lang);
    setSubmitting(false);
    // The server's sentences are English; hi.json translates the ones it knows.
    const said = t(outcome.message as MessageKey);
    if (!outcome.ok) {
      setError(said);
      return;
    }
    setForm(emptyVolunteerForm);
    openedAt.current = performance.now();
    setError('');
    // Kept offline by the service worker: said on the page, and again once it has been sent.
    if (outcome.kept) return keptForm.keep(outcome.kept);
    setRegistered(said);
    window.alert(said);
  }

  return (
    <InnerPage hero={pageHeroes.volunteer} layout="form-layout volunteer-layout">
      <aside className="volunteer-reasons" aria-labelledby="why-volunteer">
        <h2 id="why-volunteer">{t('Why volunteer with us?')}</h2>
        <ul className="reason-list">
          {reasons.map((reason) => (
            <li key={reason.title} className="with-icon">
              <span className="involve-icon small">
                <Icon name={reason.icon} size={20} />
              </span>
              <span>
                <strong>{t(reason.title)}</strong>
                <span className="reason-text">{t(reason.text)}</span>
              </span>
            </li>
          ))}
        </ul>
      </aside>

      <form method="post" className="form-card" noValidate onSubmit={handleSubmit} aria-labelledby="volunteer-form-title">
        <h2 id="volunteer-form-title">{t('Volunteer Registration Form')}</h2>
        <p className="form-hint">
          {t('Fields marked')} <span aria-hidden="true">*</span>
          <span className="visually-hidden">{t('as required')}</span> {t('are required.')}
        </p>
        <div className="form-grid two-columns">
          <TextField id="volunteer-name" label={t('Full Name')} markRequired autoComplete="name" required {...bind('name')} />
          <TextField id="volunteer-email" label={t('Email Address')} markRequired type="email" autoComplete="email" required {...bind('email')} />
          <TextField id="volunteer-mobile" label={t('Mobile Number')} markRequired type="tel" autoComplete="tel" inputMode="tel" required {...bind('mobile')} />
          <SelectField
            id="volunteer-gender"
            label={t('Gender')}
            placeholder={t('Select gender')}
            options={genderOptions.map((gender) => ({ value: gender, label: t(gender) }))}
            {...bind('gender')}
          />
          <SelectField
            id="volunteer-interest"
            label={t('Area of Interest')}
            markRequired
            required
            placeholder={t('Select an area')}
            options={interestOptions.map((interest) => ({ value: interest.value, label: t(interest.label) }))}
            {...bind('interest')}
          />
          <TextField id="volunteer-start" label={t('Available From')} markRequired type="date" required {...bind('start_date')} />
          <TextAreaField id="volunteer-address" label={t('Address')} markRequired wide rows={3} autoComplete="street-address" required {...bind('address')} />
          <TextAreaField id="volunteer-about" label={t('Tell us about yourself')} markRequired wide rows={4} required {...bind('about')} />
          <Honeypot id="volunteer-website" value={website} onChange={setWebsite} />
          <p className="form-error span-all" role="alert">
            {error}
          </p>
          {keptForm.notice && (
            <p className="form-success span-all" role="status">
              {keptForm.notice}
            </p>
          )}
          {registered && (
            <p className="form-success span-all" role="status">
              {registered}
            </p>
          )}
          <p className="form-note span-all">
            {t(
              'We store what you enter here only to contact you about volunteering and to plan our programs. Only our staff can see it, and you may ask us at any time to delete it.',
            )}
          </p>
          <SubmitRow busy={submitting}>{submitting ? t('Sending…') : t('Register as Volunteer')}</SubmitRow>
        </div>
      </form>
    </InnerPage>
  );
}
