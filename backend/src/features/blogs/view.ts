import { documentFromText } from '@ngo-site/shared';
import { toDay } from '../dates.js';
import { imageUrl } from '../images/store.js';
import type { Blog } from './model.js';

/** A post as the blog list gets it (`fields=summary`): no text. */
export const toSummaryView = (blog: Blog) => ({
  id: blog._id.toHexString(),
  title: blog.title,
  excerpt: blog.excerpt,
  category: blog.category,
  image_url: imageUrl(blog.image),
  author: blog.author,
  date: toDay(blog.date),
  title_hi: blog.title_hi ?? '',
  excerpt_hi: blog.excerpt_hi ?? '',
  status: blog.status ?? 'published',
  publish_at: blog.publish_at ? blog.publish_at.toISOString() : null,
  created_at: blog.createdAt.toISOString(),
  updated_at: blog.updatedAt.toISOString(),
});

/** A post as the lists and the post's own answer give it: its text as plain text and as a document. */
export const toBlogView = (blog: Blog) => {
  const hindiBody = blog.body_hi ?? (blog.content_hi?.trim() ? documentFromText(blog.content_hi) : undefined);
  return {
    ...toSummaryView(blog),
    content: blog.content,
    body: blog.body ?? documentFromText(blog.content),
    content_hi: blog.content_hi ?? '',
    ...(hindiBody ? { body_hi: hindiBody } : {}),
    // Posts saved before versions are at 1 (history.ts).
    version: blog.version ?? 1,
  };
};
