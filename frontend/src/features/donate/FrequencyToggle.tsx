import { Link } from '@tanstack/react-router';
import { useTranslator } from '../../i18n/i18n';

/**
 * One-time or monthly: two pages, /donate and /donate/monthly, so the choice works without the
 * script too; the link of the page the visitor is on is marked current (aria-current).
 */
export function FrequencyToggle() {
  const { t } = useTranslator();
  return (
    <nav className="choice-group" aria-labelledby="frequency-label">
      <span id="frequency-label" className="field-label">
        {t('Donation frequency')}
      </span>
      <div className="segmented">
        <Link to="/{-$lang}/donate" className="segment" activeOptions={{ exact: true }}>
          {t('One-time')}
        </Link>
        <Link to="/{-$lang}/donate/monthly" className="segment" activeOptions={{ exact: true }}>
          {t('Monthly')}
        </Link>
      </div>
    </nav>
  );
}
