import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { CORS_ORIGINS: 'https://partner.example.org' } });
});
afterAll(() => t?.stop());

describe('cross-origin requests', () => {
  it('are allowed for configured origins only', async () => {
    const allowed = await t.request.get('/api/get_blogs.php').set('Origin', 'https://partner.example.org');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example.org');
    const other = await t.request.get('/api/get_blogs.php').set('Origin', 'https://evil.example.com');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answer a preflight from a configured origin', async () => {
    const res = await t.request
      .options('/api/login.php')
      .set('Origin', 'https://partner.example.org')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-methods']).toContain('POST');
  });
});
