import { useCallback } from 'react';
import { documentText, type BlogDocument } from '@ngo-site/shared';
import { AdminModal } from '../AdminModal';
import { AdminTable } from '../AdminTable';
import { Revisions } from '../blogs/history/RevisionsPanel';
import { Timestamp } from '../Timestamp';
import { getAt } from './content-path';
import { pageFields, type FieldSpec } from './pageFields';
import { savedByText } from './PagesSection';
import { fetchPageRevision, fetchPageRevisions, restorePageRevision, type PageEdit, type PageRevision, type PageRevisionRow, type PageSlug } from './pagesApi';

interface PageRevisionsProps {
  slug: PageSlug;
  /** The version the editor has open: a restore is refused when the page has moved on since. */
  version: number;
  onRestored: (page: PageEdit) => void;
}

/** The page's last published versions: who published each and when, to look at or restore. */
export function PageRevisions({ slug, version, onRestored }: PageRevisionsProps) {
  const list = useCallback(() => fetchPageRevisions(slug), [slug]);
  return (
    <Revisions<PageRevisionRow, PageRevision, PageEdit>
      what="page"
      reloadKey={String(version)}
      current={version}
      list={list}
      facts={(row) => (
        <>
          {savedByText(row)} · <Timestamp iso={row.saved_at} />
        </>
      )}
      subject={(row) => `Published by ${savedByText(row)}`}
      restoreNote="It is published again at once, as the page's newest version (the versions in between stay listed). Changes not yet saved here are dropped."
      empty="No revisions yet: one is kept each time the page is published."
      fetch={(at) => fetchPageRevision(slug, at)}
      preview={(revision, onClose) => <RevisionPreview slug={slug} revision={revision} onClose={onClose} />}
      restore={async (at, current) => {
        const outcome = await restorePageRevision(slug, at, current);
        return outcome.ok ? { ok: true, data: { message: outcome.data.message, saved: outcome.data.page } } : outcome;
      }}
      onRestored={onRestored}
    />
  );
}

interface TextRow {
  label: string;
  en: string;
  hi: string;
}

/** Every text of a page's content with its place ("Team › person 2 › Name"), in both languages. */
function textsOf(fields: FieldSpec[], value: unknown, place: string[] = []): TextRow[] {
  return fields.flatMap((spec): TextRow[] => {
    const at = getAt(value, [spec.key]);
    const label = [...place, spec.label];
    switch (spec.kind) {
      case 'group':
        return textsOf(spec.fields, at, label);
      case 'list':
        return (at as unknown[]).flatMap((item, index) => textsOf(spec.fields, item, [...label, `${spec.item} ${index + 1}`]));
      case 'text': {
        const text = at as { en: string; hi: string };
        return [{ label: label.join(' › '), en: text.en, hi: text.hi }];
      }
      case 'rich': {
        const rich = at as { en: BlogDocument; hi: BlogDocument | null };
        return [{ label: label.join(' › '), en: documentText(rich.en), hi: rich.hi ? documentText(rich.hi) : '' }];
      }
      default:
        return [{ label: label.join(' › '), en: at === null || at === undefined ? '—' : String(at), hi: '' }];
    }
  });
}

/** A revision's texts, English and Hindi side by side. */
function RevisionPreview({ slug, revision, onClose }: { slug: PageSlug; revision: PageRevision; onClose: () => void }) {
  return (
    <AdminModal open title={`Version ${revision.version}`} size="large" onClose={onClose}>
      <p className="preview-note">
        Published by {savedByText(revision)} on <Timestamp iso={revision.saved_at} />.
      </p>
      <AdminTable columns={['Field', 'English', 'Hindi']} className="revision-texts">
        {textsOf(pageFields[slug], revision.content).map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td>{row.en}</td>
            <td lang="hi">{row.hi}</td>
          </tr>
        ))}
      </AdminTable>
    </AdminModal>
  );
}
