import { useState } from 'react';
import { defaultLegalTexts, type LegalTexts } from '@ngo-site/shared';
import { api } from '../../../api/client';
import { failureMessage } from '../../../api/failure';
import { apiMessages } from '../../../api/messages';
import { Form, useForm } from '../../../components/Form';
import { useSiteSettingsStore } from '../../../site';
import { AdminPanel } from '../AdminPanel';
import { SubmitActions } from '../FormActions';
import { notify } from '../toasts';
import './LegalTextsForm.css';

type EnglishKey = Exclude<keyof LegalTexts, `${string}_hi`>;

/** Each legal sentence: where the site shows it, and the placeholders it may hold. */
const texts: { key: EnglishKey; label: string; placeholders?: string }[] = [
  { key: 'receipt_title', label: 'The 80G receipt’s heading (receipts are in English)' },
  { key: 'receipt_statement', label: 'The 80G receipt’s closing statement', placeholders: '{registration}: the 80G registration and its date' },
  { key: 'receipt_mail', label: 'The receipt mail’s sentence on the deduction' },
  { key: 'foreign_source', label: 'Donate page: who is a foreign source' },
  { key: 'fcra_refusal', label: 'Donate page: a foreign citizen’s gift refused while there is no FCRA registration' },
  { key: 'fcra_account_note', label: 'Donate page: above the FCRA account’s details', placeholders: '{fcra}: the FCRA registration number' },
  { key: 'form10be_subject', label: 'Form 10BE mail: subject', placeholders: '{fy}: the financial year' },
  { key: 'form10be_mail', label: 'Form 10BE mail: text', placeholders: '{fy}: the financial year; {org}: the organisation’s name' },
  { key: 'fc_accounts_note', label: 'Transparency page: the foreign contribution accounts (FCRA Rule 13)' },
  { key: 'guardian_consent', label: 'Volunteers under 18: why a guardian’s consent is needed (form, mail, page)' },
  { key: 'minor_needs_guardian', label: 'Volunteers under 18: the refusal without a guardian' },
  { key: 'deadline_10bd', label: 'Legal dates: Form 10BD and the 10BE certificates (31 May)', placeholders: '{fy}: the financial year' },
  { key: 'deadline_fc_accounts', label: 'Legal dates: the FC accounts on the website (31 December)', placeholders: '{fy}: the financial year' },
];

const hindiOf = (key: EnglishKey) => `${key}_hi` as keyof LegalTexts;
const hasHindi = (key: EnglishKey) => hindiOf(key) in defaultLegalTexts;
const allKeys = texts.flatMap(({ key }) => (hasHindi(key) ? [key, hindiOf(key)] : [key]));

/**
 * Every legal sentence the site shows, editable: the law's wording and section numbers change
 * (the Income-tax Act, 2025 renumbers them from April 2026). A sentence saved empty is its default again.
 */
export function LegalTextsForm({ initial }: { initial: LegalTexts }) {
  const form = useForm(Object.fromEntries(allKeys.map((key) => [key, initial[key]])) as Record<keyof LegalTexts, string>);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const siteSettings = useSiteSettingsStore();

  async function save(values: Record<keyof LegalTexts, string>) {
    setSaving(true);
    setError('');
    try {
      const { data, error: failure } = await api.POST('/api/update_settings.php', { body: { legal: values } });
      if (data?.success) {
        form.set(data.data.legal);
        siteSettings.getState().apply(data.data);
        notify.success(data.message);
      } else setError(failureMessage(failure) || 'Could not save the legal texts');
    } catch {
      setError(apiMessages.noConnection);
    } finally {
      setSaving(false);
    }
  }

  return (
    <AdminPanel id="legal-texts" title="Legal texts">
      <p className="panel-note">
        Every legal sentence the site shows, as an accountant may need to correct it. A sentence left empty goes back to its default wording.
      </p>
      <Form form={form} className="form-grid two-columns" noValidate onSubmit={save} aria-describedby="legal-error">
        {texts.map(({ key, label, placeholders }) => (
          <fieldset key={key} className="legal-text span-all">
            <legend>{label}</legend>
            {placeholders && <small className="field-hint">{placeholders}</small>}
            <div className="form-grid two-columns">
              <label htmlFor={`legal-${key}`}>
                English
                <textarea id={`legal-${key}`} rows={3} maxLength={2000} placeholder={defaultLegalTexts[key]} {...form.field(key)} />
              </label>
              {hasHindi(key) && (
                <label htmlFor={`legal-${key}-hi`} lang="hi">
                  हिन्दी
                  <textarea id={`legal-${key}-hi`} rows={3} maxLength={2000} placeholder={defaultLegalTexts[hindiOf(key)]} {...form.field(hindiOf(key))} />
                </label>
              )}
            </div>
          </fieldset>
        ))}
        <p id="legal-error" className="form-error span-all" role="alert">
          {error}
        </p>
        <SubmitActions label="Save legal texts" busy={saving} busyLabel="Saving..." />
      </Form>
    </AdminPanel>
  );
}
