/** @import { BlogBlock, BlogDocument, BlogInline, BlogNestedBlock, BlogText, RenderOptions } from './index.js' */
import { allowedHref, videoEmbedUrl, videoIdPatterns, videoPageUrl } from './blog-document.js';
import { imageSrcSet, imageVariantUrl, storedImageUrl } from './images.js';

// The HTML of a post's document, for the server-rendered page, the browser's render of the same
// page (the two must match for hydration), the admin's views and the feed's content:encoded.
// Only what the allow-list names is written; anything else (an old record, say) is left out.

/** @param {string} text */
const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const storedId = /^[0-9a-f]{24}$/i;
const markOrder = ['link', 'bold', 'italic'];
/** @type {Record<string, string>} */
const markTags = { bold: 'strong', italic: 'em' };

/** @param {{ type: string; attrs?: { href?: string } }} mark */
const markKey = (mark) => (mark.type === 'link' ? `link ${mark.attrs?.href}` : mark.type);

/**
 * Text with its marks, reusing the marks still open from the previous text (so a link that
 * runs over a bold word stays one link).
 */
class InlineWriter {
  /** @param {Required<RenderOptions>} options */
  constructor(options) {
    this.options = options;
    /** @type {{ key: string; close: string }[]} */
    this.open = [];
    this.html = '';
  }

  /** @param {BlogText['marks']} marks */
  openMarks(marks = []) {
    const wanted = markOrder.flatMap((type) => marks.filter((mark) => mark.type === type && this.markTag(mark)));
    let keep = 0;
    while (keep < this.open.length && keep < wanted.length && this.open[keep]?.key === markKey(/** @type {any} */ (wanted[keep]))) keep++;
    this.closeTo(keep);
    for (const mark of wanted.slice(keep)) {
      const [start, close] = /** @type {[string, string]} */ (this.markTag(mark));
      this.html += start;
      this.open.push({ key: markKey(mark), close });
    }
  }

  /** @param {{ type: string; attrs?: { href?: string } }} mark @returns {[string, string] | null} */
  markTag(mark) {
    if (mark.type !== 'link') return markTags[mark.type] ? [`<${markTags[mark.type]}>`, `</${markTags[mark.type]}>`] : null;
    const href = mark.attrs?.href ?? '';
    if (!allowedHref.test(href)) return null;
    const external = /^https?:/.test(href);
    const target = href.startsWith('/') ? this.options.origin + href : href;
    return [`<a href="${escapeHtml(target)}"${external ? ' rel="noopener noreferrer"' : ''}>`, '</a>'];
  }

  /** @param {number} depth */
  closeTo(depth) {
    while (this.open.length > depth) this.html += /** @type {{ close: string }} */ (this.open.pop()).close;
  }

  /** @param {BlogInline[] | undefined} content */
  write(content = []) {
    for (const node of content) {
      if (node.type === 'text') {
        this.openMarks(node.marks);
        this.html += escapeHtml(node.text);
      } else if (node.type === 'hardBreak') {
        this.html += '<br>';
      }
    }
    this.closeTo(0);
    return this.html;
  }
}

/**
 * @param {string} id
 * @param {{ alt: string; width?: number; height?: number; eager: boolean }} image
 * @param {Required<RenderOptions>} options
 */
function imageTag(id, { alt, width, height, eager }, options) {
  const url = options.origin + storedImageUrl(id);
  const size = width && height ? ` width="${width}" height="${height}"` : '';
  return `<img src="${escapeHtml(imageVariantUrl(url, 640))}" srcset="${escapeHtml(imageSrcSet(url))}" sizes="${escapeHtml(options.sizes)}"${size} alt="${escapeHtml(alt)}" loading="${eager ? 'eager' : 'lazy'}" decoding="async">`;
}

/**
 * @param {BlogBlock | BlogNestedBlock} block
 * @param {Required<RenderOptions>} options
 * @param {{ images: number }} seen
 * @returns {string}
 */
function blockHtml(block, options, seen) {
  const inline = (/** @type {BlogInline[] | undefined} */ content) => new InlineWriter(options).write(content);
  const children = (/** @type {(BlogBlock | BlogNestedBlock)[]} */ content) => content.map((child) => blockHtml(child, options, seen)).join('');
  switch (block.type) {
    case 'paragraph':
      return `<p>${inline(block.content)}</p>`;
    case 'heading': {
      const tag = block.attrs.level === 3 ? 'h3' : 'h2';
      return `<${tag}>${inline(block.content)}</${tag}>`;
    }
    case 'bulletList':
    case 'orderedList': {
      const start = block.type === 'orderedList' ? (block.attrs?.start ?? 1) : 1;
      const open = block.type === 'bulletList' ? '<ul>' : start === 1 ? '<ol>' : `<ol start="${Math.trunc(start)}">`;
      return `${open}${block.content.map((item) => `<li>${children(item.content)}</li>`).join('')}${block.type === 'bulletList' ? '</ul>' : '</ol>'}`;
    }
    case 'blockquote':
      return `<blockquote>${children(block.content)}</blockquote>`;
    case 'image': {
      const { id, alt, caption, width, height } = block.attrs;
      if (!storedId.test(id) || !alt?.trim()) return '';
      const eager = options.eagerFirstImage && seen.images++ === 0;
      const figcaption = caption?.trim() ? `<figcaption>${escapeHtml(caption)}</figcaption>` : '';
      return `<figure class="post-figure">${imageTag(id, { alt, width, height, eager }, options)}${figcaption}</figure>`;
    }
    case 'video': {
      const { provider, id, title, poster } = block.attrs;
      if (!(provider in videoIdPatterns) || !videoIdPatterns[provider].test(id)) return '';
      const posterTag = poster && storedId.test(poster) ? imageTag(poster, { alt: '', eager: false }, options) : '';
      return (
        `<figure class="post-video"><a class="video-facade" href="${escapeHtml(videoPageUrl(provider, id))}" data-embed="${escapeHtml(videoEmbedUrl(provider, id))}" data-title="${escapeHtml(title)}" aria-label="${escapeHtml(options.playLabel(title))}">` +
        `${posterTag}<span class="video-play" aria-hidden="true"></span></a><figcaption>${escapeHtml(title)}</figcaption></figure>`
      );
    }
    case 'callToAction': {
      const { kind, label } = block.attrs;
      if (kind !== 'donate' && kind !== 'volunteer') return '';
      const path = `${options.lang === 'hi' ? '/hi' : ''}/${kind}`;
      return `<p class="post-cta"><a class="btn btn-primary btn-lg" href="${escapeHtml(options.origin + path)}">${escapeHtml(label)}</a></p>`;
    }
    case 'horizontalRule':
      return '<hr>';
    default:
      return '';
  }
}

/** @type {Required<RenderOptions>} */
const defaults = {
  lang: 'en',
  origin: '',
  eagerFirstImage: false,
  sizes: '(min-width: 800px) 760px, 100vw',
  playLabel: (title) => `Play video: ${title}`,
};

/**
 * A post's document as HTML.
 * @param {BlogDocument} doc
 * @param {RenderOptions} [options]
 * @returns {string}
 */
export function renderDocument(doc, options = {}) {
  const settled = { ...defaults, ...options };
  const seen = { images: 0 };
  return (doc.content ?? []).map((block) => blockHtml(block, settled, seen)).join('');
}
