import { useEffect, useMemo, useState } from 'react';
import { missingHindi } from '@ngo-site/shared';
import { useSession } from '../../../stores/session';
import { ConfirmDialog } from '../ConfirmDialog';
import { ConflictNotice } from '../blogs/history/HistoryNotices';
import { useLeaveGuard } from '../blogs/PostEditor';
import { openInNewTab } from '../preview-tab';
import { refreshAdminPrograms } from '../programs';
import { Timestamp } from '../Timestamp';
import { notify } from '../toasts';
import type { PostVersion } from '../upload';
import { setAt, type Path } from './content-path';
import { LanguageTabs } from './LanguageTabs';
import { pageFields, programProblems } from './pageFields';
import { PageForm, type EditLang } from './PageForm';
import { PageRevisions } from './PageRevisions';
import { hindiState, savedByText } from './PagesSection';
import {
  discardPageDraft,
  fetchPageEdit,
  fetchPagePreviewLink,
  pageTitles,
  resetPage,
  savePage,
  type PageContent,
  type PageEdit,
  type PageWrite,
} from './pagesApi';

type Busy = 'draft' | 'publish' | 'preview' | null;
type Asking = 'discard' | 'reset' | null;

/** "by Ravi Munda on 5 Mar 2026, 3:30 pm", or when the first content was loaded. */
const savedWhen = (page: PageEdit) => (
  <>
    {page.saved_by ? `by ${savedByText(page)} on ` : 'loaded '}
    <Timestamp iso={page.saved_at} />
  </>
);

const confirmations = {
  discard: {
    question: 'Discard the draft?',
    note: 'The page goes back to what visitors see now; the draft’s changes are lost.',
    confirmLabel: 'Discard draft',
    busyLabel: 'Discarding...',
  },
  reset: {
    question: 'Reset to the first content?',
    note: 'The page gets back the texts a new site starts with, at once and in both languages. What it shows now stays among its revisions, to restore.',
    confirmLabel: 'Reset',
    busyLabel: 'Resetting...',
  },
};

/** What the form starts from: the draft when one waits, else what visitors see. */
const editedContent = (page: PageEdit) => (page.draft ?? page.content) as PageContent;

/**
 * One page's editor: every field in English or Hindi (the tabs), saved as a draft or published
 * with the version it was opened at (someone else's save meanwhile is not overwritten: the
 * conflict notice offers their version or saving anyway), a preview of the draft, its revisions,
 * and for admins the first content back. Leaving with unsaved changes asks first.
 */
export function PageEditor({ initial }: { initial: PageEdit }) {
  const slug = initial.slug;
  const title = pageTitles[slug];
  const [page, setPage] = useState(initial);
  const [content, setContent] = useState(() => editedContent(initial));
  const [opened, setOpened] = useState(() => JSON.stringify(editedContent(initial)));
  const [generation, setGeneration] = useState(0);
  const [lang, setLang] = useState<EditLang>('en');
  const [busy, setBusy] = useState<Busy>(null);
  const [conflict, setConflict] = useState<{ current: PostVersion; publish: boolean } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [asking, setAsking] = useState<Asking>(null);
  const isAdmin = useSession((state) => state.userRole === 'admin');
  const leave = useLeaveGuard(`${title} page`, 'Your changes to this page are not saved. Save them as a draft to keep them without publishing.');

  const dirty = JSON.stringify(content) !== opened;
  const { setDirty } = leave;
  useEffect(() => setDirty(dirty), [dirty, setDirty]);
  const missing = useMemo(() => new Set(missingHindi(content)), [content]);

  /** Shows the page as the server has it now (after a save, a discard, a restore or a reset). */
  function start(next: PageEdit) {
    const shown = editedContent(next);
    setPage(next);
    setContent(shown);
    setOpened(JSON.stringify(shown));
    setGeneration((now) => now + 1);
    setConflict(null);
    setProblems([]);
    if (slug === 'programs') void refreshAdminPrograms();
  }

  /** Announces a write and shows the page as it is now; false when it was not done. */
  function settle(outcome: PageWrite): boolean {
    if (outcome.ok) {
      notify.success(outcome.data.message);
      start(outcome.data.page);
      return true;
    }
    notify.error(outcome.message);
    return false;
  }

  async function save(publish: boolean, version = page.version): Promise<boolean> {
    const found = slug === 'programs' ? programProblems((content as { items: { id: string }[] }).items) : [];
    setProblems(found);
    if (found.length) return false;
    setBusy(publish ? 'publish' : 'draft');
    try {
      const outcome = await savePage(slug, version, content, publish);
      if (outcome.conflict) {
        setConflict({ current: outcome.conflict, publish });
        return false;
      }
      return settle(outcome);
    } finally {
      setBusy(null);
    }
  }

  async function loadTheirs() {
    const fresh = await fetchPageEdit(slug);
    if (fresh.ok) start(fresh.data);
    else notify.error(fresh.message);
  }

  async function preview() {
    setBusy('preview');
    try {
      // The preview shows the saved draft: changes made here are saved as the draft first.
      await openInNewTab(async () => {
        if (dirty && !(await save(false))) return { ok: false, message: 'The preview shows the saved draft: save your changes first.' };
        return fetchPagePreviewLink(slug, lang);
      });
    } finally {
      setBusy(null);
    }
  }

  async function discard() {
    const outcome = await discardPageDraft(slug, page.version);
    setAsking(null);
    if (!settle(outcome) && outcome.conflict) await loadTheirs();
  }

  async function reset() {
    const outcome = await resetPage(slug);
    setAsking(null);
    settle(outcome);
  }

  const onChange = (path: Path, value: unknown) => setContent((now) => setAt(now, path, value));
  const hindiNote = (
    <p className={missing.size ? 'hindi-count hindi-missing' : 'hindi-count'} role="status">
      {hindiState(missing.size)}
    </p>
  );

  return (
    <div className="page-editor">
      <div className="page-state" role="note">
        {page.draft ? (
          <p>
            <strong>You are editing the unpublished draft</strong>, saved {savedWhen(page)}. Visitors see the published page until you publish.
          </p>
        ) : (
          <p>You are editing the published page, {page.saved_by ? <>last saved {savedWhen(page)}</> : <>its first content ({savedWhen(page)})</>}.</p>
        )}
        {dirty && <p className="page-unsaved">Unsaved changes.</p>}
      </div>

      <LanguageTabs lang={lang} onChange={setLang} note={hindiNote}>
        <div className="form-grid two-columns page-fields">
          <PageForm key={generation} fields={pageFields[slug]} content={content} lang={lang} generation={generation} missing={missing} onChange={onChange} />
        </div>
      </LanguageTabs>

      {problems.length > 0 && (
        <ul className="form-error page-problems" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {conflict && (
        <ConflictNotice
          current={conflict.current}
          what="page"
          onLoadTheirs={() => void loadTheirs()}
          onSaveMine={() => void save(conflict.publish, conflict.current.version)}
        />
      )}

      <div className="form-actions page-actions">
        <button type="button" className="btn btn-outline" disabled={busy !== null} aria-busy={busy === 'draft'} onClick={() => void save(false)}>
          {busy === 'draft' ? 'Saving...' : 'Save draft'}
        </button>
        <button type="button" className="btn btn-outline" disabled={busy !== null} aria-busy={busy === 'preview'} onClick={() => void preview()}>
          Preview
        </button>
        {page.draft && (
          <button type="button" className="btn btn-outline" disabled={busy !== null} onClick={() => setAsking('discard')}>
            Discard draft
          </button>
        )}
        <button type="button" className="btn btn-primary" disabled={busy !== null} aria-busy={busy === 'publish'} onClick={() => void save(true)}>
          {busy === 'publish' ? 'Publishing...' : 'Publish'}
        </button>
      </div>

      <PageRevisions slug={slug} version={page.version} onRestored={start} />
      {isAdmin && (
        <section className="page-reset" aria-label="First content">
          <button type="button" className="btn btn-outline btn-danger-outline" onClick={() => setAsking('reset')}>
            Reset to first content
          </button>
        </section>
      )}

      {asking && (
        <ConfirmDialog
          {...confirmations[asking]}
          subject={`${title} page`}
          onConfirm={asking === 'discard' ? discard : reset}
          onCancel={() => setAsking(null)}
        />
      )}
      {leave.dialog}
    </div>
  );
}
