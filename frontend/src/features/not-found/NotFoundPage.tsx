import { Link } from '@tanstack/react-router';
import { StatusPage } from '../../components/StatusPage';
import { usePageMeta } from '../../components/usePageMeta';
import { useTranslator } from '../../i18n/i18n';

export function NotFoundPage() {
  const { t } = useTranslator();
  usePageMeta(t('Page Not Found'), t('The page you are looking for does not exist or has been moved.'));
  return (
    <StatusPage code="404" title={t('Page Not Found')} lead={t('Sorry, the page you are looking for does not exist or has been moved.')}>
      <Link to="/{-$lang}" className="btn btn-primary">
        {t('Go Back Home')}
      </Link>
    </StatusPage>
  );
}
