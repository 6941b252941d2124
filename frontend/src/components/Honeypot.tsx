import { useTranslator } from '../i18n/i18n';

/** A field people never see and leave empty: the server refuses a form that fills it (see api/anonymous-form.ts). */
export function Honeypot({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslator();
  return (
    <div hidden>
      <label htmlFor={id}>{t('Leave this field empty')}</label>
      <input id={id} name="website" tabIndex={-1} autoComplete="off" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
