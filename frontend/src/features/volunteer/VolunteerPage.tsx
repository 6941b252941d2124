import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Field } from '../../components/Field';
import { Icon, type IconName } from '../../components/Icon';
import { PageHero } from '../../components/PageHero';
import { usePageMeta } from '../../components/usePageMeta';
import { registerVolunteer, volunteerMessages } from './api';
import { emptyVolunteerForm, genderOptions, interestOptions, missingRequiredFields, toApplication, type VolunteerForm } from './form';

const reasons: { icon: IconName; title: string; text: string }[] = [
  { icon: 'users', title: 'Meet the communities', text: 'Work directly with families in villages across Jharkhand and Bihar.' },
  { icon: 'heart', title: 'Make a real difference', text: 'Teach, plant, organise camps: see the change your time brings.' },
  { icon: 'check', title: 'Flexible commitment', text: 'Weekends, a few hours a month or a full season; you choose.' },
];

export function VolunteerPage() {
  usePageMeta('Volunteer', 'Register as a volunteer: teach, plant trees, help at health camps or support our events in Jharkhand and Bihar.');
  const [form, setForm] = useState<VolunteerForm>(emptyVolunteerForm);
  const [error, setError] = useState('');
  const [registered, setRegistered] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const update =
    (field: keyof VolunteerForm) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
      setForm((current) => ({ ...current, [field]: event.target.value }));
      setRegistered(false);
    };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setRegistered(false);
    if (missingRequiredFields(form)) {
      setError(volunteerMessages.fillRequired);
      return;
    }
    setSubmitting(true);
    const outcome = await registerVolunteer(toApplication(form));
    setSubmitting(false);
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    setForm(emptyVolunteerForm);
    setError('');
    setRegistered(true);
    window.alert(volunteerMessages.registered);
  }

  return (
    <>
      <PageHero title="Become a Volunteer" eyebrow="Join our team">
        Give your time and skills to communities working for clean water, education and green hills.
      </PageHero>

      <section className="section">
        <div className="container volunteer-layout">
          <aside className="volunteer-reasons" aria-labelledby="why-volunteer">
            <h2 id="why-volunteer">Why volunteer with us?</h2>
            <ul className="reason-list">
              {reasons.map((reason) => (
                <li key={reason.title} className="with-icon">
                  <span className="involve-icon small">
                    <Icon name={reason.icon} size={20} />
                  </span>
                  <span>
                    <strong>{reason.title}</strong>
                    <span className="reason-text">{reason.text}</span>
                  </span>
                </li>
              ))}
            </ul>
          </aside>

          <form className="form-card" noValidate onSubmit={handleSubmit} aria-labelledby="volunteer-form-title">
            <h2 id="volunteer-form-title">Volunteer Registration Form</h2>
            <p className="form-hint">
              Fields marked <span aria-hidden="true">*</span>
              <span className="visually-hidden">as required</span> are required.
            </p>
            <div className="form-grid two-columns">
              <Field id="volunteer-name" label="Full Name" required>
                <input id="volunteer-name" className="input" name="name" autoComplete="name" required value={form.name} onChange={update('name')} />
              </Field>
              <Field id="volunteer-email" label="Email Address" required>
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
              <Field id="volunteer-mobile" label="Mobile Number" required>
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
              <Field id="volunteer-gender" label="Gender">
                <select id="volunteer-gender" className="input" name="gender" value={form.gender} onChange={update('gender')}>
                  <option value="">Select gender</option>
                  {genderOptions.map((gender) => (
                    <option key={gender} value={gender}>
                      {gender}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id="volunteer-interest" label="Area of Interest" required>
                <select id="volunteer-interest" className="input" name="interest" required value={form.interest} onChange={update('interest')}>
                  <option value="">Select an area</option>
                  {interestOptions.map((interest) => (
                    <option key={interest.value} value={interest.value}>
                      {interest.label}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id="volunteer-start" label="Available From" required>
                <input
                  id="volunteer-start"
                  className="input"
                  type="date"
                  name="start_date"
                  required
                  value={form.start_date}
                  onChange={update('start_date')}
                />
              </Field>
              <Field id="volunteer-address" label="Address" required wide>
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
              <Field id="volunteer-about" label="Tell us about yourself" required wide>
                <textarea id="volunteer-about" className="input" name="about" rows={4} required value={form.about} onChange={update('about')} />
              </Field>
              <p className="form-error span-all" role="alert">
                {error}
              </p>
              {registered && (
                <p className="form-success span-all" role="status">
                  {volunteerMessages.registered}
                </p>
              )}
              <p className="form-note span-all">
                We store what you enter here only to contact you about volunteering and to plan our programs. Only our staff can
                see it, and you may ask us at any time to delete it.
              </p>
              <div className="span-all">
                <button type="submit" className="btn btn-primary btn-lg" disabled={submitting} aria-busy={submitting}>
                  Register as Volunteer
                </button>
              </div>
            </div>
          </form>
        </div>
      </section>
    </>
  );
}
