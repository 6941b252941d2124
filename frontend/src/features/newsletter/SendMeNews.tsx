import type { FieldProps } from '../../components/Form';
import { useTranslator } from '../../i18n/i18n';
import './SendMeNews.css';

/**
 * A volunteer's or donor's own "send me news" box: never ticked by default, a consent of its own
 * (the form's purpose never implies it), confirmed by a mailed link like the subscribe box.
 */
export function SendMeNews({ id, field: { defaultValue, ...field } }: { id: string; field: FieldProps }) {
  const { t } = useTranslator();
  return (
    <div className="send-me-news span-all">
      {/* Ticked again only when a refused plain post had it ticked. */}
      <input id={id} type="checkbox" value="true" {...field} defaultChecked={defaultValue === 'true'} />
      <label htmlFor={id}>{t('Send me news by e-mail (a consent of its own: we mail you a link to confirm it)')}</label>
    </div>
  );
}
