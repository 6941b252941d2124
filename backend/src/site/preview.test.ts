// The admin's preview of a post that is not public: the signed link renders the post's page on
// the server whatever its status or schedule, kept by no cache and indexed by no one; without a
// valid token the address is the public page (404). A small renderer stands in for the
// frontend's build (e2e/schedule.test.ts runs the real one).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { standInBuild } from '../../test/site-build.js';
import { issuePreviewToken, previewLinkMs, previewTokenOpens } from '../features/blogs/preview-token.js';

const pagesDir = standInBuild(
  'preview-pages',
  `export async function renderPage({ url, data }) {
  const id = /^\\/(?:hi\\/)?blog\\/([0-9a-f]{24})/.exec(url)?.[1];
  const post = id ? await data.blogPost(id, url.startsWith('/hi/') ? 'hi' : 'en') : null;
  if (!post) return { status: 404, html: '<!doctype html><p>Not found</p>' };
  return { status: 200, html: '<!doctype html><h1>' + post.title + '</h1>' + (post.preview ? '<p>Preview</p>' : '') };
}
`,
);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { PAGES_DIR: pagesDir, SCHEDULE_RELEASE_MS: '0' } });
});
afterAll(() => t?.stop());

const admin = () => `Bearer ${t.adminToken()}`;
async function addPost(fields: Record<string, string>) {
  const req = t.request.post('/api/add_blog.php').set('Authorization', admin());
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  return (await req).body.data as { id: string };
}
const linkFor = async (id: string) => (await t.request.get(`/api/get_blog_preview_link.php?id=${id}`).set('Authorization', admin())).body.data.url as string;

describe('the preview link', () => {
  it("renders a draft's and a scheduled post's page, uncached and not indexed, in both languages", async () => {
    const draft = await addPost({ title: 'Draft water report', status: 'draft' });
    const later = await addPost({ title: 'Scheduled school story', publish_at: new Date(Date.now() + 3_600_000).toISOString() });
    for (const post of [draft, later]) {
      const url = await linkFor(post.id);
      for (const address of [url, url.replace('/blog/', '/hi/blog/')]) {
        const page = await t.request.get(address);
        expect(page.status, address).toBe(200);
        expect(page.text).toMatch(/<h1>(Draft water report|Scheduled school story)<\/h1><p>Preview<\/p>/);
        expect(page.headers['cache-control']).toBe('private, no-store');
        expect(page.headers['x-robots-tag']).toBe('noindex');
      }
      // The same address without the token, or with a bad one, is the public page: 404.
      const [pathname, token] = url.split('?preview=');
      expect((await t.request.get(pathname!)).status).toBe(404);
      const signature = token!.split('.')[1]!;
      const tampered = `${token!.split('.')[0]}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
      for (const bad of [tampered, token!.replace(/^\d+/, (exp) => String(Number(exp) + 60)), 'x', '']) {
        expect((await t.request.get(`${pathname}?preview=${bad}`)).status, bad).toBe(404);
      }
    }
    // A link opens only its own post.
    const draftToken = (await linkFor(draft.id)).split('?preview=')[1];
    expect((await t.request.get(`/blog/${later.id}?preview=${draftToken}`)).status).toBe(404);
  });

  it('of a post deleted since shows the page of an unknown post', async () => {
    const gone = await addPost({ title: 'Deleted draft', status: 'draft' });
    const url = await linkFor(gone.id);
    expect((await t.request.post('/api/delete_blog.php').set('Authorization', admin()).send({ id: gone.id })).status).toBe(200);
    const page = await t.request.get(url);
    expect(page.status).toBe(404);
    expect(page.headers['cache-control']).toBe('private, no-store');
  });

  it('stops working when it expires, and names only its post', () => {
    const secret = 'a secret of the site';
    const id = '65f1c0ffee0000000000abcd';
    const issuedAt = Date.now();
    const { token, expiresAt } = issuePreviewToken(secret, id, issuedAt);
    expect(expiresAt.getTime()).toBeLessThanOrEqual(issuedAt + previewLinkMs);
    expect(previewTokenOpens(secret, id, token, issuedAt + 60_000)).toBe(true);
    expect(previewTokenOpens(secret, id.toUpperCase(), token, issuedAt)).toBe(true);
    expect(previewTokenOpens(secret, id, token, expiresAt.getTime())).toBe(false);
    expect(previewTokenOpens(secret, '65f1c0ffee0000000000abce', token, issuedAt)).toBe(false);
    expect(previewTokenOpens('another secret', id, token, issuedAt)).toBe(false);
    expect(previewTokenOpens(secret, id, ['a', 'b'], issuedAt)).toBe(false);
  });
});
