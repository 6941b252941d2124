import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse as parseYaml } from 'yaml';
import { expectMatchesSpec, startTestApp, type TestApp } from '../../../test/app.js';
import { loadOpenApi } from '../../http/openapi.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

describe('health, the contract and unknown paths', () => {
  it('reports the database as up', async () => {
    // Liveness tells what the driver last saw: on a busy machine a late heartbeat may read as
    // down for a moment, so the answer is asked again for up to 5 s.
    let res = await t.request.get('/api/health.php');
    for (const started = Date.now(); res.body.database !== 'up' && Date.now() - started < 5000;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      res = await t.request.get('/api/health.php');
    }
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, status: 'ok', database: 'up' });
    expectMatchesSpec(res, 'getHealth');
  });

  it('serves openapi.yaml and a docs page made from it', async () => {
    const yaml = await t.request.get('/api/openapi.yaml');
    expect(yaml.status).toBe(200);
    expect(yaml.headers['content-type']).toMatch(/^application\/yaml/);
    expect(yaml.text).toContain('operationId: addGalleryImage');
    // Clients read the answer as YAML (schemathesis does), so the declared schema is about that.
    const declared = ['paths', '/api/openapi.yaml', 'get', 'responses', '200', 'content', 'application/yaml', 'schema'].reduce<unknown>(
      (node, key) => (node as Record<string, unknown>)[key],
      loadOpenApi().document,
    ) as object;
    const matchesDeclared = new Ajv2020({ strict: false }).compile(declared);
    expect(matchesDeclared(parseYaml(yaml.text)), JSON.stringify(matchesDeclared.errors)).toBe(true);

    const docs = await t.request.get('/api/docs.php');
    expect(docs.status).toBe(200);
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    expect(docs.text).toContain('/api/add_gallery_image.php');
    expect(docs.text).toContain('Please fill all required fields and select an image');
    expect(docs.text).not.toMatch(/<script|fonts\.googleapis/);
  });

  it('answers unknown API paths with 404 JSON and wrong methods with 405 JSON', async () => {
    const missing = await t.request.get('/api/nothing-here.php');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: expect.any(String) });

    const wrong = await t.request.put('/api/get_blogs.php');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('GET, HEAD');
    expect(wrong.body.success).toBe(false);
  });

  it('sends security headers with every API answer', async () => {
    const res = await t.request.get('/api/get_blogs.php');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBeDefined();
  });
});
