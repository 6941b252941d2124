// The editor's JSON as the post document the server accepts: only the allow-listed attributes of
// each node and mark (TipTap adds its own, such as a link's target or a list's type), text
// without control characters, and no empty text.
import type { JSONContent } from '@tiptap/core';
import { videoIdPatterns, type BlogDocument } from '@ngo-site/shared';

type Attrs = Record<string, unknown>;
const kept: Record<string, string[]> = {
  heading: ['level'],
  orderedList: ['start'],
  image: ['id', 'alt', 'caption', 'width', 'height'],
  video: ['provider', 'id', 'title', 'poster'],
  callToAction: ['kind', 'label'],
  link: ['href'],
};

function pick(type: string, attrs: Attrs | undefined): { attrs?: Attrs } {
  const names = kept[type];
  if (!names || !attrs) return {};
  const chosen = Object.fromEntries(
    names.filter((name) => attrs[name] !== null && attrs[name] !== undefined && attrs[name] !== '').map((name) => [name, attrs[name]]),
  );
  if (type === 'orderedList' && chosen.start === 1) delete chosen.start;
  return Object.keys(chosen).length ? { attrs: chosen } : {};
}

// eslint-disable-next-line no-control-regex -- control characters are what is removed
const cleanText = (text: string) => text.replace(/\t/g, ' ').replace(/[\x00-\x08\x0B-\x1F\x7F]/g, '');

function clean(node: JSONContent): JSONContent | null {
  const type = node.type ?? '';
  if (type === 'text') {
    const text = cleanText(node.text ?? '');
    if (!text) return null;
    const marks = node.marks?.map((mark) => ({ type: mark.type, ...pick(mark.type, mark.attrs) }));
    return { type, text, ...(marks?.length ? { marks } : {}) };
  }
  const content = node.content?.map(clean).filter((child): child is JSONContent => child !== null);
  return { type, ...pick(type, node.attrs), ...(content?.length ? { content } : {}) };
}

export function toDocument(json: JSONContent): BlogDocument {
  return { type: 'doc', content: (json.content ?? []).map(clean).filter((node) => node !== null) } as BlogDocument;
}

/** A video page's address as the document's provider and id, or null (YouTube: watch, youtu.be, shorts, embed; Vimeo: its numbers). */
export function parseVideoUrl(address: string): { provider: 'youtube' | 'vimeo'; id: string } | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www|m)\./, '');
  const path = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be' || host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id = host === 'youtu.be' ? path[0] : (url.searchParams.get('v') ?? (['shorts', 'embed'].includes(path[0] ?? '') ? path[1] : undefined));
    return id && videoIdPatterns.youtube.test(id) ? { provider: 'youtube', id } : null;
  }
  const id = host === 'vimeo.com' || host === 'player.vimeo.com' ? path.find((part) => videoIdPatterns.vimeo.test(part)) : undefined;
  return id ? { provider: 'vimeo', id } : null;
}

const handlerAttribute = /\s+on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;
/**
 * Pasted HTML without event-handler attributes, before the browser parses it: the editor's schema
 * drops them anyway, but merely parsing one makes Chromium report a Content-Security-Policy violation.
 */
export const withoutHandlers = (html: string) => html.replace(/<[a-z][^>]*>/gi, (tag) => tag.replace(handlerAttribute, ''));
