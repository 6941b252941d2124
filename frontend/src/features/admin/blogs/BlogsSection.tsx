import { useState } from 'react';
import type { Blog } from '../../../api/types';
import { formatPostDate } from '../../blog/display';
import { deleteBlog, fetchAdminBlogs, fetchPreviewLink } from '../api';
import { AdminIcon, IconButton } from '../AdminIcon';
import { useCategoryLabel } from '../programs';
import { ConfirmDialog } from '../ConfirmDialog';
import { adminMessages } from '../messages';
import { useListDelete } from '../useListDelete';
import { useOpenOnArrival } from '../useOpenOnArrival';
import { ListPages, ListSearchBox, useAdminList, useStatusFilter } from '../ListControls';
import { PostEditorDialog } from './PostEditor';
import { FilterButtons } from '../../../components/FilterButtons';
import { BlogViewModal } from './BlogViewModal';
import { formatIndiaTime, isScheduled } from './india-time';
import { openInNewTab } from '../preview-tab';
import { PanelStates } from '../PanelStates';
import './BlogsSection.css';
import { AdminTable } from '../AdminTable';
import { AdminPanel } from '../AdminPanel';

type BlogDialog = { kind: 'add' } | { kind: 'edit' | 'view' | 'delete'; post: Blog } | null;
const adding: BlogDialog = { kind: 'add' };

type StatusFilter = 'all' | 'published' | 'draft' | 'scheduled';
const statusFilters: { id: StatusFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'published', label: 'Published' },
  { id: 'scheduled', label: 'Scheduled' },
  { id: 'draft', label: 'Drafts' },
];

/** Draft, Published, or Scheduled with its time in India (a draft with a time is still a draft). */
function PostStatusCell({ post }: { post: Blog }) {
  if (isScheduled(post)) {
    return (
      <>
        <span className="status-pill status-scheduled">Scheduled</span> <small className="scheduled-time">{formatIndiaTime(post.publish_at!)}</small>
      </>
    );
  }
  return <span className={`status-pill status-${post.status}`}>{post.status === 'draft' ? 'Draft' : 'Published'}</span>;
}

interface BlogsSectionProps {
  /** Open Add New Post on arrival (the dashboard's Quick Action). */
  startAdding?: boolean;
  onStarted?: () => void;
}

const dash = '-';

/** Manage Blogs: the posts in a table, a page at a time, with view, edit and delete, and Add New Post. */
export function BlogsSection({ startAdding = false, onStarted }: BlogsSectionProps) {
  const adminCategoryLabel = useCategoryLabel();
  const [blogs, reload, search] = useAdminList(fetchAdminBlogs);
  const [dialog, setDialog] = useState<BlogDialog>(null);
  const [status, setStatus] = useStatusFilter();
  const filtered = Boolean(search.q || status);
  const close = () => setDialog(null);
  const [headingRef, confirmDelete] = useListDelete(close, reload);

  useOpenOnArrival(startAdding, setDialog, adding, onStarted);

  const saved = () => {
    close();
    reload();
  };

  return (
    <AdminPanel
      id="blogs"
      title="Blog posts"
      count={blogs.status === 'ready' ? blogs.data.total : undefined}
      headingRef={headingRef}
      actions={
        <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'add' })}>
          <AdminIcon name="plus" />
          Add New Post
        </button>
      }
    >
      <ListSearchBox label="Search posts" placeholder="Title, excerpt or author" />
      <FilterButtons
        label="Show posts by status"
        options={statusFilters}
        selected={status ?? 'all'}
        onSelect={(id) => setStatus(id === 'all' ? undefined : id)}
      />

      <PanelStates
        state={blogs}
        loading={adminMessages.blogsLoading}
        onRetry={reload}
        empty={blogs.status === 'ready' && blogs.data.items.length === 0 && (filtered ? 'No post matches this search or filter.' : adminMessages.blogsEmpty)}
      />
      {blogs.status === 'ready' && blogs.data.items.length > 0 && (
        <AdminTable columns={['Title', 'Category', 'Date', 'Author', 'Status', <span className="actions-heading">Actions</span>]}>
          {blogs.data.items.map((post) => {
            const title = post.title || 'Untitled';
            return (
              <tr key={post.id}>
                <th scope="row" data-label="Title">
                  {title}
                </th>
                <td data-label="Category">{post.category ? adminCategoryLabel(post.category) : dash}</td>
                <td data-label="Date">{post.date ? formatPostDate(post.date) : dash}</td>
                <td data-label="Author">{post.author || dash}</td>
                <td data-label="Status">
                  <PostStatusCell post={post} />
                </td>
                <td data-label="Actions">
                  <div className="row-actions">
                    <IconButton icon="external" label={`Preview ${title}`} onClick={() => void openInNewTab(() => fetchPreviewLink(post.id))} />
                    <IconButton icon="view" label={`View ${title}`} onClick={() => setDialog({ kind: 'view', post })} />
                    <IconButton icon="edit" label={`Edit ${title}`} onClick={() => setDialog({ kind: 'edit', post })} />
                    <IconButton icon="trash" label={`Delete ${title}`} danger onClick={() => setDialog({ kind: 'delete', post })} />
                  </div>
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
      {blogs.status === 'ready' && <ListPages total={blogs.data.total} label="Pages of posts" />}

      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <PostEditorDialog post={dialog.kind === 'edit' ? dialog.post : undefined} onSaved={saved} onClose={close} />
      )}
      {dialog?.kind === 'view' && <BlogViewModal post={dialog.post} onClose={close} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          question={adminMessages.blogDeleteConfirm}
          subject={dialog.post.title || 'Untitled'}
          confirmLabel="Delete"
          onConfirm={() => confirmDelete(deleteBlog(dialog.post.id))}
          onCancel={close}
        />
      )}
    </AdminPanel>
  );
}
