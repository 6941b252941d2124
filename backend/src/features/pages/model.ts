// The editable pages (docs/pages.md): one document per page, keyed by its slug, with its published
// content, the draft waiting in the admin, and the version every save checks; and the revisions
// its publishes leave (the last `revisionsKept` per page).
import type { PageContents, PageSlug } from '@ngo-site/shared';
import { Schema } from 'mongoose';
import type { PostAuthor } from '../blogs/model.js';

/** The pages in the site's order (openapi.yaml's PageSlug), and how the admin and its messages name each. */
export { pageNames, pageSlugs } from '@ngo-site/shared';

export type PageContent = PageContents[PageSlug];

export interface StoredPage {
  _id: PageSlug;
  /** What visitors see. */
  content: PageContent;
  /** Saved without publishing: seen only in the admin and its preview. */
  draft: PageContent | null;
  /** 1 for the seed, +1 on every save (drafts too): what a save names to be applied. */
  version: number;
  /** The version at which `content` was published (its revision's). */
  published_version: number;
  /** When `content` was published (none for the seed): the sitemap's last change of the page. */
  published_at?: Date;
  /** Who made the last save; null for the seed. */
  savedBy: PostAuthor | null;
  savedAt: Date;
}

export const pageSchema = new Schema<StoredPage>(
  {
    _id: { type: String, required: true },
    content: { type: Schema.Types.Mixed, required: true },
    draft: { type: Schema.Types.Mixed, default: null },
    version: { type: Number, required: true },
    published_version: { type: Number, required: true },
    published_at: { type: Date },
    savedBy: { type: Schema.Types.Mixed, default: null },
    savedAt: { type: Date, required: true },
  },
  // minimize: false keeps the content exactly as it was checked (an empty `attrs` stays).
  { minimize: false, versionKey: false },
);

export interface PageRevision {
  slug: PageSlug;
  version: number;
  content: PageContent;
  savedBy: PostAuthor | null;
  savedAt: Date;
}

export const pageRevisionSchema = new Schema<PageRevision>(
  {
    slug: { type: String, required: true },
    version: { type: Number, required: true },
    content: { type: Schema.Types.Mixed, required: true },
    savedBy: { type: Schema.Types.Mixed, default: null },
    savedAt: { type: Date, required: true },
  },
  { minimize: false, versionKey: false },
);
pageRevisionSchema.index({ slug: 1, version: -1 }, { unique: true });
