// The editable pages: their first content loaded once, the public view of each, and the admin's
// saves (a draft, or published with a revision), each applied only at the version it names.
import { missingHindi, pageView, type Lang, type PageSlug, type PageViews } from '@ngo-site/shared';
import { pageSeed } from '@ngo-site/shared/page-seed';
import type { Model } from 'mongoose';
import type { Models } from '../../database.js';
import { notFound } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { authorOf, revisionsKept, versionConflict } from '../blogs/history.js';
import { readWhenSettled } from '../../invariants/claims.js';
import { checkPageContent, contentImageIds } from './content.js';
import { pageMessages } from './messages.js';
import { pagePath } from './paths.js';
import { pageSlugs, type PageContent, type PageRevision, type StoredPage } from './model.js';

/** Mongo's answer to a second insert of the same _id (two instances seeding at once). */
const duplicateKey = 11000;

/**
 * Inserts each page's first content unless the page is there: never overwrites an edit, and safe
 * with several instances starting at once (the upsert inserts only where none is; a lost race
 * is a duplicate key, which means another instance did it). Answers how many it inserted.
 */
export async function seedPages(models: Pick<Models, 'Page'>, slugs: readonly PageSlug[] = pageSlugs): Promise<number> {
  let inserted = 0;
  for (const slug of slugs) {
    try {
      // FerretDB leaves the nulls out of $setOnInsert: an absent draft or author reads as none.
      const result = await models.Page.updateOne(
        { _id: slug },
        { $setOnInsert: { content: pageSeed[slug], draft: null, version: 1, published_version: 1, savedBy: null, savedAt: new Date() } },
        { upsert: true },
      );
      inserted += result.upsertedCount;
    } catch (error) {
      if ((error as { code?: number }).code !== duplicateKey) throw error;
    }
  }
  return inserted;
}

/** What a page's version claims are named by (invariants/claims.ts). */
const pageItem = (slug: PageSlug) => `pages/${slug}`;

const conflict = (page: StoredPage) =>
  versionConflict({ version: page.version, savedBy: page.savedBy, updatedAt: page.savedAt }, pageMessages.changedMeanwhile);

/** A page as the admin edits it (openapi.yaml's PageEdit). */
const toPageEdit = (page: StoredPage) => ({
  slug: page._id,
  version: page.version,
  saved_by: page.savedBy ?? null,
  saved_at: page.savedAt.toISOString(),
  content: page.content,
  draft: page.draft ?? null,
  missing_hindi: missingHindi(page.content),
});

const toRevisionRow = (revision: Pick<PageRevision, 'version' | 'savedBy' | 'savedAt'>) => ({
  version: revision.version,
  saved_by: revision.savedBy ?? null,
  saved_at: revision.savedAt.toISOString(),
});

export class PageService {
  private readonly pages: Model<StoredPage>;
  private readonly revisions: Model<PageRevision>;
  constructor(private readonly services: Services) {
    this.pages = services.db.models.Page;
    this.revisions = services.db.models.PageRevision;
  }

  /** The stored page; one missing (a database from before pages) gets its first content now. */
  private async stored(slug: PageSlug): Promise<StoredPage> {
    const page = await this.pages.findById(slug).lean<StoredPage>();
    if (page) return page;
    await seedPages(this.services.db.models, [slug]);
    return (await this.pages.findById(slug).lean<StoredPage>())!;
  }

  /** The published page in one language (openapi.yaml's PageView); with `draft`, the draft when there is one. */
  async view<S extends PageSlug>(slug: S, lang: Lang, { draft = false } = {}) {
    const page = await this.stored(slug);
    const content = (draft && page.draft) || page.content;
    const view = pageView(slug, content as never, lang) as PageViews[S];
    // A privacy notice says its version: the agreement of its form records it (DPDP Rules, 2025).
    return { slug, lang, version: page.published_version, content: slug.startsWith('privacy-') ? { ...view, version: page.published_version } : view };
  }

  async edit(slug: PageSlug) {
    return toPageEdit(await this.stored(slug));
  }

  /** The six pages in the site's order, for the admin's list. */
  async list() {
    const pages = await this.pages.find({ _id: { $in: pageSlugs } }).lean<StoredPage[]>();
    const bySlug = new Map(pages.map((page) => [page._id, page]));
    const rows = [];
    for (const slug of pageSlugs) {
      const page = bySlug.get(slug) ?? (await this.stored(slug));
      rows.push({
        slug,
        version: page.version,
        saved_by: page.savedBy ?? null,
        saved_at: page.savedAt.toISOString(),
        has_draft: page.draft !== null && page.draft !== undefined,
        missing_hindi: missingHindi(page.content).length,
      });
    }
    return rows;
  }

  /** Saves `content` as the page's draft, or publishes it (with a revision), while the page is at `version`. */
  async save(slug: PageSlug, { version, publish = true, content }: { version: number; publish?: boolean; content: PageContent }, user?: string) {
    await checkPageContent(this.services, slug, content);
    const existing = await this.stored(slug);
    if (existing.version !== version) throw conflict(existing);
    return toPageEdit(publish ? await this.publish(existing, content, user) : await this.write(slug, version, () => ({ draft: content }), user));
  }

  async discardDraft(slug: PageSlug, version: number, user?: string) {
    return toPageEdit(await this.write(slug, version, () => ({ draft: null }), user));
  }

  /** Publishes the seed again (and drops a waiting draft); what the page showed stays a revision. */
  async reset(slug: PageSlug, user?: string) {
    const existing = await this.stored(slug);
    return toPageEdit(await this.publish(existing, pageSeed[slug], user));
  }

  /** Publishes revision `revision`'s content again as the page's newest version. */
  async restore(slug: PageSlug, revision: number, version: number, user?: string) {
    const { content } = await this.revision(slug, revision);
    const existing = await this.stored(slug);
    if (existing.version !== version) throw conflict(existing);
    return toPageEdit(await this.publish(existing, content, user));
  }

  /** When each page was last published, by its path in each language (pages still at their seed have none). */
  async publishedTimes(): Promise<Map<string, Date>> {
    const pages = await this.pages.find({ published_at: { $exists: true } }, { published_at: 1 }).lean<StoredPage[]>();
    return new Map(pages.flatMap((page) => (['en', 'hi'] as const).map((lang) => [pagePath(page._id, lang), page.published_at!] as const)));
  }

  /** The page's last `revisionsKept` published versions, newest first. */
  async revisionList(slug: PageSlug) {
    const rows = await this.revisions.find({ slug }, { version: 1, savedBy: 1, savedAt: 1 }).sort({ version: -1 }).limit(revisionsKept).lean<PageRevision[]>();
    return rows.map(toRevisionRow);
  }

  async revision(slug: PageSlug, version: number) {
    const revision = await this.revisions.findOne({ slug, version }).lean<PageRevision>();
    if (!revision) throw notFound(pageMessages.revisionNotFound);
    return { ...toRevisionRow(revision), content: revision.content };
  }

  /**
   * One save at `version`: it claims the next version (of saves at one version, one takes it; the
   * others get 409 naming what it saved), then writes the changes, that version and who made it.
   */
  private async write(slug: PageSlug, version: number, set: (next: number) => Partial<StoredPage>, user: string | undefined) {
    const { claims } = this.services;
    const savedBy = await authorOf(this.services, user);
    const existing = await this.stored(slug);
    if (existing.version !== version) throw conflict(existing);
    const step = await claims.writeNextVersion(pageItem(slug), version, async (next) => {
      // The version in the filter also stops a write the database finishes after its request gave up.
      const written = await this.pages
        .findOneAndUpdate({ _id: slug, version }, { $set: { ...set(next), version: next, savedBy, savedAt: new Date() } }, { new: true })
        .lean<StoredPage>();
      if (!written) throw conflict(await this.stored(slug));
      return written;
    });
    if (!step)
      throw conflict(
        await readWhenSettled(
          () => this.stored(slug),
          (page) => page.version !== version,
        ),
      );
    return step.written;
  }

  /**
   * Makes `content` the published one (any draft goes) and keeps it as a revision, next to the
   * one it replaces (the seed has none until then); the ones beyond the newest `revisionsKept` go.
   */
  private async publish(existing: StoredPage, content: PageContent, user: string | undefined) {
    const slug = existing._id;
    const page = await this.write(slug, existing.version, (next) => ({ content, draft: null, published_version: next, published_at: new Date() }), user);
    // A retried or simultaneous keep of the same revision is a duplicate key: it is there.
    const keep = (revision: Omit<PageRevision, 'slug'>) =>
      this.revisions
        .updateOne({ slug, version: revision.version }, { $setOnInsert: { ...revision, slug } }, { upsert: true })
        .catch((error: { code?: number }) => (error.code === duplicateKey ? undefined : Promise.reject(error)));
    await keep({ version: existing.published_version, content: existing.content, savedBy: null, savedAt: existing.savedAt });
    await keep({ version: page.version, content: page.content, savedBy: page.savedBy, savedAt: page.savedAt });
    const beyond = await this.revisions.find({ slug }, { _id: 1 }).sort({ version: -1 }).skip(revisionsKept).lean();
    if (beyond.length) await this.revisions.deleteMany({ _id: { $in: beyond.map((row) => row._id) } });
    return page;
  }
}

/** The pages whose content or draft shows each of these images (the media library's "used in"). */
export async function pagesShowing(models: Pick<Models, 'Page'>, ids: string[]): Promise<Map<string, PageSlug[]>> {
  const shown = new Map<string, PageSlug[]>();
  if (!ids.length) return shown;
  const wanted = new Set(ids);
  for (const page of await models.Page.find({}, { content: 1, draft: 1 }).lean<StoredPage[]>()) {
    const used = new Set([...contentImageIds(page.content), ...(page.draft ? contentImageIds(page.draft) : [])]);
    for (const id of used) if (wanted.has(id)) shown.set(id, [...(shown.get(id) ?? []), page._id]);
  }
  return shown;
}
