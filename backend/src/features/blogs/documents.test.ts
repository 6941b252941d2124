// Posts' documents against the real database: the start-up migration converts older posts once
// (also when two instances run it at the same moment), and the feed carries the rendered HTML.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { convertPlainPosts } from './migration.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

describe('the start-up migration', () => {
  it('gives older posts documents from their paragraphs, once, even run twice at the same time', async () => {
    const updatedAt = new Date('2024-01-02T03:04:05Z');
    // As posts were stored before documents: every field the old schema had, and no body.
    const fields = { excerpt: '', category: '', author: '', title_hi: '', excerpt_hi: '', content_hi: '', image: null, status: 'published' };
    const older = { ...fields, title: 'Older post', date: new Date('2024-01-01'), createdAt: updatedAt, updatedAt };
    const { insertedIds } = await t.db.models.Blog.collection.insertMany([
      { ...older, content: 'First paragraph\n\nSecond paragraph', content_hi: 'पहला' },
      { ...older, content: '' },
      { ...older, content: 'Already converted', body: { type: 'doc', content: [paragraph('Kept as it is')] } },
    ]);
    const unconverted = await t.db.models.Blog.countDocuments({ body: { $exists: false } });
    // Two instances starting together: each converts what it finds (both may write the same
    // document to a post), and afterwards nothing is left to convert.
    const [first, second] = await Promise.all([convertPlainPosts(t.db.models.Blog), convertPlainPosts(t.db.models.Blog)]);
    expect(Math.min(first, second)).toBeLessThanOrEqual(unconverted);
    expect(first + second).toBeGreaterThanOrEqual(unconverted);
    expect(await convertPlainPosts(t.db.models.Blog)).toBe(0);

    const stored = await t.db.models.Blog.collection
      .find({ _id: { $in: Object.values(insertedIds) } })
      .sort({ _id: 1 })
      .toArray();
    expect(stored.map((post) => post.body)).toEqual([
      { type: 'doc', content: [paragraph('First paragraph'), paragraph('Second paragraph')] },
      { type: 'doc', content: [] },
      { type: 'doc', content: [paragraph('Kept as it is')] },
    ]);
    expect(stored[0]!.body_hi).toEqual({ type: 'doc', content: [paragraph('पहला')] });
    expect(stored[1]).not.toHaveProperty('body_hi');
    expect(stored.map((post) => (post.updatedAt as Date).toISOString())).toEqual(Array(3).fill(updatedAt.toISOString()));
    const read = await t.request.get(`/api/get_blog.php?id=${insertedIds[0]}`);
    expect(read.body.data).toMatchObject({ content: 'First paragraph\n\nSecond paragraph', body: stored[0]!.body });
  });
});

describe('the feed', () => {
  it("carries a post's document as HTML in content:encoded, the site's addresses made absolute", async () => {
    const body = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Seeds & water' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Read on', marks: [{ type: 'link', attrs: { href: '/programs' } }] }] },
        { type: 'callToAction', attrs: { kind: 'volunteer', label: 'Join us' } },
      ],
    };
    const added = await t.request
      .post('/api/add_blog.php')
      .set('Authorization', `Bearer ${t.adminToken()}`)
      .field('title', 'Feed post')
      .field('body', JSON.stringify(body));
    expect(added.status).toBe(201);
    const feed = await t.request.get('/feed.xml');
    expect(feed.status, feed.text).toBe(200);
    const origin = t.config.publicUrl;
    expect(feed.text).toContain(
      `<content:encoded>&lt;h2&gt;Seeds &amp;amp; water&lt;/h2&gt;&lt;p&gt;&lt;a href=&quot;${origin}/programs&quot;&gt;Read on&lt;/a&gt;&lt;/p&gt;` +
        `&lt;p class=&quot;post-cta&quot;&gt;&lt;a class=&quot;btn btn-primary btn-lg&quot; href=&quot;${origin}/volunteer&quot;&gt;Join us&lt;/a&gt;&lt;/p&gt;</content:encoded>`,
    );
  });
});
