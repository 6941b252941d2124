import { Link } from '@tanstack/react-router';
import { pageCount, type ListSearch } from '../features/listing/listing';

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
  const pages = pageCount(total);
  const page = Math.min(search.page ?? 1, pages);
  if (pages <= 1) return null;
  const at = (n: number) => ({ ...search, page: n > 1 ? n : undefined });
  return (
    <nav className="pagination" aria-label={label}>
      {page > 1 ? (
        <Link to={to} search={at(page - 1)} className="btn btn-outline" rel="prev">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="pagination-status" aria-current="page">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={to} search={at(page + 1)} className="btn btn-outline" rel="next">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
