import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { fetchAdminBlog } from '../api';
import { AdminShell } from '../shell/AdminShell';
import { useLoad } from '../useLoad';
import { adminMessages } from '../messages';
import { PostEditor } from './PostEditor';

const blogPageRoute = getRouteApi('/admin/blog');

/** /admin/blog: the blog form as a page (`?id=` edits that post). */
export function BlogFormPage() {
  const { id } = blogPageRoute.useSearch();
  const navigate = useNavigate();
  const backToList = useCallback(() => void navigate({ to: '/admin/dashboard', search: { section: 'blogs' } }), [navigate]);

  return (
    <AdminShell current="blogs" title={id ? 'Edit Post' : 'Add New Post'}>
      <div className="admin-panel admin-form-page">{id ? <EditPost key={id} id={id} onDone={backToList} /> : <PostEditor onDone={backToList} />}</div>
    </AdminShell>
  );
}

function EditPost({ id, onDone }: { id: string; onDone: () => void }) {
  const load = useCallback(() => fetchAdminBlog(id), [id]);
  const [post] = useLoad(load);
  if (post.status === 'loading') return <p className="panel-state">{adminMessages.blogsLoading}</p>;
  if (post.status === 'failed')
    return (
      <p className="panel-state" role="alert">
        {post.message}
      </p>
    );
  return <PostEditor post={post.data} onDone={onDone} />;
}
