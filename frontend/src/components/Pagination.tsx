import { Link } from '@tanstack/react-router';
import { pageCount } from '../features/listing/listing';
import { useTranslator } from '../i18n/i18n';
import './Pagination.css';

interface PaginationProps<S extends { page?: number }> {
  /** The list's route, e.g. "/blog". */
  to: '/{-$lang}/blog' | '/{-$lang}/gallery' | '/{-$lang}/events' | '/admin/dashboard';
  search: S;
  total: number;
  /** Names the navigation for screen readers, e.g. "Blog pages". */
  label: string;
  /** Items per page (the public lists' 12 by default). */
  pageSize?: number;
}

/** Previous / Page n of m / Next, as links: each page has its own URL, and the back button works. */
export function Pagination<S extends { page?: number }>({ to, search, total, label, pageSize }: PaginationProps<S>) {
  const { t, formatNumber } = useTranslator();
  const pages = pageCount(total, pageSize);
  const page = Math.min(search.page ?? 1, pages);
  if (pages <= 1) return null;
  const at = (n: number) => ({ ...search, page: n > 1 ? n : undefined });
  return (
    <nav className="pagination" aria-label={label}>
      {page > 1 ? (
        <Link to={to} search={at(page - 1)} className="btn btn-outline" rel="prev">
          {t('Previous')}
        </Link>
      ) : (
        <span />
      )}
      <span className="pagination-status" aria-current="page">
        {t('Page {page} of {pages}', { page: formatNumber(page), pages: formatNumber(pages) })}
      </span>
      {page < pages ? (
        <Link to={to} search={at(page + 1)} className="btn btn-outline" rel="next">
          {t('Next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
