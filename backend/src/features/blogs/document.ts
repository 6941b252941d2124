// A post's text as its form sends it: the document (openapi.yaml's BlogDocument) as JSON text,
// or, from a client that knows no documents, plain `content`. Either way the post stores both the
// document and the plain text derived from it, which the legacy answers carry.
import {
  documentBoundsProblem,
  documentFromText,
  documentText,
  isEmptyDocument,
  type BlogBlock,
  type BlogDocument,
  type BlogNestedBlock,
} from '@ngo-site/shared';
import { Types } from 'mongoose';
import { badRequest } from '../../http/errors.js';
import type { Services } from '../../services.js';
import { blogMessages } from './messages.js';

type BodyField = 'body' | 'body_hi';
/** The sentences of a refused document, naming what holds it (a post's text, a page's). */
type DocumentMessages = Pick<typeof blogMessages, 'documentTooBig' | 'documentRefused' | 'imageNotStored'>;
/** Where a document names a stored image: a photo's `id` or a video's `poster`, and its path (`content.3.attrs.id`). */
type ImageReference = { attrs: { id: string; width?: number; height?: number } | { poster?: string }; key: 'id' | 'poster'; at: string };

function imageReferences(blocks: (BlogBlock | BlogNestedBlock)[], path: string): ImageReference[] {
  return blocks.flatMap((block, index): ImageReference[] => {
    const at = `${path}.${index}`;
    if (block.type === 'image') return [{ attrs: block.attrs, key: 'id', at: `${at}.attrs.id` }];
    if (block.type === 'video') return block.attrs.poster ? [{ attrs: block.attrs, key: 'poster', at: `${at}.attrs.poster` }] : [];
    if (block.type === 'bulletList' || block.type === 'orderedList') {
      return block.content.flatMap((item, itemIndex) => imageReferences(item.content, `${at}.content.${itemIndex}.content`));
    }
    if (block.type === 'blockquote') return imageReferences(block.content, `${at}.content`);
    return [];
  });
}

const referencedId = ({ attrs, key }: ImageReference) => ((attrs as Record<string, string>)[key] ?? '').toLowerCase();

/**
 * Every photo must be in the site's store (a picture from elsewhere is never shown); its width
 * and height become the stored image's, so the page reserves the right space.
 */
async function checkStoredImages(services: Services, doc: BlogDocument, field: string, messages: DocumentMessages) {
  const references = imageReferences(doc.content, `${field}.content`);
  if (!references.length) return;
  const ids = [...new Set(references.map(referencedId))];
  const stored = new Map((await services.images.originals(ids.map((id) => new Types.ObjectId(id)))).map((file) => [file._id.toHexString(), file.metadata]));
  const missing = references.filter((reference) => !stored.has(referencedId(reference)));
  if (missing.length) {
    throw badRequest(
      messages.imageNotStored,
      missing.map(({ at }) => ({ field: at, message: `${at} is not an image in the site's store` })),
    );
  }
  for (const reference of references) {
    const { width, height } = stored.get(referencedId(reference))!;
    Object.assign(reference.attrs, reference.key === 'id' ? { id: referencedId(reference), width, height } : { poster: referencedId(reference) });
  }
}

/** Parses and checks the JSON text of `field`: 400 with a sentence for anything not on the allow-list. */
export async function readBlogDocument(services: Services, text: string, field: BodyField): Promise<BlogDocument> {
  if (text === '') return { type: 'doc', content: [] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(blogMessages.documentNotJson, [{ field, message: `${field} must be a document written as JSON` }]);
  }
  return checkedDocument(services, value, field);
}

/**
 * Checks a document against the posts' allow-list and bounds (400 with a sentence) and that its
 * photos are in the site's store, whose sizes it takes; `field` is where it was sent.
 */
export async function checkedDocument(services: Services, value: unknown, field: string, messages: DocumentMessages = blogMessages): Promise<BlogDocument> {
  const outOfBounds = documentBoundsProblem(value);
  if (outOfBounds) throw badRequest(messages.documentTooBig(outOfBounds), [{ field, message: `${field} ${outOfBounds}` }]);
  const refusals = services.openApi.checkComponent('BlogDocument', value, field);
  if (refusals.length) throw badRequest(messages.documentRefused(refusals[0]!.message), refusals);
  const doc = value as BlogDocument;
  await checkStoredImages(services, doc, field, messages);
  return doc;
}

/** What a save stores of the English or Hindi text, from the fields that were sent. */
export async function storedText(
  services: Services,
  sent: { body?: string; content?: string; body_hi?: string; content_hi?: string },
  lang: 'en' | 'hi',
): Promise<Record<string, unknown>> {
  const [bodyField, contentField] = lang === 'en' ? (['body', 'content'] as const) : (['body_hi', 'content_hi'] as const);
  let doc: BlogDocument | undefined;
  if (sent[bodyField] !== undefined) doc = await readBlogDocument(services, sent[bodyField], bodyField);
  else if (sent[contentField] !== undefined) doc = documentFromText(sent[contentField]);
  if (!doc) return {};
  const content = sent[bodyField] !== undefined ? documentText(doc) : sent[contentField]!;
  // An empty Hindi text removes the translation; the English text is always there, empty or not.
  if (lang === 'hi' && isEmptyDocument(doc)) return { body_hi: null, content_hi: '' };
  return { [bodyField]: doc, [contentField]: content };
}
