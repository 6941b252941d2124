import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesSpec, startTestApp, type TestApp } from '../../../test/app.js';
import { makeImage } from '../../../test/images.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

const admin = () => `Bearer ${t.adminToken()}`;
const imageFiles = () => t.db.connection.db!.collection('images.files').countDocuments();

function addBlog(fields: Record<string, string>, image?: Buffer) {
  const req = t.request.post('/api/add_blog.php').set('Authorization', admin());
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  if (image) req.attach('image', image, 'cover.jpg');
  return req;
}

describe('blog posts', () => {
  it('are added from the form’s multipart fields, trimmed, dated today when no date is sent', async () => {
    const res = await addBlog({ title: '  Trees for Ranchi ', excerpt: 'We planted', content: 'Long text', author: 'Priya', category: 'reforestation' });
    expect(res.status).toBe(201);
    expectMatchesSpec(res, 'addBlog');
    expect(res.body.message).toBe('Blog post added successfully');
    expect(res.body.data).toMatchObject({ title: 'Trees for Ranchi', excerpt: 'We planted', category: 'reforestation', author: 'Priya', image_url: null });
    expect(res.body.data.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const stored = await t.db.models.Blog.findById(res.body.data.id).lean();
    expect(stored!.date).toBeInstanceOf(Date);
  });

  it('keep the date they are given and take an image', async () => {
    const res = await addBlog({ title: 'Health camp', date: '2024-03-15' }, await makeImage());
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ date: '2024-03-15', category: '', excerpt: '', author: '' });
    expect((await t.request.get(res.body.data.image_url)).status).toBe(200);
  });

  it('need a title, a real date and a category written as a program id', async () => {
    const noTitle = await addBlog({ excerpt: 'x' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.message).toBe('Please fill all required fields');
    expectMatchesSpec(noTitle, 'addBlog');
    const badDate = await addBlog({ title: 'x', date: '2024-02-30' });
    expect(badDate.status).toBe(400);
    expect(badDate.body.message).toBe('Date must be a date written as YYYY-MM-DD');
    const badCategory = await addBlog({ title: 'x', category: 'Music & Dance' });
    expect(badCategory.status).toBe(400);
    // A program id no program has (yet) is stored as sent: the blog shows it under All only.
    const newProgram = await addBlog({ title: 'x', category: 'music' });
    expect(newProgram.status).toBe(201);
    expect(newProgram.body.data.category).toBe('music');
  });

  it('treat a blank optional date or category as not sent', async () => {
    const res = await addBlog({ title: 'Blank extras', date: ' ', category: '' });
    expect(res.status).toBe(201);
    expect(res.body.data.category).toBe('');
  });

  it('are listed newest first and read one by one', async () => {
    const list = await t.request.get('/api/get_blogs.php');
    expect(list.status).toBe(200);
    expectMatchesSpec(list, 'listBlogs');
    expect(list.body[0].title).toBe('Blank extras');
    const one = await t.request.get(`/api/get_blog.php?id=${list.body[1].id}`);
    expectMatchesSpec(one, 'getBlog');
    expect(one.body).toEqual({ success: true, data: list.body[1] });
    const unknown = await t.request.get('/api/get_blog.php?id=65f1c0ffee0000000000abcd');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, message: 'Blog post not found' });
    expectMatchesSpec(unknown, 'getBlog');
  });

  it('change only the fields sent, and a new image replaces the old files', async () => {
    const added = (await addBlog({ title: 'Before', excerpt: 'Keep me' }, await makeImage())).body.data;
    const filesWithOne = await imageFiles();
    const res = await t.request
      .post('/api/update_blog.php')
      .set('Authorization', admin())
      .field('id', added.id)
      .field('title', 'After')
      .attach('image', await makeImage({ format: 'png' }), 'new.png');
    expect(res.status).toBe(200);
    expectMatchesSpec(res, 'updateBlog');
    expect(res.body.data).toMatchObject({ id: added.id, title: 'After', excerpt: 'Keep me' });
    expect(res.body.data.image_url).not.toBe(added.image_url);
    expect(await imageFiles()).toBe(filesWithOne);
    expect((await t.request.get(added.image_url)).status).toBe(404);

    const unknown = await t.request.post('/api/update_blog.php').set('Authorization', admin()).field('id', '65f1c0ffee0000000000abcd').field('title', 'x');
    expect(unknown.status).toBe(404);
    const noId = await t.request.post('/api/update_blog.php').set('Authorization', admin()).field('title', 'x');
    expect(noId.status).toBe(400);
    expect(noId.body.message).toBe('Please fill all required fields');
  });

  it('are deleted with their image', async () => {
    const added = (await addBlog({ title: 'To delete' }, await makeImage())).body.data;
    const before = await imageFiles();
    const res = await t.request.post('/api/delete_blog.php').set('Authorization', admin()).send({ id: added.id });
    expect(res.status).toBe(200);
    expectMatchesSpec(res, 'deleteBlog');
    expect(await imageFiles()).toBeLessThan(before);
    expect((await t.request.get(added.image_url)).status).toBe(404);
    const again = await t.request.post('/api/delete_blog.php').set('Authorization', admin()).send({ id: added.id });
    expect(again.status).toBe(404);
  });

  it('cannot be written without an admin token', async () => {
    const res = await t.request.post('/api/add_blog.php').field('title', 'Sneaky');
    expect(res.status).toBe(401);
    expectMatchesSpec(res, 'addBlog');
    const del = await t.request
      .post('/api/delete_blog.php')
      .set('Authorization', `Bearer ${t.makeToken({ role: 'user' })}`)
      .send({ id: '65f1c0ffee0000000000abcd' });
    expect(del.status).toBe(403);
  });
});
