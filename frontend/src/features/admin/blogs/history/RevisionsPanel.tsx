import { useCallback, useId, useState } from 'react';
import { documentFromText } from '@ngo-site/shared';
import type { Blog } from '../../../../api/types';
import { PostBody } from '../../../blog/PostBody';
import { AdminModal } from '../../AdminModal';
import { ConfirmDialog } from '../../ConfirmDialog';
import { PanelStates } from '../../PanelStates';
import { Timestamp } from '../../Timestamp';
import { notify } from '../../toasts';
import { useLoad } from '../../useLoad';
import { fetchRevision, fetchRevisions, restoreRevision, type Revision, type RevisionRow } from './api';
import { savedByName, shortTime } from './HistoryNotices';
import './history.css';

interface RevisionsPanelProps {
  post: Blog;
  /** The version the form has open: a restore is refused when the post has moved on since. */
  version: number | undefined;
  onRestored: (post: Blog) => void;
}

/** The post's last saved versions in its edit screen: who saved each and when, to preview or restore. */
export function RevisionsPanel({ post, version, onRestored }: RevisionsPanelProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <section className="revisions span-all" aria-label="Revisions">
      <button type="button" className="btn btn-outline" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((now) => !now)}>
        {open ? 'Hide revisions' : 'Revisions'}
      </button>
      <div id={listId}>{open && <RevisionList post={post} version={version} onRestored={onRestored} />}</div>
    </section>
  );
}

function RevisionList({ post, version, onRestored }: RevisionsPanelProps) {
  const load = useCallback(() => fetchRevisions(post.id), [post.id]);
  const [rows, reload] = useLoad(load);
  const [preview, setPreview] = useState<Revision | null>(null);
  const [restoring, setRestoring] = useState<RevisionRow | null>(null);
  const current = version ?? post.version ?? 1;

  async function showPreview(row: RevisionRow) {
    const outcome = await fetchRevision(post.id, row.version);
    if (outcome.ok) setPreview(outcome.data);
    else notify.error(outcome.message);
  }

  async function restore(row: RevisionRow) {
    const outcome = await restoreRevision(post.id, row.version, current);
    setRestoring(null);
    if (outcome.ok) {
      notify.success(outcome.data.message);
      onRestored(outcome.data.post);
    } else if (outcome.conflict) {
      notify.error(
        `This post was changed by someone else since you opened it: ${savedByName(outcome.conflict)} saved it at ${shortTime(outcome.conflict.saved_at)}. Reload the post before restoring.`,
      );
      reload();
    } else notify.error(outcome.message);
  }

  return (
    <>
      <PanelStates
        state={rows}
        loading="Loading the revisions..."
        onRetry={reload}
        empty={rows.status === 'ready' && rows.data.length === 0 && 'No revisions yet: one is kept each time the post is saved.'}
      />
      {rows.status === 'ready' && rows.data.length > 0 && (
        <ol className="revisions-list">
          {rows.data.map((row) => (
            <li key={row.version}>
              <span className="revision-facts">
                <strong>Version {row.version}</strong>
                {row.version === current && ' (open here)'} · {row.saved_by.name || row.saved_by.email} · <Timestamp iso={row.saved_at} />
                <br />
                <span className="muted">{row.title || 'Untitled'}</span>
              </span>
              <button type="button" className="btn btn-outline" aria-label={`Preview version ${row.version}`} onClick={() => void showPreview(row)}>
                Preview
              </button>
              <button
                type="button"
                className="btn btn-outline"
                aria-label={`Restore version ${row.version}`}
                disabled={row.version === current}
                onClick={() => setRestoring(row)}
              >
                Restore
              </button>
            </li>
          ))}
        </ol>
      )}
      {preview && <RevisionPreview revision={preview} onClose={() => setPreview(null)} />}
      {restoring && (
        <ConfirmDialog
          question={`Restore version ${restoring.version}?`}
          subject={restoring.title || 'Untitled'}
          note="Its text is saved as the post's newest version (the versions in between stay listed). Changes not yet saved in this form are dropped."
          confirmLabel="Restore"
          busyLabel="Restoring..."
          onConfirm={() => restore(restoring)}
          onCancel={() => setRestoring(null)}
        />
      )}
    </>
  );
}

/** A revision's text as the public post page renders it. */
function RevisionPreview({ revision, onClose }: { revision: Revision; onClose: () => void }) {
  return (
    <AdminModal open title={`Version ${revision.version}: ${revision.title || 'Untitled'}`} size="large" onClose={onClose}>
      <p className="preview-note">
        Saved by {revision.saved_by.name || revision.saved_by.email} on <Timestamp iso={revision.saved_at} />.
      </p>
      {revision.excerpt && <p className="post-view-excerpt">{revision.excerpt}</p>}
      <div className="post-preview">
        <PostBody body={revision.body ?? documentFromText(revision.content)} lang="en" eagerFirstImage={false} />
      </div>
      {revision.body_hi && (
        <div className="post-preview" lang="hi">
          <h3>{revision.title_hi || 'Hindi version'}</h3>
          <PostBody body={revision.body_hi} lang="hi" eagerFirstImage={false} />
        </div>
      )}
    </AdminModal>
  );
}
