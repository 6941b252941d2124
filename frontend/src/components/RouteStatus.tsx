import { Link } from '@tanstack/react-router';
import { usePageMeta } from './usePageMeta';
import { useTranslator } from '../i18n/i18n';
import './RouteStatus.css';
import { StatusPage } from './StatusPage';

/** Shown while a page's data is on its way (only when that takes longer than a moment). */
export function PagePending() {
  const { t } = useTranslator();
  return (
    <div className="page-pending" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{t('Loading...')}</span>
    </div>
  );
}

/** Shown when a page cannot be shown at all, e.g. its code could not be downloaded after a new release. */
export function PageError() {
  const { t } = useTranslator();
  usePageMeta(t('Something went wrong'), t('This page could not be shown.'));
  return (
    <StatusPage title={t('Something went wrong')} lead={t('This page could not be loaded. Please check your connection and try again.')}>
      <div className="button-row center">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('Try Again')}
        </button>
        <Link to="/{-$lang}" className="btn btn-outline">
          {t('Go Back Home')}
        </Link>
      </div>
    </StatusPage>
  );
}
