// The list parameters of get_blogs.php and get_gallery.php: bad input is a clear 400 (never a
// 500, never an answer from a cache), and the legacy call without parameters stays the whole list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesSpec, startTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

const badQueries = [
  'limit=0',
  'limit=51',
  'limit=1.5',
  'limit=',
  'page=-1',
  'page=0',
  'page=abc',
  'page=100001',
  'q[]=water',
  'q[a]=1',
  'q=a&q=b',
  'category=health&category=education',
  `q=${'a'.repeat(201)}`,
  `category=${'c'.repeat(101)}`,
  'limit=12&limit=13',
];

describe('list parameters', () => {
  for (const [operationId, path] of [
    ['listBlogs', '/api/get_blogs.php'],
    ['listPublicGallery', '/api/get_gallery.php'],
  ] as const) {
    it(`${path}: bad values get a 400 that says what was wrong`, async () => {
      const queries = [...badQueries, ...(path === '/api/get_blogs.php' ? ['fields=all', 'fields=summary&fields=summary'] : [])];
      for (const query of queries) {
        const res = await t.request.get(`${path}?${query}`);
        expect(res.status, query).toBe(400);
        expect(res.body.success, query).toBe(false);
        expect(res.body.message, query).toEqual(expect.any(String));
        expectMatchesSpec(res, operationId);
      }
    });
  }

  it('a search for regular-expression characters finds them as text', async () => {
    const add = (title: string) => t.request.post('/api/add_blog.php').set('Authorization', `Bearer ${t.adminToken()}`).field('title', title);
    expect((await add('Costs (in ₹) + [notes].*')).status).toBe(201);
    const res = await t.request.get(`/api/get_blogs.php?q=${encodeURIComponent('(in ₹) + [notes].*')}&limit=5`);
    expect(res.status).toBe(200);
    expect(res.body.map((post: { title: string }) => post.title)).toEqual(['Costs (in ₹) + [notes].*']);
    expect((await t.request.get(`/api/get_blogs.php?q=${encodeURIComponent('.*')}&limit=5`)).body).toHaveLength(1);
  });
});
