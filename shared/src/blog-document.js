/** @import { BlogBlock, BlogDocument, BlogInline, BlogNestedBlock } from './index.js' */

// The allow-list of a post's document (openapi.yaml's BlogDocument): the editor is configured
// with exactly these, the server refuses anything else, and the renderer knows no other.
export const blockTypes = /** @type {const} */ ([
  'paragraph',
  'heading',
  'bulletList',
  'orderedList',
  'blockquote',
  'image',
  'video',
  'callToAction',
  'horizontalRule',
]);
/** What a list item or a quote may hold. */
export const nestedBlockTypes = /** @type {const} */ (['paragraph', 'bulletList', 'orderedList']);
export const inlineTypes = /** @type {const} */ (['text', 'hardBreak']);
export const markTypes = /** @type {const} */ (['bold', 'italic', 'link']);
export const headingLevels = /** @type {const} */ ([2, 3]);
export const callToActionKinds = /** @type {const} */ (['donate', 'volunteer']);

/** What a schema cannot say: the JSON text's length, how deep nodes nest, how many there are. */
export const documentLimits = { maxJsonLength: 200_000, maxDepth: 16, maxNodes: 5_000 };

/** A link's target: http(s), mailto, or a path on this site (one `/`: `//host` and `/\host` leave it). */
// eslint-disable-next-line no-control-regex -- refusing control characters in a link is the point
export const allowedHref = /^(?:https?:\/\/[^\s"<>\\\x00-\x1F\x7F]+|mailto:[^\s"<>\\\x00-\x1F\x7F]+|\/(?![/\\])[^\s"<>\\\x00-\x1F\x7F]*)$/;

/** The providers' video ids, matched strictly (they become part of a player's address). */
export const videoIdPatterns = { youtube: /^[A-Za-z0-9_-]{11}$/, vimeo: /^[0-9]{6,11}$/ };

/**
 * Why a parsed document is out of bounds (too deep, too many nodes), or null. Walks without
 * recursion, so a hostile nesting cannot exhaust the stack before the schema check runs.
 * @param {unknown} value
 * @returns {string | null}
 */
export function documentBoundsProblem(value) {
  /** @type {{ node: unknown; depth: number }[]} */
  const stack = [{ node: value, depth: 0 }];
  let nodes = 0;
  while (stack.length) {
    const { node, depth } = /** @type {{ node: unknown; depth: number }} */ (stack.pop());
    if (depth > documentLimits.maxDepth) return `nests deeper than ${documentLimits.maxDepth} levels`;
    if (++nodes > documentLimits.maxNodes) return `has more than ${documentLimits.maxNodes.toLocaleString('en-IN')} parts`;
    const content = node && typeof node === 'object' && 'content' in node ? node.content : undefined;
    if (Array.isArray(content)) for (const child of content) stack.push({ node: child, depth: depth + 1 });
  }
  return null;
}

/**
 * Every node of a document, depth first (for the image ids, the text, the checks).
 * @param {{ content?: unknown[] }} node
 * @returns {Generator<any>}
 */
export function* documentNodes(node) {
  for (const child of node.content ?? []) {
    yield child;
    if (child && typeof child === 'object') yield* documentNodes(/** @type {{ content?: unknown[] }} */ (child));
  }
}

/**
 * The ids of the stored images a document shows: its photos and its videos' posters.
 * @param {BlogDocument} doc
 * @returns {string[]}
 */
export function documentImageIds(doc) {
  const ids = new Set();
  for (const node of documentNodes(doc)) {
    if (node.type === 'image') ids.add(node.attrs.id);
    if (node.type === 'video' && node.attrs.poster) ids.add(node.attrs.poster);
  }
  return [...ids];
}

/** @param {BlogInline[] | undefined} content */
const inlineText = (content) => (content ?? []).map((node) => (node.type === 'text' ? node.text : '\n')).join('');

/**
 * @param {BlogBlock | BlogNestedBlock} block
 * @param {string} indent
 * @returns {string}
 */
function blockText(block, indent = '') {
  switch (block.type) {
    case 'paragraph':
    case 'heading':
      return inlineText(block.content).trim();
    case 'bulletList':
    case 'orderedList': {
      const start = block.type === 'orderedList' ? (block.attrs?.start ?? 1) : 1;
      return block.content
        .map((item, index) => {
          const marker = block.type === 'orderedList' ? `${start + index}. ` : '- ';
          // A nested list indents its own lines; a further paragraph lines up under the text.
          return item.content
            .map((child, at) => {
              const text = blockText(child, `${indent}  `);
              if (at === 0) return `${indent}${marker}${text}`;
              return child.type === 'paragraph' ? `${indent}  ${text}` : text;
            })
            .join('\n');
        })
        .join('\n');
    }
    case 'blockquote':
      return block.content
        .map((child) => blockText(child, indent))
        .filter(Boolean)
        .join('\n\n');
    case 'image':
      return block.attrs.caption?.trim() ?? '';
    case 'video':
      return `${block.attrs.title}: ${videoPageUrl(block.attrs.provider, block.attrs.id)}`;
    default:
      return '';
  }
}

/**
 * The document as plain text, paragraphs separated by blank lines: the legacy `content`.
 * @param {BlogDocument} doc
 * @returns {string}
 */
export function documentText(doc) {
  return doc.content
    .map((block) => blockText(block))
    .filter(Boolean)
    .join('\n\n');
}

/**
 * Plain text (a legacy client's `content`, a post from before documents) as a document: each
 * paragraph a paragraph, a single line break a hard break.
 * @param {string} text
 * @returns {BlogDocument}
 */
export function documentFromText(text) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  return {
    type: 'doc',
    content: paragraphs.map((paragraph) => ({
      type: 'paragraph',
      content: paragraph.split('\n').flatMap((line, index) => {
        /** @type {BlogInline[]} */
        const parts = index > 0 ? [{ type: 'hardBreak' }] : [];
        return line ? [...parts, { type: 'text', text: line }] : parts;
      }),
    })),
  };
}

/**
 * Whether a document holds nothing a reader would see (the editor's empty paragraph, say).
 * @param {BlogDocument} doc
 */
export function isEmptyDocument(doc) {
  for (const node of documentNodes(doc))
    if (node.type !== 'paragraph' && node.type !== 'hardBreak' && !(node.type === 'text' && !node.text.trim())) return false;
  return true;
}

/**
 * The video's page at its provider (the facade's link before the page's script has started).
 * @param {'youtube' | 'vimeo'} provider
 * @param {string} id
 */
export const videoPageUrl = (provider, id) => (provider === 'youtube' ? `https://www.youtube.com/watch?v=${id}` : `https://vimeo.com/${id}`);

/**
 * The provider's player, which the facade puts in place when pressed: YouTube's cookie-less one,
 * Vimeo's without tracking. The Content-Security-Policy allows frames from these two only.
 * @param {'youtube' | 'vimeo'} provider
 * @param {string} id
 */
export const videoEmbedUrl = (provider, id) =>
  provider === 'youtube' ? `https://www.youtube-nocookie.com/embed/${id}?autoplay=1` : `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`;
