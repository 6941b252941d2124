import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Field } from '../../components/Field';
import { Icon, type IconName } from '../../components/Icon';
import { PageHero } from '../../components/PageHero';
import { usePageMeta } from '../../components/usePageMeta';
import { registerVolunteer, volunteerMessages } from './api';
import { emptyVolunteerForm, genderOptions, interestOptions, missingRequiredFields, toApplication, type VolunteerForm } from './form';
import { useTranslator, type MessageKey } from '../../i18n/i18n';

const reasons: { icon: IconName; title: MessageKey; text: MessageKey }[] = [
  { icon: 'users', title: 'Meet the communities', text: 'Work directly with families in villages across Jharkhand and Bihar.' },
  { icon: 'heart', title: 'Make a real difference', text: 'Teach, plant, organise camps: see the change your time brings.' },
  { icon: 'check', title: 'Flexible commitment', text: 'Weekends, a few hours a month or a full season; you choose.' },
];

export function VolunteerPage() {
  const { t } = useTranslator();
  usePageMeta(t('Volunteer'), t('Register as a volunteer: teach, plant trees, help at health camps or support our events in Jharkhand and Bihar.'));
  const [form, setForm] = useState<VolunteerForm>(emptyVolunteerForm);
  const [error, setError] = useState('');
  /** The server's sentence once the registration is saved ('' before). */
  const [registered, setRegistered] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const update = (field: keyof VolunteerForm) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    setRegistered('');
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRegistered('');
    if (missingRequiredFields(form)) {
      setError(t(volunteerMessages.fillRequired));
      return;
    }
    setSubmitting(true);
    const outcome = await registerVolunteer(toApplication(form));
    setSubmitting(false);
    // The server's sentences are English; hi.json translates the ones it knows.
    const said = t(outcome.message as MessageKey);
    if (!outcome.ok) {
      setError(said);
      return;
    }
    setForm(emptyVolunteerForm);
    setError('');
    setRegistered(said);
    window.alert(said);
  }

  return (
    <>
      <PageHero title={t('Become a Volunteer')} eyebrow={t('Join our team')}>
        {t('Give your time and skills to communities working for clean water, education and green hills.')}
      </PageHero>

      <section className="section">
        <div className="container volunteer-layout">
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
              <Field id="volunteer-name" label={t('Full Name')} required>
                <input id="volunteer-name" className="input" name="name" autoComplete="name" required value={form.name} onChange={update('name')} />
              </Field>
              <Field id="volunteer-email" label={t('Email Address')} required>
                <input
                  id="volunteer-email"
                  className="input"
                  type="email"
                  name="email"
                  autoComplete="email"
                  required
                  value={form.email}
                  onChange={update('email')}
                />
              </Field>
              <Field id="volunteer-mobile" label={t('Mobile Number')} required>
                <input
                  id="volunteer-mobile"
                  className="input"
                  type="tel"
                  name="mobile"
                  autoComplete="tel"
                  inputMode="tel"
                  required
                  value={form.mobile}
                  onChange={update('mobile')}
                />
              </Field>
              <Field id="volunteer-gender" label={t('Gender')}>
                <select id="volunteer-gender" className="input" name="gender" value={form.gender} onChange={update('gender')}>
                  <option value="">{t('Select gender')}</option>
                  {genderOptions.map((gender) => (
                    <option key={gender} value={gender}>
                      {t(gender)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id="volunteer-interest" label={t('Area of Interest')} required>
                <select id="volunteer-interest" className="input" name="interest" required value={form.interest} onChange={update('interest')}>
                  <option value="">{t('Select an area')}</option>
                  {interestOptions.map((interest) => (
                    <option key={interest.value} value={interest.value}>
                      {t(interest.label)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id="volunteer-start" label={t('Available From')} required>
                <input id="volunteer-start" className="input" type="date" name="start_date" required value={form.start_date} onChange={update('start_date')} />
              </Field>
              <Field id="volunteer-address" label={t('Address')} required wide>
                <textarea
                  id="volunteer-address"
                  className="input"
                  name="address"
                  rows={3}
                  autoComplete="street-address"
                  required
                  value={form.address}
                  onChange={update('address')}
                />
              </Field>
              <Field id="volunteer-about" label={t('Tell us about yourself')} required wide>
                <textarea id="volunteer-about" className="input" name="about" rows={4} required value={form.about} onChange={update('about')} />
              </Field>
              <p className="form-error span-all" role="alert">
                {error}
              </p>
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
              <div className="span-all">
                <button type="submit" className="btn btn-primary btn-lg" disabled={submitting} aria-busy={submitting}>
                  {t('Register as Volunteer')}
                </button>
              </div>
            </div>
          </form>
        </div>
      </section>
    </>
  );
}
