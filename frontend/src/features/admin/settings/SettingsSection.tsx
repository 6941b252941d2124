import { useState } from 'react';
import { SubmitActions } from '../FormActions';
import type { components } from '@ngo-site/shared/contract';
import { api } from '../../../api/client';
import { failureMessage } from '../../../api/failure';
import { useSiteSettingsStore, type Settings } from '../../../site';
import { Field } from '../../../components/Field';
import { Form, useForm } from '../../../components/Form';
import { apiMessages } from '../../../api/messages';
import { notify } from '../toasts';
import { useLoad } from '../useLoad';
import { attempt, type Outcome } from '../api';
import { PanelStates } from '../PanelStates';
import { CertificateNote } from './CertificateNote';
import { MailPanel } from '../mail/MailPanel';
import { AdminPanel } from '../AdminPanel';
import { LegalTextsForm } from './LegalTextsForm';

type Loaded = { settings: Settings; placeholders: string[]; certificate?: components['schemas']['CertificateStatus'] };

function fetchSettings(): Promise<Outcome<Loaded>> {
  return attempt(async () => {
    const { data, error } = await api.GET('/api/get_settings.php');
    return data?.success
      ? { ok: true, data: { settings: data.data, placeholders: data.placeholders, certificate: data.certificate } }
      : { ok: false, message: failureMessage(error) || 'Could not load the settings' };
  });
}

type TextField = Exclude<keyof Settings, 'phones' | 'legal'>;
const fields: { name: TextField; label: string; type?: string; multiline?: boolean; hint?: string }[] = [
  { name: 'name', label: 'Organisation name' },
  { name: 'tagline', label: 'Tagline', multiline: true },
  { name: 'address', label: 'Postal address (one line per line)', multiline: true },
  { name: 'email', label: 'E-mail', type: 'email' },
  { name: 'office_hours', label: 'Office hours' },
  { name: 'facebook', label: 'Facebook link', type: 'url' },
  { name: 'twitter', label: 'Twitter/X link', type: 'url' },
  { name: 'instagram', label: 'Instagram link', type: 'url' },
  { name: 'linkedin', label: 'LinkedIn link', type: 'url' },
  { name: 'youtube', label: 'YouTube link', type: 'url' },
  { name: 'map_url', label: 'Map link', type: 'url' },
  { name: 'upi_id', label: 'UPI ID for donations (e.g. name@bank)' },
  { name: 'bank_details', label: 'Bank account details', multiline: true },
  { name: 'tax_registration', label: '80G/12A registration text', multiline: true },
  { name: 'pan', label: 'Organisation PAN (printed on 80G receipts)', hint: 'Ten characters, such as AAATA1234C' },
  { name: 'registration_80g', label: '80G registration number (receipts and Form 10BD)' },
  { name: 'registration_80g_date', label: 'Date of the 80G registration', type: 'date' },
  { name: 'certificate_signatory', label: "Signatory of volunteers' certificates" },
  { name: 'certificate_signatory_title', label: 'Title of the signatory (e.g. Secretary)' },
  { name: 'registration_12a', label: '12A/12AB registration number (the transparency page)' },
  { name: 'registration_csr1', label: 'CSR-1 registration number' },
  { name: 'darpan_id', label: 'NGO Darpan ID' },
  {
    name: 'fcra_registration',
    label: 'FCRA registration number',
    hint: 'While it is empty, gifts from foreign citizens, OCI and PIO card holders are refused before any payment',
  },
  { name: 'fcra_account', label: 'FCRA account, as a foreign donor must see it (SBI, New Delhi Main Branch)', multiline: true },
  { name: 'grievance_name', label: 'Grievance officer for personal data (named on every privacy notice)' },
  { name: 'grievance_email', label: 'Grievance officer’s e-mail', type: 'email' },
];

/** Settings: the organisation's details, shown on the public site as soon as they are saved. */
export function SettingsSection() {
  const [loaded, reload] = useLoad(fetchSettings);
  return (
    <>
      <PanelStates state={loaded} loading="Loading settings..." onRetry={reload} />
      {loaded.status === 'ready' && <SettingsForm initial={loaded.data} />}
      {loaded.status === 'ready' && <LegalTextsForm initial={loaded.data.settings.legal} />}
      <MailPanel />
    </>
  );
}

const phoneSlots = [0, 1, 2] as const;
type SettingsFields = Record<TextField | `phone_${(typeof phoneSlots)[number]}`, string>;

/** The settings as the form's fields: the texts, and the phones one field each. */
function asFields(settings: Settings): SettingsFields {
  const { phones, legal: _legal, ...texts } = settings;
  return { ...texts, ...Object.fromEntries(phoneSlots.map((index) => [`phone_${index}`, phones[index] ?? ''])) } as SettingsFields;
}

function SettingsForm({ initial }: { initial: Loaded }) {
  const form = useForm(asFields(initial.settings));
  const [placeholders, setPlaceholders] = useState(initial.placeholders);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const siteSettings = useSiteSettingsStore();

  async function save(values: SettingsFields) {
    setSaving(true);
    setError('');
    try {
      const texts = Object.fromEntries(fields.map(({ name }) => [name, values[name]])) as Omit<Settings, 'phones' | 'legal'>;
      const body = { ...texts, phones: phoneSlots.map((index) => values[`phone_${index}`].trim()).filter(Boolean) };
      const { data, error: failure } = await api.POST('/api/update_settings.php', { body });
      if (data?.success) {
        form.set(asFields(data.data));
        setPlaceholders(data.placeholders);
        siteSettings.getState().apply(data.data);
        notify.success(data.message);
      } else setError(failureMessage(failure) || 'Could not save the settings');
    } catch {
      setError(apiMessages.noConnection);
    } finally {
      setSaving(false);
    }
  }

  const placeholderNote = (name: string) =>
    placeholders.includes(name) ? (
      <small className="field-hint" id={`settings-${name}-hint`}>
        Still the placeholder of a new site
      </small>
    ) : null;
  const describedBy = (name: string) => (placeholders.includes(name) ? `settings-${name}-hint` : undefined);

  return (
    <AdminPanel id="settings" title="Organisation details">
      {initial.certificate && <CertificateNote certificate={initial.certificate} />}
      {placeholders.length > 0 && (
        <p className="panel-note">
          {placeholders.length} field{placeholders.length === 1 ? ' still holds' : 's still hold'} the placeholders of a new site: replace them with your
          organisation&rsquo;s details.
        </p>
      )}
      <Form form={form} className="form-grid" noValidate onSubmit={save} aria-describedby="settings-error">
        {fields.map((field) => {
          const id = `settings-${field.name}`;
          const hintId = field.hint ? `${id}-about` : undefined;
          const common = { id, ...form.field(field.name), 'aria-describedby': [describedBy(field.name), hintId].filter(Boolean).join(' ') || undefined };
          return (
            <Field key={field.name} id={id} label={field.label} wide={field.multiline}>
              {field.multiline ? <textarea rows={3} {...common} /> : <input type={field.type ?? 'text'} {...common} />}
              {field.hint && (
                <small className="field-hint" id={hintId}>
                  {field.hint}
                </small>
              )}
              {placeholderNote(field.name)}
            </Field>
          );
        })}
        {phoneSlots.map((index) => (
          <Field key={index} id={`settings-phone-${index}`} label={`Phone ${index + 1}`}>
            <input id={`settings-phone-${index}`} type="tel" {...form.field(`phone_${index}`)} aria-describedby={describedBy('phones')} />
            {index === 0 && placeholderNote('phones')}
          </Field>
        ))}
        <p id="settings-error" className="form-error span-all" role="alert">
          {error}
        </p>
        <SubmitActions label="Save settings" busy={saving} busyLabel="Saving..." />
      </Form>
    </AdminPanel>
  );
}
