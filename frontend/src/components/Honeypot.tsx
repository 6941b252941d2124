import { useTranslator } from '../i18n/i18n';

/** The honeypot's name: a field people never see and leave empty; the server refuses a form that fills it (see api/anonymous-form.ts). */
export const honeypotName = 'website';

/** The honeypot, inside the form it guards; its value is read with the form's (`readHoneypot`). */
export function Honeypot({ id }: { id: string }) {
  const { t } = useTranslator();
  return (
    <div hidden>
      <label htmlFor={id}>{t('Leave this field empty')}</label>
      <input id={id} name={honeypotName} tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/** What the honeypot of `form` holds ('' for a person). */
export const readHoneypot = (form: HTMLFormElement) => String(new FormData(form).get(honeypotName) ?? '');
