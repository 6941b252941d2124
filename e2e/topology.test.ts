// The topology itself, as a visitor's browser and an API client meet it: the app shell and the
// API through one nginx, both backend instances serving, and one of them dying and coming back.
import { describe, expect, test } from 'vitest';
import { adminToken, api, backends, e2e } from './harness';

describe('the topology', () => {
  test('nginx serves the built app shell and proxies the health check', async () => {
    const shell = await fetch(new URL('/admin/dashboard', e2e.baseUrl));
    expect(shell.status).toBe(200);
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    expect(shell.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await shell.text();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, 'index.html loads a hashed bundle from /assets/').toBeTruthy();
    const bundle = await fetch(new URL(script!, e2e.baseUrl), { headers: { 'accept-encoding': 'gzip' } });
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const health = await api('/api/health.php');
    expect(health).toEqual({ status: 200, body: { success: true, status: 'ok', database: 'up' } });
  });

  test('both backend instances are up and the admin of the run can log in', async () => {
    expect((await backends.list()).map((b) => b.running)).toEqual([true, true]);
    expect(await adminToken()).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  test('an upload over the whole-request limit is refused by nginx with a JSON message', async () => {
    const res = await fetch(new URL('/api/add_gallery_image.php', e2e.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', authorization: `Bearer ${await adminToken()}` },
      body: new Uint8Array(52428800 + 1024),
    });
    expect(res.status).toBe(413);
    const body = await res.json();
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/too large/);
  });

  test('with one instance killed every API call still succeeds, and it starts again', async () => {
    // Only retries from now on count: earlier files may have left some in the access log.
    const retriedBefore = (await backends.retriedRequests()).length;
    await backends.kill(2);
    try {
      // Each read a different page of the list, so none is answered from nginx's moment of cache
      // and each goes to an instance (the killed one among them).
      for (let i = 0; i < 8; i += 1) {
        const { status } = await api(`/api/get_blogs.php?limit=${i + 1}`);
        expect(status).toBe(200);
      }
      expect((await backends.retriedRequests()).length).toBeGreaterThan(retriedBefore);
    } finally {
      await backends.start(2);
    }
    expect((await backends.list()).map((b) => b.running)).toEqual([true, true]);
  });
});
