import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useEffect, useId } from 'react';
import { Form } from '../../components/Form';
import { Pagination } from '../../components/Pagination';
import type { DashboardSearch } from '../../routes/admin/-dashboard-search';
import { useSearchText } from '../listing/useSearchText';
import { adminPageSize, type AdminPage, type Outcome } from './api';
import { useLoad, type LoadState } from './useLoad';

const dashboardRoute = getRouteApi('/admin/dashboard');

/** Changes the list's part of the address; a new search or filter starts again at page 1. */
function useListNavigation() {
  const navigate = dashboardRoute.useNavigate();
  return useCallback(
    (changes: Partial<DashboardSearch>, replace = false) => navigate({ search: (prev) => ({ ...prev, page: undefined, ...changes }), replace }),
    [navigate],
  );
}

/**
 * One page of a section's list, as the address asks for it (`?page=&q=&status=`), so a reload or
 * the back button keeps the place. Asked again whenever the address changes; a page beyond the
 * last (after the last row of it was deleted) becomes the last one.
 */
export function useAdminList<P extends AdminPage<unknown>>(
  load: (search: DashboardSearch) => Promise<Outcome<P>>,
): [LoadState<P>, () => void, DashboardSearch] {
  const search = dashboardRoute.useSearch();
  const [state, reload] = useLoad(() => load(search), `${search.page ?? 1}|${search.q ?? ''}|${search.status ?? ''}`);
  const setList = useListNavigation();
  const lastPage = state.status === 'ready' ? Math.max(1, Math.ceil(state.data.total / adminPageSize)) : undefined;
  useEffect(() => {
    if (lastPage !== undefined && (search.page ?? 1) > lastPage) void setList({ page: lastPage > 1 ? lastPage : undefined }, true);
  }, [lastPage, search.page, setList]);
  return [state, reload, search];
}

/** A labelled search box for the section's list, in the address (`?q=`). */
export function ListSearchBox({ label, placeholder }: { label: string; placeholder: string }) {
  const search = dashboardRoute.useSearch();
  const setList = useListNavigation();
  // Typing refines the current entry of the history rather than adding one per pause.
  const text = useSearchText(search.q ?? '', (value) => void setList({ q: value.trim() ? value : undefined }, true));
  return <SearchBox label={label} placeholder={placeholder} text={text} />;
}

/**
 * A labelled search box over `text` (useSearchText): asked again once typing pauses, or at once on
 * Enter. The submit goes no further: in a dialog of the post's form it must not save the post.
 */
export function SearchBox({ label, placeholder, text }: { label: string; placeholder: string; text: ReturnType<typeof useSearchText> }) {
  const id = useId();
  return (
    <Form form={text.form} className="list-search" role="search" onSubmit={text.flush}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        className="input"
        type="search"
        placeholder={placeholder}
        {...text.form.field('q')}
        onChange={(event) => text.change(event.target.value)}
      />
    </Form>
  );
}

/** Previous / Page n of m / Next under a list, as links to the dashboard's address. */
export function ListPages({ total, label }: { total: number; label: string }) {
  const search = dashboardRoute.useSearch();
  return <Pagination to="/admin/dashboard" search={search} total={total} label={label} pageSize={adminPageSize} />;
}

/** Filters the posts by status (the list's `status`), from page 1. */
export function useStatusFilter(): [DashboardSearch['status'], (status: DashboardSearch['status']) => void] {
  const search = dashboardRoute.useSearch();
  const setList = useListNavigation();
  return [search.status, (status) => void setList({ status })];
}
