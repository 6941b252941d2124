import { Link } from '@tanstack/react-router';
import { usePageMeta } from '../../components/usePageMeta';
import { useTranslator } from '../../i18n/i18n';

export function NotFoundPage() {
  const { t, localPath } = useTranslator();
  usePageMeta(t('Page Not Found'), t('The page you are looking for does not exist or has been moved.'));
  return (
    <section className="not-found">
      <div className="container narrow center">
        <p className="not-found-code">404</p>
        <h1>{t('Page Not Found')}</h1>
        <p className="lead">{t('Sorry, the page you are looking for does not exist or has been moved.')}</p>
        <Link to={localPath('/')} className="btn btn-primary">
          {t('Go Back Home')}
        </Link>
      </div>
    </section>
  );
}
