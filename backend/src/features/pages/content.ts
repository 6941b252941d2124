// The checks a page's content passes before it is saved, beyond the request's own (the contract's
// PageContent, one of the six shapes): the shape of the slug it is saved under, every long text
// within the posts' allow-list and bounds, pictures from the media library, distinct program ids.
import type { BlogDocument, PageSlug } from '@ngo-site/shared';
import { documentImageIds } from '@ngo-site/shared';
import { Types } from 'mongoose';
import { badRequest } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { checkedDocument } from '../blogs/document.js';
import { pageMessages } from './messages.js';
import type { PageContent } from './model.js';

/** openapi.yaml's content schema of each page. */
const contentSchemas: Record<PageSlug, string> = {
  home: 'HomeContent',
  about: 'AboutContent',
  programs: 'ProgramsContent',
  donate: 'DonateContent',
  volunteer: 'VolunteerContent',
  contact: 'ContactContent',
  transparency: 'TransparencyContent',
  'privacy-volunteer': 'NoticeContent',
  'privacy-contact': 'NoticeContent',
  'privacy-donate': 'NoticeContent',
};

/** The keys whose value is a PagePicture (as shared/src/page-view.js reads them). */
const pictureKeys = new Set(['picture', 'photo']);

interface ContentParts {
  /** Long texts: each language's document and where it is (`content.story.text.en`). */
  documents: { doc: BlogDocument; at: string }[];
  /** Pictures that name a media id. */
  pictures: { id: string; at: string }[];
}

const isRich = (node: unknown): node is { en: BlogDocument; hi: BlogDocument | null } =>
  !!node && typeof node === 'object' && (node as { en?: { type?: unknown } }).en?.type === 'doc';

/** The long texts and pictures of a content, wherever its shape holds them. */
function contentParts(content: unknown, at = 'content'): ContentParts {
  const parts: ContentParts = { documents: [], pictures: [] };
  const visit = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return;
    if (isRich(node)) {
      parts.documents.push({ doc: node.en, at: `${path}.en` });
      if (node.hi) parts.documents.push({ doc: node.hi, at: `${path}.hi` });
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (pictureKeys.has(key) && typeof value === 'string') parts.pictures.push({ id: value.toLowerCase(), at: `${path}.${key}` });
      else visit(value, `${path}.${key}`);
    }
  };
  visit(content, at);
  return parts;
}

/** Every media id a content shows: its pictures and the photos and posters in its long texts. */
export function contentImageIds(content: unknown): Set<string> {
  const { documents, pictures } = contentParts(content);
  return new Set([...pictures.map(({ id }) => id), ...documents.flatMap(({ doc }) => documentImageIds(doc))]);
}

/** 400 with a sentence unless `content` may be saved as page `slug`; its photos get their stored sizes. */
export async function checkPageContent(services: Services, slug: PageSlug, content: PageContent): Promise<void> {
  const refusals = services.openApi.checkComponent(contentSchemas[slug], content, 'content');
  if (refusals.length) throw badRequest(pageMessages.notThisPage(slug, refusals[0]!.message), refusals);
  if (slug === 'programs') {
    const seen = new Set<string>();
    for (const [index, { id }] of (content as { items: { id: string }[] }).items.entries()) {
      if (seen.has(id))
        throw badRequest(pageMessages.programIdsRepeat(id), [{ field: `content.items.${index}.id`, message: `content.items.${index}.id repeats "${id}"` }]);
      seen.add(id);
    }
  }
  const { documents, pictures } = contentParts(content);
  for (const { doc, at } of documents) await checkedDocument(services, doc, at, pageMessages);
  if (pictures.length) {
    const stored = new Set(
      (await services.images.originals([...new Set(pictures.map(({ id }) => id))].map((id) => new Types.ObjectId(id)))).map((file) => file._id.toHexString()),
    );
    const missing = pictures.filter(({ id }) => !stored.has(id));
    if (missing.length)
      throw badRequest(
        pageMessages.pictureNotStored,
        missing.map(({ at }) => ({ field: at, message: `${at} is not an image in the media library` })),
      );
  }
}

/** What `mapContentImages` passes each picture and each long text's document through. */
interface ImageChanges {
  picture: (id: string) => string | null;
  /** The changed document, or null when it stays as it is. */
  document: (doc: BlogDocument) => BlogDocument | null;
}

/** `content` with its pictures and long texts changed, or null when nothing changed (the media library's delete). */
export function mapContentImages<T>(content: T, changes: ImageChanges): T | null {
  let changed = false;
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    if (isRich(node)) {
      const en = changes.document(node.en);
      const hi = node.hi && changes.document(node.hi);
      if (!en && !hi) return node;
      changed = true;
      return { en: en ?? node.en, hi: hi ?? node.hi };
    }
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => {
        if (!pictureKeys.has(key) || typeof value !== 'string') return [key, visit(value)];
        const next = changes.picture(value);
        if (next !== value) changed = true;
        return [key, next];
      }),
    );
  };
  const result = visit(content) as T;
  return changed ? result : null;
}
