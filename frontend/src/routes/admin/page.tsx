import { createFileRoute } from '@tanstack/react-router';
import type { PageSlug } from '@ngo-site/shared';
import { PageEditorPage } from '../../features/admin/pages/PageEditorPage';

export interface PageEditorSearch {
  /** The page to edit; without it (or with another word) the list of pages shows. */
  slug?: PageSlug;
}

// The slugs are listed here rather than imported: this check sits in the entry chunk, where no
// admin module may be pulled in (see -dashboard-search.ts).
const slugs: readonly PageSlug[] = ['home', 'about', 'programs', 'donate', 'volunteer', 'contact'];

export const Route = createFileRoute('/admin/page')({
  validateSearch: (search: Record<string, unknown>): PageEditorSearch => ({ slug: slugs.find((slug) => slug === search.slug) }),
  component: PageEditorPage,
});
