// Scheduled posts (publish_at) and the preview link: every documented answer of what they add,
// bad input included. The release job and the rendered preview have tests of their own
// (src/features/blogs/release.test.ts, src/site/preview.test.ts).
import { expect } from 'vitest';
import { contractCase, defineCases } from '../support/cases.js';
import type { Fixture } from '../support/fixture.js';
import { postForm } from '../support/requests.js';

const hourMs = 60 * 60 * 1000;
/** An hour ahead (or behind), written with India's offset as the admin's form sends it. */
const indiaTime = (fromNowMs: number) => {
  const at = new Date(Date.now() + fromNowMs + 5.5 * hourMs);
  return `${at.toISOString().slice(0, 19)}+05:30`;
};
const indiaDay = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(iso));
const publicIds = async (fx: Fixture) => ((await fx.request.get('/api/get_blogs.php')).body as { id: string }[]).map((post) => post.id);
const adminRows = async (fx: Fixture, query = '') =>
  (await fx.request.get(`/api/get_all_blogs.php${query}`).set('Authorization', fx.admin)).body.data as { id: string; publish_at: string | null }[];
const update = (fx: Fixture, fields: Record<string, string>) => postForm(fx, '/api/update_blog.php', fields);

export const scheduleCases = defineCases('schedule', [
  contractCase('addBlog', 201, 'publish_at an hour ahead: kept from every public read, listed for the admin as scheduled', {
    send: (fx) => postForm(fx, '/api/add_blog.php', { title: 'Monsoon camp', date: '2024-01-01', publish_at: indiaTime(hourMs) }),
    check: async (res, fx) => {
      const post = res.body.data as { id: string; publish_at: string; date: string };
      expect(new Date(post.publish_at).getTime()).toBeGreaterThan(Date.now() + 0.9 * hourMs);
      // The post reads as published on its day in India, whatever date was sent with it.
      expect(post.date).toBe(indiaDay(post.publish_at));
      expect(await publicIds(fx)).not.toContain(post.id);
      expect((await fx.request.get(`/api/get_blog.php?id=${post.id}`)).status).toBe(404);
      expect((await fx.request.get(`/api/get_blogs.php?q=Monsoon%20camp&limit=5`)).body).toEqual([]);
      expect((await adminRows(fx)).find((row) => row.id === post.id)?.publish_at).toBe(post.publish_at);
      expect((await adminRows(fx, '?status=scheduled')).map((row) => row.id)).toEqual([post.id]);
      expect((await adminRows(fx, '?status=published')).map((row) => row.id)).not.toContain(post.id);
      const preview = await fx.request.get(`/api/preview_blog.php?id=${post.id}`).set('Authorization', fx.admin);
      expect(preview.body.data.publish_at).toBe(post.publish_at);
    },
  }),
  contractCase('addBlog', 201, 'publish_at already past: public at once, dated that day and listed at that time', {
    arrange: async (fx) => fx.addBlog({ title: 'Added before it' }),
    send: (fx) => postForm(fx, '/api/add_blog.php', { title: 'Back-dated report', publish_at: '2024-03-10T23:00:00Z' }),
    check: async (res, fx, before) => {
      expect(res.body.data).toMatchObject({ publish_at: '2024-03-10T23:00:00.000Z', date: '2024-03-11', created_at: '2024-03-10T23:00:00.000Z' });
      const ids = await publicIds(fx);
      expect(ids.indexOf(res.body.data.id)).toBeGreaterThan(ids.indexOf(before.id));
    },
  }),
  ...['tomorrow', '2026-12-01', '2026-12-01T09:30', '2026-02-30T09:30:00+05:30', '2026-12-01T24:00:00Z'].map((sent) =>
    contractCase('addBlog', 400, `publish_at "${sent}", not a date and time with its offset`, {
      send: (fx) => postForm(fx, '/api/add_blog.php', { title: 'Never saved', publish_at: sent }),
      check: (res) => {
        expect(res.body.message).toMatch(/^Publish_at must be|^Publish at must be/);
        expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'publish_at' }));
      },
    }),
  ),
  contractCase('addBlog', 400, 'publish_at as an operator field (publish_at[$gt])', {
    send: (fx) => postForm(fx, '/api/add_blog.php', { title: 'Never saved', 'publish_at[$gt]': '' }),
  }),
  contractCase('updateBlog', 200, 'a publish_at ahead takes a public post away; an empty one brings it back', {
    arrange: (fx) => fx.addBlog({ title: 'Published, then held' }),
    send: (fx, post) => update(fx, { id: post.id, publish_at: indiaTime(2 * hourMs) }),
    check: async (res, fx, post) => {
      expect(res.body.data.publish_at).not.toBeNull();
      // Listed at its time: first in the admin's list, which sorts by the created time.
      expect(res.body.data.created_at).toBe(res.body.data.publish_at);
      expect((await adminRows(fx))[0]!.id).toBe(post.id);
      expect(await publicIds(fx)).not.toContain(post.id);
      const cleared = await update(fx, { id: post.id, publish_at: '' });
      expect(cleared.status).toBe(200);
      expect(cleared.body.data.publish_at).toBeNull();
      expect(await publicIds(fx)).toContain(post.id);
    },
  }),
  contractCase('updateBlog', 400, 'a publish_at that is not a date', {
    arrange: (fx) => fx.sharedBlog(),
    send: (fx, post) => update(fx, { id: post.id, publish_at: 'next Monday' }),
    check: (res) => expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'publish_at' })),
  }),
  contractCase('listAllBlogs', 400, 'a status the list does not know', {
    send: (fx) => fx.request.get('/api/get_all_blogs.php?status=later').set('Authorization', fx.admin),
    check: (res) => expect(res.body.errors?.[0]?.field).toBe('status'),
  }),
  contractCase('getBlogPreviewLink', 200, "a draft's preview link: its page, signed for 15 minutes", {
    arrange: (fx) => fx.addBlog({ title: 'Draft to preview', status: 'draft' }),
    send: (fx, draft) => fx.request.get(`/api/get_blog_preview_link.php?id=${draft.id}`).set('Authorization', fx.admin),
    check: (res, _fx, draft) => {
      expect(res.body.data.url).toMatch(new RegExp(`^/blog/${draft.id}\\?preview=\\d+\\.[A-Za-z0-9_-]{43}$`));
      const expires = new Date(res.body.data.expires_at).getTime() - Date.now();
      expect(expires).toBeGreaterThan(14 * 60 * 1000);
      expect(expires).toBeLessThanOrEqual(15 * 60 * 1000);
      expect(res.headers['cache-control']).toBe('no-store');
    },
  }),
  contractCase('getBlogPreviewLink', 400, 'an id that is not 24 hex characters', {
    send: (fx) => fx.request.get('/api/get_blog_preview_link.php?id=draft').set('Authorization', fx.admin),
    check: (res) => expect(res.body.errors?.[0]?.field).toBe('id'),
  }),
  contractCase('getBlogPreviewLink', 400, 'an operator in place of the id', {
    send: (fx) => fx.request.get('/api/get_blog_preview_link.php?id[$ne]=x').set('Authorization', fx.admin),
  }),
  contractCase('getBlogPreviewLink', 404, 'an id no post has', {
    send: (fx) => fx.request.get(`/api/get_blog_preview_link.php?id=${fx.unknownId}`).set('Authorization', fx.admin),
    check: (res) => expect(res.body.message).toBe('Blog post not found'),
  }),
]);
