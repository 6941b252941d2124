import { getRouteApi, Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { AdminShell } from '../shell/AdminShell';
import { PanelStates } from '../PanelStates';
import { useLoad } from '../useLoad';
import { PageEditor } from './PageEditor';
import { PagesSection } from './PagesSection';
import { fetchPageEdit, pageTitles, type PageSlug } from './pagesApi';

const pageRoute = getRouteApi('/admin/page');

/** /admin/page?slug=about: one page's editor; without a page, the list of pages. */
export function PageEditorPage() {
  const { slug } = pageRoute.useSearch();
  return (
    <AdminShell current="pages" title={slug ? `Edit page: ${pageTitles[slug]}` : 'Pages'}>
      {slug ? <EditPage key={slug} slug={slug} /> : <PagesSection />}
    </AdminShell>
  );
}

function EditPage({ slug }: { slug: PageSlug }) {
  const load = useCallback(() => fetchPageEdit(slug), [slug]);
  const [page, reload] = useLoad(load);
  return (
    <div className="admin-panel admin-form-page">
      <p className="pages-back">
        <Link to="/admin/dashboard" search={{ section: 'pages' }}>
          ← All pages
        </Link>
      </p>
      <PanelStates state={page} loading="Loading the page..." onRetry={reload} />
      {page.status === 'ready' && <PageEditor initial={page.data} />}
    </div>
  );
}
