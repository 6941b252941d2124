/** @import { BlogDocument, Lang, PageContents, PageSlug, PageViews, RenderOptions } from './index.js' */
import { isEmptyDocument } from './blog-document.js';
import { storedImageUrl } from './images.js';
import { renderDocument } from './render-document.js';

// A page's stored content (both languages side by side) as visitors read it in one language, and
// what the admin is told is still missing in Hindi. Both walk the content by the shape of its
// parts, so a field added to a page's schema needs no code here.

/** The keys whose value is a PagePicture (a media id or null). */
const pictureKeys = new Set(['picture', 'photo']);
const mediaId = /^[0-9a-f]{24}$/;

/** @typedef {{ en: string; hi: string }} Text */
/** @typedef {{ en: BlogDocument; hi: BlogDocument | null }} Rich */

/** @param {unknown} node @returns {node is Text} */
const isText = (node) =>
  !!node && typeof node === 'object' && typeof (/** @type {Text} */ (node).en) === 'string' && typeof (/** @type {Text} */ (node).hi) === 'string';

/** @param {unknown} node @returns {node is Rich} */
const isRich = (node) => !!node && typeof node === 'object' && /** @type {Rich} */ (node).en?.type === 'doc';

/** @param {BlogDocument | null} doc */
const hasContent = (doc) => !!doc && !isEmptyDocument(doc);

/**
 * One part of the content in one language: a text as a string (the English when the Hindi is
 * empty), a long text under `html` as HTML, a picture as its URL.
 * @param {unknown} node
 * @param {Lang} lang
 * @param {RenderOptions} options
 * @returns {unknown}
 */
function viewOf(node, lang, options) {
  if (Array.isArray(node)) return node.map((item) => viewOf(item, lang, options));
  if (!node || typeof node !== 'object') return node;
  if (isText(node)) return lang === 'hi' && node.hi.trim() ? node.hi : node.en;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      if (isRich(value)) return ['html', renderDocument(lang === 'hi' && hasContent(value.hi) ? /** @type {BlogDocument} */ (value.hi) : value.en, options)];
      if (pictureKeys.has(key)) return [key, typeof value === 'string' && mediaId.test(value) ? storedImageUrl(value) : null];
      return [key, viewOf(value, lang, options)];
    }),
  );
}

/**
 * A page's content as visitors read it in one language (openapi.yaml's PageViews[slug]).
 * @template {PageSlug} S
 * @param {S} slug
 * @param {PageContents[S]} content
 * @param {Lang} lang
 * @param {Omit<RenderOptions, 'lang'>} [options] how long texts are rendered (a video's play label)
 * @returns {PageViews[S]}
 */
export function pageView(slug, content, lang, options = {}) {
  const view = /** @type {any} */ (viewOf(content, lang, { ...options, lang }));
  if (slug === 'programs') {
    const items = /** @type {PageContents['programs']['items']} */ (/** @type {PageContents['programs']} */ (content).items);
    /** @type {PageViews['programs']['items']} */ (view.items).forEach((item, at) => {
      const stored = /** @type {PageContents['programs']['items'][number]} */ (items[at]);
      item.filter ||= item.tag;
      item.admin_label = stored.admin_label.trim() || stored.tag.en;
    });
  }
  return view;
}

/**
 * Where the content has English but no Hindi, as paths ("hero.title", "items.2.body").
 * @param {PageContents[PageSlug]} content
 * @returns {string[]}
 */
export function missingHindi(content) {
  /** @type {string[]} */
  const paths = [];
  /** @param {unknown} node @param {string} path */
  const visit = (node, path) => {
    if (!node || typeof node !== 'object') return;
    if (isText(node)) {
      if (node.en.trim() && !node.hi.trim()) paths.push(path);
    } else if (isRich(node)) {
      if (hasContent(node.en) && !hasContent(node.hi)) paths.push(path);
    } else for (const [key, value] of Object.entries(node)) visit(value, path ? `${path}.${key}` : key);
  };
  visit(content, '');
  return paths;
}
