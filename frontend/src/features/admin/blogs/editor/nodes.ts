// The editor's own blocks: a photo from the site's store, a video facade and a call to action.
// Each is parsed back only from the markup the editor itself writes (data-* attributes), so a
// pasted <img> or <iframe> from another site matches nothing and is dropped, never hot-linked.
import { Node } from '@tiptap/core';
import { imageVariantUrl, storedImageUrl } from '@ngo-site/shared';

const attribute = (name: string) => ({ default: null, parseHTML: (element: HTMLElement) => element.getAttribute(name) });
const numberAttribute = (name: string) => ({
  default: null,
  parseHTML: (element: HTMLElement) => Number(element.getAttribute(name)) || null,
});

export const PostImage = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes: () => ({
    id: attribute('data-media-id'),
    alt: attribute('alt'),
    caption: attribute('data-caption'),
    width: numberAttribute('width'),
    height: numberAttribute('height'),
  }),
  parseHTML: () => [{ tag: 'img[data-media-id]' }],
  renderHTML: ({ node }) => {
    const { id, alt, caption, width, height } = node.attrs as { id: string; alt: string; caption: string | null; width: number | null; height: number | null };
    const image = {
      src: imageVariantUrl(storedImageUrl(id), 640),
      alt,
      'data-media-id': id,
      ...(caption ? { 'data-caption': caption } : {}),
      ...(width && height ? { width: String(width), height: String(height) } : {}),
    };
    return ['figure', { class: 'editor-figure' }, ['img', image], ['figcaption', {}, caption ?? '']];
  },
});

export const PostVideo = Node.create({
  name: 'video',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes: () => ({
    provider: attribute('data-video-provider'),
    id: attribute('data-video-id'),
    title: attribute('data-video-title'),
    poster: attribute('data-video-poster'),
  }),
  parseHTML: () => [{ tag: 'div[data-video-provider]' }],
  renderHTML: ({ node }) => {
    const { provider, id, title, poster } = node.attrs as Record<string, string | null>;
    const data = { 'data-video-provider': provider, 'data-video-id': id, 'data-video-title': title, ...(poster ? { 'data-video-poster': poster } : {}) };
    return ['div', { class: 'editor-video', ...data }, `▶ ${provider === 'vimeo' ? 'Vimeo' : 'YouTube'} video: ${title ?? ''}`];
  },
});

export const CallToAction = Node.create({
  name: 'callToAction',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes: () => ({ kind: attribute('data-cta-kind'), label: attribute('data-cta-label') }),
  parseHTML: () => [{ tag: 'div[data-cta-kind]' }],
  renderHTML: ({ node }) => {
    const { kind, label } = node.attrs as { kind: string; label: string };
    const target = kind === 'volunteer' ? 'Volunteer' : 'Donate';
    return ['div', { class: 'editor-cta', 'data-cta-kind': kind, 'data-cta-label': label }, `${label} → ${target} page`];
  },
});
