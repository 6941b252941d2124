import { useEffect, useState } from 'react';
import { AdminModal } from '../AdminModal';
import type { Blog } from '../../../api/types';
import { formatPostDate } from '../../blog/display';
import { deleteBlog, fetchAdminBlogs } from '../api';
import { AdminIcon } from '../AdminIcon';
import { adminCategoryLabel } from '../../categories';
import { ConfirmDialog } from '../ConfirmDialog';
import { adminMessages } from '../messages';
import { notify } from '../toasts';
import { useFocusAfterDelete } from '../useFocusAfterDelete';
import { useLoad } from '../useLoad';
import { BlogForm } from './BlogForm';
import { FilterButtons } from '../../../components/FilterButtons';
import { BlogPreviewModal, BlogViewModal } from './BlogViewModal';
import { LoadFailed } from '../LoadFailed';

type BlogDialog = { kind: 'add' } | { kind: 'edit' | 'view' | 'preview' | 'delete'; post: Blog } | null;

type StatusFilter = 'all' | 'published' | 'draft';
const statusFilters: { id: StatusFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'published', label: 'Published' },
  { id: 'draft', label: 'Drafts' },
];
const statusLabel = (post: Blog) => (post.status === 'draft' ? 'Draft' : 'Published');

interface BlogsSectionProps {
  /** Open Add New Post on arrival (the dashboard's Quick Action). */
  startAdding?: boolean;
  onStarted?: () => void;
}

const dash = '-';

/** Manage Blogs: the posts in a table with view, edit and delete, and Add New Post. */
export function BlogsSection({ startAdding = false, onStarted }: BlogsSectionProps) {
  const [blogs, reload] = useLoad(fetchAdminBlogs);
  const [dialog, setDialog] = useState<BlogDialog>(null);
  const [statusFilter, setStatusFilter] = useState<StatusFilter>('all');
  const close = () => setDialog(null);
  const [headingRef, focusHeadingAfterDelete] = useFocusAfterDelete<HTMLHeadingElement>();

  useEffect(() => {
    if (!startAdding) return;
    setDialog({ kind: 'add' });
    onStarted?.();
  }, [startAdding, onStarted]);

  async function confirmDelete(post: Blog) {
    const outcome = await deleteBlog(post.id);
    if (!outcome.ok) {
      notify.error(outcome.message);
      return;
    }
    notify.success(outcome.data);
    close();
    focusHeadingAfterDelete();
    reload();
  }

  const saved = () => {
    close();
    reload();
  };

  return (
    <section className="admin-panel" aria-labelledby="blogs-title">
      <div className="panel-head">
        <h2 ref={headingRef} id="blogs-title" className="panel-title" tabIndex={-1}>
          Blog posts{blogs.status === 'ready' && <span className="panel-count">{blogs.data.length}</span>}
        </h2>
        <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'add' })}>
          <AdminIcon name="plus" />
          Add New Post
        </button>
      </div>

      {blogs.status === 'loading' && <p className="panel-state">{adminMessages.blogsLoading}</p>}
      {blogs.status === 'failed' && <LoadFailed message={blogs.message} onRetry={reload} />}
      {blogs.status === 'ready' && blogs.data.length === 0 && <p className="panel-state">{adminMessages.blogsEmpty}</p>}
      {blogs.status === 'ready' && blogs.data.length > 0 && (
        <FilterButtons label="Show posts by status" options={statusFilters} selected={statusFilter} onSelect={setStatusFilter} />
      )}
      {blogs.status === 'ready' && blogs.data.length > 0 && (
        <div className="table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Category</th>
                <th scope="col">Date</th>
                <th scope="col">Author</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="actions-heading">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {blogs.data
                .filter((post) => statusFilter === 'all' || post.status === statusFilter)
                .map((post) => {
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
                        <span className={`status-pill status-${post.status}`}>{statusLabel(post)}</span>
                      </td>
                      <td data-label="Actions">
                        <div className="row-actions">
                          <button type="button" className="icon-button" onClick={() => setDialog({ kind: 'preview', post })}>
                            <AdminIcon name="external" label={`Preview ${title}`} />
                          </button>
                          <button type="button" className="icon-button" onClick={() => setDialog({ kind: 'view', post })}>
                            <AdminIcon name="view" label={`View ${title}`} />
                          </button>
                          <button type="button" className="icon-button" onClick={() => setDialog({ kind: 'edit', post })}>
                            <AdminIcon name="edit" label={`Edit ${title}`} />
                          </button>
                          <button type="button" className="icon-button icon-button-danger" onClick={() => setDialog({ kind: 'delete', post })}>
                            <AdminIcon name="trash" label={`Delete ${title}`} />
                          </button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
            </tbody>
          </table>
        </div>
      )}

      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <AdminModal open title={dialog.kind === 'add' ? 'Add New Post' : 'Edit Post'} size="large" onClose={close}>
          <BlogForm post={dialog.kind === 'edit' ? dialog.post : undefined} onSaved={saved} onCancel={close} />
        </AdminModal>
      )}
      {dialog?.kind === 'view' && <BlogViewModal post={dialog.post} onClose={close} />}
      {dialog?.kind === 'preview' && <BlogPreviewModal post={dialog.post} onClose={close} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          question={adminMessages.blogDeleteConfirm}
          subject={dialog.post.title || 'Untitled'}
          confirmLabel="Delete"
          onConfirm={() => confirmDelete(dialog.post)}
          onCancel={close}
        />
      )}
    </section>
  );
}
