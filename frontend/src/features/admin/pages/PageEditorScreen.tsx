import { Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PanelStates } from '../PanelStates';
import { useLoad } from '../useLoad';
import { PageEditor } from './PageEditor';
import { fetchPageEdit, type PageSlug } from './pagesApi';

/** Pages > one page (`?section=pages&slug=about`): its editor once the page has loaded. */
export function PageEditorScreen({ slug }: { slug: PageSlug }) {
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
