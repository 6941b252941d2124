import { useCallback, useEffect, useRef, useState } from 'react';
import type { Blog } from '../../../../api/types';
import { fetchAdminBlog, type Outcome } from '../../api';
import type { PostVersion } from '../../upload';
import { announceSave } from '../../useUpload';
import { notify } from '../../toasts';
import { discardAutosave, fetchAutosave, type AutosaveFields } from './api';
import { useAutosave } from './useAutosave';

/** A save's outcome as the form's send gives it: a version conflict names the post's current version. */
type SaveOutcome = Outcome<{ message: string }> & { conflict?: PostVersion };

interface PostHistoryOptions {
  /** The post as opened (none: a new post). */
  post?: Blog;
  /** The form's fields now, as an autosave keeps them. */
  values: AutosaveFields;
  /** Fills the form from an autosave's fields, or (undefined) back from the post as stored. */
  load: (fields: Record<string, string> | undefined) => void;
  onSaved: () => void;
  /** Shows the post as saved now (after "Load their version" or a restore). */
  onReload: (post: Blog) => void;
  /** Told whether the form holds changes that are not saved (for the leave warning). */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * What the post form does besides its fields: the version it was opened at (sent with the save,
 * so a newer save by someone else is not overwritten), the autosave of what is typed, the
 * restore of an autosave newer than the post on opening, and the choices after a conflict.
 */
export function usePostHistory({ post, values, load, onSaved, onReload, onDirtyChange }: PostHistoryOptions) {
  const slot = post?.id ?? 'new';
  const [version, setVersion] = useState(post?.version);
  const [restoredFrom, setRestoredFrom] = useState<string | null>(null);
  const [conflict, setConflict] = useState<PostVersion | null>(null);
  const autosaver = useAutosave(slot, version, values);
  const dirty = useRef(false);
  const callbacks = useRef({ load, onDirtyChange });
  useEffect(() => {
    callbacks.current = { load, onDirtyChange };
  });
  const setDirty = useCallback((now: boolean) => {
    dirty.current = now;
    callbacks.current.onDirtyChange?.(now);
  }, []);

  // Every change after opening makes the form dirty and schedules an autosave.
  const snapshot = JSON.stringify(values);
  const opened = useRef(snapshot);
  const { changed } = autosaver;
  useEffect(() => {
    if (snapshot === opened.current) return;
    setDirty(true);
    changed();
  }, [snapshot, changed, setDirty]);

  // On opening: this person's autosave, when it is newer than the post, fills the form.
  useEffect(() => {
    let live = true;
    void fetchAutosave(slot).then((outcome) => {
      if (!live || !outcome.ok || !outcome.data || dirty.current) return;
      const saved = outcome.data;
      if (post && Date.parse(saved.saved_at) <= Date.parse(post.updated_at)) return;
      callbacks.current.load(saved.fields);
      if (saved.version) setVersion(saved.version);
      setRestoredFrom(saved.saved_at);
    });
    return () => {
      live = false;
    };
    // Once per post opened: the form is remounted for another post.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slot]);

  async function discard() {
    await autosaver.settle();
    void discardAutosave(slot);
    callbacks.current.load(undefined);
    setVersion(post?.version);
    setRestoredFrom(null);
    autosaver.reset();
    setDirty(false);
  }

  const lastSend = useRef<((version: number | undefined) => Promise<SaveOutcome>) | null>(null);
  async function submit(send: (version: number | undefined) => Promise<SaveOutcome>, at = version) {
    lastSend.current = send;
    await autosaver.settle();
    const outcome = await send(at);
    if (outcome.conflict) {
      setConflict(outcome.conflict);
      return;
    }
    setConflict(null);
    if (announceSave(outcome)) {
      setDirty(false);
      onSaved();
    }
  }

  /** "Save mine anyway": the same save again, over the version that is there now. */
  async function saveMine() {
    if (!conflict || !lastSend.current) return;
    setVersion(conflict.version);
    await submit(lastSend.current, conflict.version);
  }

  /** "Load their version": drops what was typed here and shows the post as saved now. */
  async function loadTheirs() {
    if (!post) return;
    const fresh = await fetchAdminBlog(post.id);
    if (!fresh.ok) {
      notify.error(fresh.message);
      return;
    }
    await autosaver.settle();
    void discardAutosave(slot);
    setDirty(false);
    onReload(fresh.data);
  }

  /** After a restore the post is at a new version, saved: the form shows it. */
  function restored(saved: Blog) {
    void autosaver.settle();
    setDirty(false);
    onReload(saved);
  }

  return { version, autosave: autosaver.state, restoredFrom, discard, conflict, submit, saveMine, loadTheirs, restored };
}
