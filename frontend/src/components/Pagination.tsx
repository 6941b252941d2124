import { Link } from '@tanstack/react-router';
import { pageCount, type ListSearch } from '../features/listing/listing';
import { useTranslator } from '../i18n/i18n';

interface PaginationProps {
  /** The list's route, e.g. "/blog". */
  to: '/blog' | '/gallery';
  search: ListSearch;
  total: number;
  /** Names the navigation for screen readers, e.g. "Blog pages". */
  label: string;
}

/** Previous / Page n of m / Next, as links: each page has its own URL, and the back button works. */
export function Pagination({ to, search, total, label }: PaginationProps) {
  const { t, localPath, formatNumber } = useTranslator();
  const pages = pageCount(total);
  const page = Math.min(search.page ?? 1, pages);
  if (pages <= 1) return null;
  const at = (n: number) => ({ ...search, page: n > 1 ? n : undefined });
  return (
    <nav className="pagination" aria-label={label}>
      {page > 1 ? (
        <Link to={localPath(to)} search={at(page - 1)} className="btn btn-outline" rel="prev">
          {t('Previous')}
        </Link>
      ) : (
        <span />
      )}
      <span className="pagination-status" aria-current="page">
        {t('Page {page} of {pages}', { page: formatNumber(page), pages: formatNumber(pages) })}
      </span>
      {page < pages ? (
        <Link to={localPath(to)} search={at(page + 1)} className="btn btn-outline" rel="next">
          {t('Next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
