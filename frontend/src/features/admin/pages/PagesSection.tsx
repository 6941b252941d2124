import { Link } from '@tanstack/react-router';
import { AdminPanel } from '../AdminPanel';
import { AdminTable } from '../AdminTable';
import { PanelStates } from '../PanelStates';
import { Timestamp } from '../Timestamp';
import { useLoad } from '../useLoad';
import { fetchPages, pageTitles, type PageRow } from './pagesApi';
import '../blogs/BlogsSection.css';
import './pages.css';

/** "3 fields lack Hindi", or that every text has its Hindi. */
export const hindiState = (missing: number) => (missing === 0 ? 'Hindi complete' : `${missing} field${missing === 1 ? ' lacks' : 's lack'} Hindi`);

/** Who saved a page last, as the list and the editor say it. */
export const savedByText = (row: Pick<PageRow, 'saved_by'>) => (row.saved_by ? row.saved_by.name || row.saved_by.email : 'First content');

/** Pages: the six public pages whose texts the organisation edits, each opening its editor. */
export function PagesSection() {
  const [pages, reload] = useLoad(fetchPages);
  return (
    <AdminPanel id="pages" title="Pages">
      <p className="panel-note">The texts, lists and pictures of the public pages, in English and Hindi. Open a page to edit it.</p>
      <PanelStates state={pages} loading="Loading the pages..." onRetry={reload} />
      {pages.status === 'ready' && (
        <AdminTable columns={['Page', 'Last saved', 'Status', 'Hindi']} className="pages-table">
          {pages.data.map((row) => (
            <tr key={row.slug}>
              <th scope="row">
                <Link to="/admin/dashboard" search={{ section: 'pages', slug: row.slug }} className="pages-open">
                  {pageTitles[row.slug]}
                </Link>
              </th>
              <td data-label="Last saved">
                {savedByText(row)} · <Timestamp iso={row.saved_at} />
              </td>
              <td data-label="Status">
                {row.has_draft ? <span className="status-pill status-draft">Draft</span> : <span className="status-pill status-published">Published</span>}
              </td>
              <td data-label="Hindi">
                <span className={row.missing_hindi ? 'hindi-missing' : undefined}>{hindiState(row.missing_hindi)}</span>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminPanel>
  );
}
