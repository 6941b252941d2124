import { Link } from '@tanstack/react-router';
import type { FieldProps } from '../../components/Form';
import { useTranslator } from '../../i18n/i18n';
import type { NoticeForm } from './notices';
import './NoticeAgreement.css';

/**
 * The agreement to a form's privacy notice (DPDP Rules, 2025): a box the person ticks, whose value
 * is the version of the notice the page links, so the agreement is recorded with it. `field` is
 * the form model's `notice_version` field (ticked again when a refused post comes back).
 */
export function NoticeAgreement({ form, version, field, id }: { form: NoticeForm; version: number; field: FieldProps; id: string }) {
  const { t } = useTranslator();
  const { defaultValue, ...control } = field;
  return (
    <div className="notice-agreement span-all">
      <input type="checkbox" id={id} required value={String(version)} defaultChecked={defaultValue === String(version)} {...control} />
      <label htmlFor={id}>{t('I have read the privacy notice and agree to this use of my details.')}</label>{' '}
      <Link to="/{-$lang}/privacy/$form" params={(previous) => ({ ...previous, form })}>
        {t('Read the privacy notice')}
      </Link>
    </div>
  );
}
