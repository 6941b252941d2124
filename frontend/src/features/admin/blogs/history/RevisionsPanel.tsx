import { useCallback, useId, useState, type ReactNode } from 'react';
import { documentFromText } from '@ngo-site/shared';
import type { Blog } from '../../../../api/types';
import { PostBody } from '../../../blog/PostBody';
import { AdminModal } from '../../AdminModal';
import type { Outcome } from '../../api';
import { ConfirmDialog } from '../../ConfirmDialog';
import { PanelStates } from '../../PanelStates';
import { Timestamp } from '../../Timestamp';
import { notify } from '../../toasts';
import type { PostVersion } from '../../upload';
import { useLoad } from '../../useLoad';
import { fetchRevision, fetchRevisions, restoreRevision, type Revision, type RevisionRow } from './api';
import { savedByName, shortTime } from './HistoryNotices';
import './history.css';

/** What a list of revisions needs of the post or page it belongs to. */
export interface RevisionSource<Row extends { version: number }, Full, Saved> {
  /** "post" or "page", as the sentences name it. */
  what: string;
  /** Reads the revisions again when it changes. */
  reloadKey: string;
  /** The version the form has open: a restore is refused when it has moved on since. */
  current: number;
  list: () => Promise<Outcome<Row[]>>;
  /** Who saved the revision and when, and anything else shown beside its number. */
  facts: (row: Row) => ReactNode;
  /** The line under the restore question. */
  subject: (row: Row) => string;
  restoreNote: string;
  empty: string;
  fetch: (version: number) => Promise<Outcome<Full>>;
  preview: (revision: Full, onClose: () => void) => ReactNode;
  restore: (version: number, current: number) => Promise<Outcome<{ message: string; saved: Saved }> & { conflict?: PostVersion }>;
  onRestored: (saved: Saved) => void;
}

/** The last saved versions in an edit screen: who saved each and when, to preview or restore. */
export function Revisions<Row extends { version: number }, Full, Saved>(source: RevisionSource<Row, Full, Saved>) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <section className="revisions span-all" aria-label="Revisions">
      <button type="button" className="btn btn-outline" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((now) => !now)}>
        {open ? 'Hide revisions' : 'Revisions'}
      </button>
      <div id={listId}>{open && <RevisionList {...source} />}</div>
    </section>
  );
}

function RevisionList<Row extends { version: number }, Full, Saved>(source: RevisionSource<Row, Full, Saved>) {
  const { what, current } = source;
  const [rows, reload] = useLoad(source.list, source.reloadKey);
  const [preview, setPreview] = useState<Full | null>(null);
  const [restoring, setRestoring] = useState<Row | null>(null);

  async function showPreview(row: Row) {
    const outcome = await source.fetch(row.version);
    if (outcome.ok) setPreview(() => outcome.data);
    else notify.error(outcome.message);
  }

  async function restore(row: Row) {
    const outcome = await source.restore(row.version, current);
    setRestoring(null);
    if (outcome.ok) {
      notify.success(outcome.data.message);
      source.onRestored(outcome.data.saved);
    } else if (outcome.conflict) {
      notify.error(
        `This ${what} was changed by someone else since you opened it: ${savedByName(outcome.conflict)} saved it at ${shortTime(outcome.conflict.saved_at)}. Reload the ${what} before restoring.`,
      );
      reload();
    } else notify.error(outcome.message);
  }

  return (
    <>
      <PanelStates state={rows} loading="Loading the revisions..." onRetry={reload} empty={rows.status === 'ready' && rows.data.length === 0 && source.empty} />
      {rows.status === 'ready' && rows.data.length > 0 && (
        <ol className="revisions-list">
          {rows.data.map((row) => (
            <li key={row.version}>
              <span className="revision-facts">
                <strong>Version {row.version}</strong>
                {row.version === current && ' (open here)'} · {source.facts(row)}
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
      {preview && source.preview(preview, () => setPreview(null))}
      {restoring && (
        <ConfirmDialog
          question={`Restore version ${restoring.version}?`}
          subject={source.subject(restoring)}
          note={source.restoreNote}
          confirmLabel="Restore"
          busyLabel="Restoring..."
          onConfirm={() => restore(restoring)}
          onCancel={() => setRestoring(null)}
        />
      )}
    </>
  );
}

interface RevisionsPanelProps {
  post: Blog;
  /** The version the form has open: a restore is refused when the post has moved on since. */
  version: number | undefined;
  onRestored: (post: Blog) => void;
}

/** The post's last saved versions in its edit screen. */
export function RevisionsPanel({ post, version, onRestored }: RevisionsPanelProps) {
  const list = useCallback(() => fetchRevisions(post.id), [post.id]);
  return (
    <Revisions<RevisionRow, Revision, Blog>
      what="post"
      reloadKey={String(version)}
      current={version ?? post.version ?? 1}
      list={list}
      facts={(row) => (
        <>
          {row.saved_by.name || row.saved_by.email} · <Timestamp iso={row.saved_at} />
          <br />
          <span className="muted">{row.title || 'Untitled'}</span>
        </>
      )}
      subject={(row) => row.title || 'Untitled'}
      restoreNote="Its text is saved as the post's newest version (the versions in between stay listed). Changes not yet saved in this form are dropped."
      empty="No revisions yet: one is kept each time the post is saved."
      fetch={(at) => fetchRevision(post.id, at)}
      preview={(revision, onClose) => <RevisionPreview revision={revision} onClose={onClose} />}
      restore={async (at, current) => {
        const outcome = await restoreRevision(post.id, at, current);
        return outcome.ok ? { ok: true, data: { message: outcome.data.message, saved: outcome.data.post } } : outcome;
      }}
      onRestored={onRestored}
    />
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
