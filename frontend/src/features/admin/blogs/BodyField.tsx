import { lazy, Suspense } from 'react';
import type { BlogDocument } from '@ngo-site/shared';

// TipTap is loaded only when a text is written (a post's, a campaign's story), in its own chunk.
const BodyEditor = lazy(() => import('./editor/BodyEditor'));

/** A long text written in the editor, across the whole form: its label, then the editor once it has loaded. */
export function BodyField({ label, lang, initial, onChange }: { label: string; lang?: string; initial?: BlogDocument; onChange: (doc: BlogDocument) => void }) {
  return (
    <div className="field span-all">
      <span className="field-label" aria-hidden="true">
        {label}
      </span>
      <Suspense fallback={<div className="editor editor-loading">Loading the editor…</div>}>
        <BodyEditor label={label} lang={lang} initial={initial} onChange={onChange} />
      </Suspense>
    </div>
  );
}
