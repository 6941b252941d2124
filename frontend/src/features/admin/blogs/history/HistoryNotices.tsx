import type { PostVersion } from '../../upload';
import type { AutosaveState } from './useAutosave';
import './history.css';

const clock = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const dayAndClock = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** A moment as the form's notices say it: "10:42" today, "27 Nov, 10:42" another day. */
export function shortTime(iso: string, now = new Date()): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  return time.toDateString() === now.toDateString() ? clock.format(time) : dayAndClock.format(time);
}

/** Who saved a version, as a sentence names them. */
export const savedByName = (current: PostVersion) => (current.saved_by ? `${current.saved_by.name} (${current.saved_by.email})` : 'someone');

/** The autosave's status line, read out politely: "Saving…", "Draft saved at 10:42" or why not. */
export function AutosaveStatus({ state }: { state: AutosaveState }) {
  const text =
    state.kind === 'saving'
      ? 'Saving…'
      : state.kind === 'saved'
        ? `Draft saved at ${shortTime(state.at)}`
        : state.kind === 'failed'
          ? `Draft not saved: ${state.message}`
          : '';
  return (
    <p className={`autosave-status${state.kind === 'failed' ? ' autosave-failed' : ''}`} role="status" aria-live="polite">
      {text}
    </p>
  );
}

/** Shown when the form was filled from an autosave newer than the post. */
export function DraftRestoredNotice({ savedAt, onDiscard }: { savedAt: string; onDiscard: () => void }) {
  return (
    <div className="history-notice span-all" role="status">
      <p>Unsaved changes from {shortTime(savedAt)} were restored.</p>
      <button type="button" className="btn btn-outline" onClick={onDiscard}>
        Discard
      </button>
    </div>
  );
}

/** A save refused because someone else saved meanwhile: who and when, and the two ways on. */
export function ConflictNotice({
  current,
  what = 'post',
  onLoadTheirs,
  onSaveMine,
}: {
  current: PostVersion;
  /** What was saved meanwhile: a post or a page. */
  what?: string;
  onLoadTheirs: () => void;
  onSaveMine: () => void;
}) {
  return (
    <div className="history-notice history-conflict span-all" role="alert">
      <p>
        This {what} was changed by someone else since you opened it: {savedByName(current)} saved it at {shortTime(current.saved_at)}. Nothing of yours was
        saved yet.
      </p>
      <div className="history-actions">
        <button type="button" className="btn btn-outline" onClick={onLoadTheirs}>
          Load their version
        </button>
        <button type="button" className="btn btn-primary" onClick={onSaveMine}>
          Save mine anyway
        </button>
      </div>
    </div>
  );
}
