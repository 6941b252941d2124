import { useBlocker } from '@tanstack/react-router';
import { useCallback, useRef, useState } from 'react';
import type { Blog } from '../../../api/types';
import { AdminModal } from '../AdminModal';
import { ConfirmDialog } from '../ConfirmDialog';
import { BlogForm } from './BlogForm';

/**
 * Asks before a form with unsaved changes is left: closing the tab (beforeunload), following a
 * link of the app (the router's blocker) and `guard(action)` for closing it otherwise.
 */
export function useLeaveGuard(
  subject: string,
  note = 'Your changes are not saved to the post. The draft kept as you typed is offered again when you next open it.',
) {
  const dirty = useRef(false);
  const [pending, setPending] = useState<(() => void) | null>(null);
  const blocker = useBlocker({ shouldBlockFn: () => dirty.current, enableBeforeUnload: () => dirty.current, withResolver: true });
  const setDirty = useCallback((now: boolean) => {
    dirty.current = now;
  }, []);
  const guard = (action: () => void) => () => (dirty.current ? setPending(() => action) : action());
  const asking =
    blocker.status === 'blocked'
      ? { leave: blocker.proceed, stay: blocker.reset }
      : pending && {
          leave: () => {
            setPending(null);
            pending();
          },
          stay: () => setPending(null),
        };
  const dialog = asking && (
    <ConfirmDialog
      question="Leave without saving?"
      subject={subject}
      note={note}
      confirmLabel="Leave"
      busyLabel="Leaving..."
      onConfirm={async () => asking.leave()}
      onCancel={asking.stay}
    />
  );
  return { setDirty, guard, dialog };
}

interface PostEditorProps {
  post?: Blog;
  onSaved: () => void;
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

/** The form of one post, shown afresh when the post changed under it ("Load their version", a restore). */
function PostEditorForm({ post, onSaved, onCancel, onDirtyChange }: PostEditorProps) {
  const [shown, setShown] = useState({ post, opened: 0 });
  return (
    <BlogForm
      key={shown.opened}
      post={shown.post}
      onSaved={onSaved}
      onCancel={onCancel}
      onReload={(saved) => setShown((now) => ({ post: saved, opened: now.opened + 1 }))}
      onDirtyChange={onDirtyChange}
    />
  );
}

/** The post form as a page (/admin/blog): leaving with unsaved changes asks first. */
export function PostEditor({ post, onDone }: { post?: Blog; onDone: () => void }) {
  const leave = useLeaveGuard(post?.title || 'New post');
  return (
    <>
      <PostEditorForm post={post} onSaved={onDone} onCancel={leave.guard(onDone)} onDirtyChange={leave.setDirty} />
      {leave.dialog}
    </>
  );
}

/** The post form in a dialog (Manage Blogs): closing it with unsaved changes asks first. */
export function PostEditorDialog({ post, onSaved, onClose }: { post?: Blog; onSaved: () => void; onClose: () => void }) {
  const leave = useLeaveGuard(post?.title || 'New post');
  const close = leave.guard(onClose);
  return (
    <>
      <AdminModal open title={post ? 'Edit Post' : 'Add New Post'} size="large" onClose={close}>
        <PostEditorForm post={post} onSaved={onSaved} onCancel={close} onDirtyChange={leave.setDirty} />
      </AdminModal>
      {leave.dialog}
    </>
  );
}
