import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesSpec, startTestApp, type TestApp } from '../../test/app.js';
import { makeImage } from '../../test/images.js';
import { bodyMessages } from './body.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { REQUEST_MAX_BYTES: String(300 * 1024), JSON_MAX_BYTES: String(16 * 1024) } });
});
afterAll(() => t?.stop());

const volunteer = { name: 'Asha', email: 'asha@example.org', mobile: '9876543210', address: 'Ranchi' };
const admin = () => `Bearer ${t.adminToken()}`;

describe('requests the contract refuses', () => {
  it('malformed JSON → 400 that says so', async () => {
    const res = await t.request.post('/api/volunteer_save.php').set('Content-Type', 'application/json').send('{"name": "Asha",');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Malformed JSON body/);
    expectMatchesSpec(res, 'saveVolunteer');
  });

  it.each([
    ['a JSON array', '[1,2]'],
    ['a JSON string', '"hello"'],
    ['JSON null', 'null'],
  ])('%s where an object is expected → 400', async (_name, body) => {
    const res = await t.request.post('/api/volunteer_save.php').set('Content-Type', 'application/json').send(body);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });

  it('a form body where JSON is expected → 415, and JSON where a form is expected → 415', async () => {
    const form = await t.request.post('/api/volunteer_save.php').type('form').send(volunteer);
    expect(form.status).toBe(415);
    expectMatchesSpec(form, 'saveVolunteer');
    const json = await t.request.post('/api/add_blog.php').set('Authorization', admin()).send({ title: 'JSON post' });
    expect(json.status).toBe(415);
    expect(json.body.message).toMatch(/multipart\/form-data/);
  });

  it('a JSON body over the limit → 413 JSON', async () => {
    const res = await t.request.post('/api/volunteer_save.php').send({ ...volunteer, about: 'x'.repeat(40 * 1024) });
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toMatch(/json/);
    expectMatchesSpec(res, 'saveVolunteer');
  });

  it('an upload over the whole-request limit → 413 JSON, and nothing saved', async () => {
    const big = await makeImage({ width: 500, height: 500, format: 'png', noise: true });
    expect(big.length).toBeGreaterThan(300 * 1024);
    const res = await t.request
      .post('/api/add_gallery_image.php')
      .set('Authorization', admin())
      .field('title', 'Big')
      .field('category', 'health')
      .attach('image', big, 'big.png');
    expect(res.status).toBe(413);
    expectMatchesSpec(res, 'addGalleryImage');
    expect(await t.db.models.GalleryItem.countDocuments()).toBe(0);
  });

  it('a broken multipart body → 400', async () => {
    const res = await t.request
      .post('/api/add_gallery_image.php')
      .set('Authorization', admin())
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nunfinished');
    expect(res.status).toBe(400);
    expectMatchesSpec(res, 'addGalleryImage');
  });

  it.each(['add_blog', 'update_blog', 'add_gallery_image', 'update_gallery_image'])(
    'a form part without headers → 400 at once, on %s (the form parser used to wait forever)',
    async (operation) => {
      const res = await t.request
        .post(`/api/${operation}.php`)
        .set('Authorization', admin())
        .set('Content-Type', 'multipart/form-data; boundary=b')
        .timeout(5000)
        .send('--b\r\n[]--b--\r\n');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(bodyMessages.unreadableUpload);
    },
  );

  it('operator objects in JSON, form fields and the query string → 400, never a query', async () => {
    const json = await t.request
      .post('/api/delete_blog.php')
      .set('Authorization', admin())
      .send({ id: { $ne: null } });
    expect(json.status).toBe(400);
    const form = await t.request
      .post('/api/update_gallery_image.php')
      .set('Authorization', admin())
      .field('id[$ne]', 'x')
      .field('title', 'x')
      .field('category', 'health');
    expect(form.status).toBe(400);
    const query = await t.request.get('/api/get_blog.php?id[$ne]=x');
    expect(query.status).toBe(400);
    const twice = await t.request.get('/api/get_blog.php?id=65f1c0ffee0000000000abcd&id=65f1c0ffee0000000000abce');
    expect(twice.status).toBe(400);
  });

  it('wrong types → 400 naming the field', async () => {
    const res = await t.request.post('/api/volunteer_save.php').send({ ...volunteer, name: 42 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'name', message: 'name must be text' }]);
  });

  it('a text value where a file belongs, or two files in `image` → 400', async () => {
    const text = await t.request
      .post('/api/add_gallery_image.php')
      .set('Authorization', admin())
      .field('title', 'x')
      .field('category', 'health')
      .field('image', 'not a file');
    expect(text.status).toBe(400);
    const jpeg = await makeImage();
    const two = await t.request
      .post('/api/add_gallery_image.php')
      .set('Authorization', admin())
      .field('title', 'x')
      .field('category', 'health')
      .attach('image', jpeg, 'a.jpg')
      .attach('image', jpeg, 'b.jpg');
    expect(two.status).toBe(400);
    expect(await t.db.models.GalleryItem.countDocuments()).toBe(0);
  });

  it('an empty file input (a browser sends one when nothing was chosen) counts as no file', async () => {
    const res = await t.request
      .post('/api/add_gallery_image.php')
      .set('Authorization', admin())
      .field('title', 'x')
      .field('category', 'health')
      .attach('image', Buffer.alloc(0), { filename: '', contentType: 'application/octet-stream' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please fill all required fields and select an image');
  });

  it('an over-long field → 400 with the limit', async () => {
    const res = await t.request.post('/api/volunteer_save.php').send({ ...volunteer, name: 'n'.repeat(101) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Name must be at most 100 characters long');
  });
});

describe('control characters in text', () => {
  it('U+0000 in a login e-mail → 400 naming the field (PostgreSQL storage cannot hold it)', async () => {
    const res = await t.request.post('/api/login.php').send({ email: 'a\u0000b', password: 'whatever' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Email must not contain control characters (found U+0000)');
    expect(res.body.errors).toEqual([{ field: 'email', message: 'email must not contain control characters (found U+0000)' }]);
    expectMatchesSpec(res, 'login');
  });

  it('U+0000 in a volunteer address → 400 and nothing saved; tab and line breaks stay welcome', async () => {
    const refused = await t.request.post('/api/volunteer_save.php').send({ ...volunteer, address: 'Main Road\u0000Ranchi' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'address', message: 'address must not contain control characters (found U+0000)' }]);
    expect(await t.db.models.Volunteer.countDocuments({ email: volunteer.email })).toBe(0);
    const accepted = await t.request.post('/api/volunteer_save.php').send({ ...volunteer, address: 'Main Road,\r\n\tRanchi' });
    expect(accepted.status).toBe(201);
    await t.db.models.Volunteer.deleteMany({ email: volunteer.email });
  });

  it.each([1, 8, 11, 12, 14, 31].map((code) => [code]))('C0 control %i in a form field → 400 naming it', async (code) => {
    const character = String.fromCharCode(code);
    const res = await t.request.post('/api/add_blog.php').set('Authorization', admin()).field('title', `New${character}s`).field('content', 'Body');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: 'title', message: `title must not contain control characters (found U+${code.toString(16).toUpperCase().padStart(4, '0')})` },
    ]);
    expectMatchesSpec(res, 'addBlog');
  });

  it('U+0000 in a query parameter → 400 naming it', async () => {
    const res = await t.request.get('/api/get_blog.php?id=65f1c0ffee0000000000ab%00d');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'id', message: 'id must not contain control characters (found U+0000)' }]);
    expectMatchesSpec(res, 'getBlog');
  });

  // Trimming would hide them, and openapi.yaml's pattern refuses them: refused wherever they are.
  it('a form feed or vertical tab at the end of a text → 400, in the query and in a body', async () => {
    const query = await t.request.get('/api/get_blogs.php?q=camp%0C');
    expect(query.status).toBe(400);
    expect(query.body.errors).toEqual([{ field: 'q', message: 'q must not contain control characters (found U+000C)' }]);
    expectMatchesSpec(query, 'listBlogs');
    const body = await t.request.post('/api/volunteer_save.php').send({ ...volunteer, name: 'Asha\u000b' });
    expect(body.status).toBe(400);
    expect(body.body.errors).toEqual([{ field: 'name', message: 'name must not contain control characters (found U+000B)' }]);
    expect(await t.db.models.Volunteer.countDocuments()).toBe(0);
  });
});

describe('hostile JSON', () => {
  it('a "__proto__" key is refused (the JSON parser rejects prototype poisoning)', async () => {
    const res = await t.request
      .post('/api/volunteer_save.php')
      .set('Content-Type', 'application/json')
      .send(`{"name":"Asha","email":"asha@example.org","mobile":"9876543210","address":"Ranchi","__proto__":{"admin":true}}`);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(await t.db.models.Volunteer.countDocuments()).toBe(0);
  });
});

/** POST with node:http itself (no client library re-encoding the body): `chunks` are written one by one. */
function rawPost(path: string, headers: Record<string, string>, chunks: (string | Buffer)[]) {
  return new Promise<{ status: number; body: { success?: boolean; message?: string } }>((resolve, reject) => {
    const { port } = new URL(t.url);
    const req = request({ host: '127.0.0.1', port, method: 'POST', path, headers }, (res) => {
      let body = '';
      res
        .setEncoding('utf8')
        .on('data', (chunk: string) => (body += chunk))
        .on('end', () => resolve({ status: res.statusCode!, body: body ? JSON.parse(body) : {} }));
    });
    req.on('error', reject);
    for (const chunk of chunks.slice(0, -1)) req.write(chunk);
    req.end(chunks.at(-1));
  });
}

describe('JSON bodies as clients send them', () => {
  it('a gzip-compressed body is read; broken compressed data → 400', async () => {
    const json = { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' };
    const sent = await rawPost('/api/volunteer_save.php', json, [gzipSync(JSON.stringify({ ...volunteer, email: 'gzip@example.org' }))]);
    expect(sent.status).toBe(201);
    const broken = await rawPost('/api/volunteer_save.php', json, [Buffer.from('not gzip at all')]);
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe(bodyMessages.malformedJson);
    expect(await t.db.models.Volunteer.countDocuments({ email: 'gzip@example.org' })).toBe(1);
  });

  it('a chunked body that grows past the limit → 413 the client reads, nothing saved', async () => {
    const answer = await rawPost('/api/volunteer_save.php', { 'Content-Type': 'application/json' }, [`{"name":"${'a'.repeat(20 * 1024)}`, '"}']);
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe(bodyMessages.tooLarge(16 * 1024));
    expect(await t.db.models.Volunteer.countDocuments({ name: /^aaaa/ })).toBe(0);
  });
});
