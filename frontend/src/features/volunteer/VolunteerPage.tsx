import { useState, type FormEvent } from 'react';
import { waitOutMinimum } from '../../api/anonymous-form';
import { FormStatus, SelectField, SubmitRow, TextAreaField, TextField } from '../../components/Field';
import { Form, usePlainForm } from '../../components/Form';
import { Honeypot, readHoneypot } from '../../components/Honeypot';
import { ErrorSummary, useAcceptedByPlainPost, useSentByPlainPost } from '../../components/PlainForm';
import { NoticeAgreement } from '../privacy/NoticeAgreement';
import { useLoaderData } from '@tanstack/react-router';
import { Icon, type IconName } from '../../components/Icon';
import { InnerPage } from '../../components/InnerPage';
import { usePageMeta } from '../../components/usePageMeta';
import { registerVolunteer, volunteerMessages } from './api';
import { asksGuardian, emptyVolunteerForm, genderOptions, interestOptions, isUnder18, missingRequiredFields, toApplication, type VolunteerForm } from './form';
import { useTranslator, type MessageKey } from '../../i18n/i18n';
import { useKeptForm } from '../../offline/KeptForm';
import { SendMeNews } from '../newsletter/SendMeNews';
import './VolunteerPage.css';

/** Each field's control and label: the form's, and the error summary's links to them. */
const fieldIds: Record<keyof VolunteerForm, string> = {
  name: 'volunteer-name',
  email: 'volunteer-email',
  mobile: 'volunteer-mobile',
  gender: 'volunteer-gender',
  interest: 'volunteer-interest',
  start_date: 'volunteer-start',
  address: 'volunteer-address',
  about: 'volunteer-about',
  newsletter: 'volunteer-newsletter',
  date_of_birth: 'volunteer-birth',
  guardian_name: 'volunteer-guardian-name',
  guardian_email: 'volunteer-guardian-email',
  notice_version: 'volunteer-notice',
};
const fieldLabels: Record<keyof VolunteerForm, MessageKey> = {
  name: 'Full Name',
  email: 'Email Address',
  mobile: 'Mobile Number',
  gender: 'Gender',
  interest: 'Area of Interest',
  start_date: 'Available From',
  address: 'Address',
  about: 'Tell us about yourself',
  newsletter: 'Send me news by e-mail (a consent of its own: we mail you a link to confirm it)',
  date_of_birth: 'Date of birth',
  guardian_name: 'Name of a parent or guardian (under 18)',
  guardian_email: 'E-mail of a parent or guardian (under 18)',
  notice_version: 'Agreement to the privacy notice',
};

/** The reasons' icons, in turn (the reasons themselves are the page's content). */
const reasonIcons: IconName[] = ['users', 'heart', 'check'];

export function VolunteerPage() {
  const { t, lang } = useTranslator();
  const { hero, reasons, form_title, meta_description, notice_version } = useLoaderData({ from: '/{-$lang}/volunteer' });
  usePageMeta(t('Volunteer'), meta_description);
  const [error, setError] = useState('');
  // A registration sent as a plain post (docs/forms.md): saved (?sent=1), or refused and shown
  // again with what was typed until the form is sent from here.
  /** The server's sentence once the registration is saved ('' before). */
  const sentByPost = useSentByPlainPost();
  const acceptedByPost = useAcceptedByPlainPost();
  const [registered, setRegistered] = useState(sentByPost ? t(volunteerMessages.registered) : acceptedByPost ? t(volunteerMessages.guardianAsked) : '');
  const [submitting, setSubmitting] = useState(false);
  const form = usePlainForm<VolunteerForm>(emptyVolunteerForm, 'volunteer-form');
  const keptForm = useKeptForm();

  async function handleSubmit(fields: VolunteerForm, event: FormEvent<HTMLFormElement>) {
    const website = readHoneypot(event.currentTarget);
    setRegistered('');
    if (missingRequiredFields(fields)) {
      setError(t(volunteerMessages.fillRequired));
      return;
    }
    setSubmitting(true);
    const elapsed = await waitOutMinimum(form.openedAt());
    const outcome = await registerVolunteer({ ...toApplication(fields), website, elapsed_ms: elapsed }, lang);
    setSubmitting(false);
    // The server's sentences are English; hi.json translates the ones it knows.
    const said = t(outcome.message as MessageKey);
    if (!outcome.ok) {
      setError(said);
      return;
    }
    form.reset();
    setError('');
    // Kept offline by the service worker: said on the page, and again once it has been sent.
    if (outcome.kept) return keptForm.keep(outcome.kept);
    setRegistered(said);
    window.alert(said);
  }

  return (
    <InnerPage hero={hero} layout="form-layout volunteer-layout">
      <aside className="volunteer-reasons" aria-labelledby="why-volunteer">
        <h2 id="why-volunteer">{reasons.title}</h2>
        <ul className="reason-list">
          {reasons.items.map((reason, index) => (
            <li key={index} className="with-icon">
              <span className="involve-icon small">
                <Icon name={reasonIcons[index % reasonIcons.length]!} size={20} />
              </span>
              <span>
                <strong>{reason.title}</strong>
                <span className="reason-text">{reason.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </aside>

      <Form
        form={form}
        id="volunteer-form"
        className="form-card"
        noValidate
        onSubmit={handleSubmit}
        onInput={() => setRegistered('')}
        aria-labelledby="volunteer-form-title"
      >
        <h2 id="volunteer-form-title">{form_title}</h2>
        <p className="form-hint">
          {t('Fields marked')} <span aria-hidden="true">*</span>
          <span className="visually-hidden">{t('as required')}</span> {t('are required.')}
        </p>
        <div className="form-grid two-columns">
          <ErrorSummary form={form} fieldIds={fieldIds} labels={fieldLabels} />
          <TextField id={fieldIds.name} label={t(fieldLabels.name)} markRequired autoComplete="name" required {...form.field('name')} />
          <TextField id={fieldIds.email} label={t(fieldLabels.email)} markRequired type="email" autoComplete="email" required {...form.field('email')} />
          <TextField
            id={fieldIds.mobile}
            label={t(fieldLabels.mobile)}
            markRequired
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            {...form.field('mobile')}
          />
          <SelectField
            id={fieldIds.gender}
            label={t(fieldLabels.gender)}
            placeholder={t('Select gender')}
            options={genderOptions.map((gender) => ({ value: gender, label: t(gender) }))}
            {...form.field('gender')}
          />
          <SelectField
            id={fieldIds.interest}
            label={t(fieldLabels.interest)}
            markRequired
            required
            placeholder={t('Select an area')}
            options={interestOptions.map((interest) => ({ value: interest.value, label: t(interest.label) }))}
            {...form.field('interest')}
          />
          <TextField id={fieldIds.start_date} label={t(fieldLabels.start_date)} markRequired type="date" required {...form.field('start_date')} />
          <TextAreaField
            id={fieldIds.address}
            label={t(fieldLabels.address)}
            markRequired
            wide
            rows={3}
            autoComplete="street-address"
            required
            {...form.field('address')}
          />
          <TextAreaField id={fieldIds.about} label={t(fieldLabels.about)} markRequired wide rows={4} required {...form.field('about')} />
          <TextField
            id={fieldIds.date_of_birth}
            label={t(fieldLabels.date_of_birth)}
            markRequired
            type="date"
            autoComplete="bday"
            required
            {...form.field('date_of_birth')}
          />
          {asksGuardian(form.values) && (
            <fieldset className="guardian-fields span-all">
              <legend className="field-label">{t('A parent or guardian (for a volunteer under 18)')}</legend>
              <div className="form-grid two-columns">
                <TextField
                  id={fieldIds.guardian_name}
                  label={t(fieldLabels.guardian_name)}
                  markRequired={isUnder18(form.values.date_of_birth)}
                  required={isUnder18(form.values.date_of_birth)}
                  maxLength={100}
                  {...form.field('guardian_name')}
                />
                <TextField
                  id={fieldIds.guardian_email}
                  label={t(fieldLabels.guardian_email)}
                  markRequired={isUnder18(form.values.date_of_birth)}
                  required={isUnder18(form.values.date_of_birth)}
                  type="email"
                  {...form.field('guardian_email')}
                />
              </div>
            </fieldset>
          )}
          <SendMeNews id={fieldIds.newsletter} field={form.field('newsletter')} />
          <Honeypot id="volunteer-website" />
          <p className="form-error span-all" role="alert">
            {error}
          </p>
          <FormStatus>{keptForm.notice}</FormStatus>
          <FormStatus focused={sentByPost}>{registered}</FormStatus>
          <p className="form-note span-all">
            {t(
              'We store what you enter here only to contact you about volunteering and to plan our programs. Only our staff can see it, and you may ask us at any time to delete it.',
            )}
          </p>
          <NoticeAgreement form="volunteer" id={fieldIds.notice_version} version={notice_version} field={form.field('notice_version')} />
          <SubmitRow busy={submitting}>{submitting ? t('Sending…') : t('Register as Volunteer')}</SubmitRow>
        </div>
      </Form>
    </InnerPage>
  );
}
