import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectMatchesSpec, startTestApp, type TestApp } from '../../../test/app.js';
import { makeImage } from '../../../test/images.js';

let t: TestApp;
let jpeg: Buffer;
beforeAll(async () => {
  t = await startTestApp();
  jpeg = await makeImage({ width: 400, height: 300 });
});
afterAll(() => t?.stop());
beforeEach(async () => {
  // Deleted through the app, so that the admin list it holds lets them go too.
  for (const { _id } of await t.db.models.GalleryItem.find({}, { _id: 1 }).lean()) {
    const res = await t.request.post('/api/gallery_delete.php').set('Authorization', `Bearer ${t.adminToken()}`).send({ id: _id.toHexString() });
    expect(res.status).toBe(200);
  }
  await t.db.connection.db!.collection('images.files').deleteMany({});
  await t.db.connection.db!.collection('images.chunks').deleteMany({});
});

const imageFiles = () => t.db.connection.db!.collection('images.files').countDocuments();
const imageChunks = () => t.db.connection.db!.collection('images.chunks').countDocuments();
const admin = () => `Bearer ${t.adminToken()}`;
const addImages = (files: [Buffer, string][], fields: Record<string, string> = { title: 'Camp', category: 'health' }) => {
  const req = t.request.post('/api/add_gallery_image.php').set('Authorization', admin());
  for (const [name, value] of Object.entries(fields)) req.field(name, value);
  for (const [file, name] of files) req.attach('images[]', file, name);
  return req;
};

describe('adding gallery images', () => {
  it('makes one item from `image` (the upload modal)', async () => {
    const res = await t.request
      .post('/api/add_gallery_image.php')
      .set('Authorization', admin())
      .field('title', '  Blood donation camp ')
      .field('category', 'health')
      .field('caption', 'Ranchi, March')
      .attach('image', jpeg, 'camp.jpg');
    expect(res.status).toBe(201);
    expectMatchesSpec(res, 'addGalleryImage');
    expect(res.body.message).toBe('Image added successfully!');
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ title: 'Blood donation camp', category: 'health', caption: 'Ranchi, March' });
    expect(res.body.data[0].image_url).toMatch(/^\/api\/image\.php\?id=[0-9a-f]{24}$/);
  });

  it('makes one item per file from `images[]` (the multi-image page)', async () => {
    const res = await addImages([
      [await makeImage({ width: 1200, height: 900, noise: true }), 'a.jpg'],
      [await makeImage({ format: 'png' }), 'b.png'],
      [jpeg, 'c.jpg'],
    ]);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Images added successfully!');
    expect(res.body.data).toHaveLength(3);
    expect(await t.db.models.GalleryItem.countDocuments()).toBe(3);
    // Items come back in the order the files were sent, even when a later file is smaller.
    const types = [];
    for (const item of res.body.data) types.push((await t.request.get(item.image_url)).headers['content-type']);
    expect(types).toEqual(['image/jpeg', 'image/png', 'image/jpeg']);
  });

  it('saves nothing when one file of a batch is refused', async () => {
    const res = await addImages([
      [jpeg, 'a.jpg'],
      [Buffer.from('%PDF-1.4 not an image'), 'b.jpg'],
      [jpeg, 'c.jpg'],
    ]);
    expect(res.status).toBe(415);
    expect(res.body.message).toContain('b.jpg');
    expect(await t.db.models.GalleryItem.countDocuments()).toBe(0);
    expect(await imageFiles()).toBe(0);
    expect(await imageChunks()).toBe(0);
  });

  it('asks for the missing fields with the page’s own sentence', async () => {
    const single = await t.request.post('/api/add_gallery_image.php').set('Authorization', admin()).field('title', 'No picture').field('category', 'education');
    expect(single.status).toBe(400);
    expect(single.body.message).toBe('Please fill all required fields and select an image');
    expectMatchesSpec(single, 'addGalleryImage');

    const multiple = await addImages([[jpeg, 'a.jpg']], { title: '   ', category: 'education' });
    expect(multiple.status).toBe(400);
    expect(multiple.body.message).toBe('Title, category, and at least one image are required');
    expect(multiple.body.errors).toContainEqual({ field: 'title', message: 'title is required' });
    expect(await t.db.models.GalleryItem.countDocuments()).toBe(0);
  });

  it('refuses a category that cannot be a program id, and keeps one no program has (yet)', async () => {
    const res = await addImages([[jpeg, 'a.jpg']], { title: 'x', category: 'Sports Day' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'category' }));
    expect(await t.db.models.GalleryItem.countDocuments()).toBe(0);
    const kept = await addImages([[jpeg, 'a.jpg']], { title: 'x', category: 'sports' });
    expect(kept.status).toBe(201);
    expect(kept.body.data[0].category).toBe('sports');
  });
});

describe('listing, changing and deleting gallery items', () => {
  it('lists newest first in both shapes', async () => {
    await addImages([[jpeg, 'a.jpg']], { title: 'First', category: 'health' });
    await addImages([[jpeg, 'b.jpg']], { title: 'Second', category: 'education' });
    const publicList = await t.request.get('/api/get_gallery.php');
    expectMatchesSpec(publicList, 'listPublicGallery');
    expect(publicList.body.map((item: { title: string }) => item.title)).toEqual(['Second', 'First']);
    const adminList = await t.request.get('/api/get_gallery_images.php');
    expectMatchesSpec(adminList, 'listGalleryImages');
    expect(adminList.body).toEqual({ success: true, data: publicList.body });
  });

  it('replaces the image on update and deletes the old files', async () => {
    const added = (await addImages([[jpeg, 'a.jpg']])).body.data[0];
    const res = await t.request
      .post('/api/update_gallery_image.php')
      .set('Authorization', admin())
      .field('id', added.id)
      .field('title', 'Renamed')
      .field('category', 'education')
      .attach('image', await makeImage({ width: 200, height: 200, format: 'png' }), 'new.png');
    expect(res.status).toBe(200);
    expectMatchesSpec(res, 'updateGalleryImage');
    expect(res.body.message).toBe('Image updated successfully!');
    expect(res.body.data).toMatchObject({ id: added.id, title: 'Renamed', category: 'education', caption: '' });
    expect(res.body.data.image_url).not.toBe(added.image_url);
    expect((await t.request.get(added.image_url)).status).toBe(404);
    expect((await t.request.get(res.body.data.image_url)).status).toBe(200);
    // Only the new image is left: its original and one WebP (200 px is below every variant width).
    expect(await imageFiles()).toBe(2);
  });

  it('keeps the image when the update sends none, and says when the id is unknown', async () => {
    const added = (await addImages([[jpeg, 'a.jpg']])).body.data[0];
    const res = await t.request
      .post('/api/update_gallery_image.php')
      .set('Authorization', admin())
      .field('id', added.id)
      .field('title', 'Only the title')
      .field('category', 'health')
      .field('caption', 'New caption');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ image_url: added.image_url, caption: 'New caption' });

    const missing = await t.request
      .post('/api/update_gallery_image.php')
      .set('Authorization', admin())
      .field('id', '65f1c0ffee0000000000abcd')
      .field('title', 'x')
      .field('category', 'health');
    expect(missing.status).toBe(404);
    expectMatchesSpec(missing, 'updateGalleryImage');

    const blank = await t.request
      .post('/api/update_gallery_image.php')
      .set('Authorization', admin())
      .field('id', added.id)
      .field('title', '')
      .field('category', 'health');
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Please fill all required fields');
  });

  it('deletes an item with all its files', async () => {
    const added = (await addImages([[jpeg, 'a.jpg']])).body.data[0];
    expect(await imageFiles()).toBeGreaterThan(1);
    const res = await t.request.post('/api/gallery_delete.php').set('Authorization', admin()).send({ id: added.id });
    expect(res.status).toBe(200);
    expectMatchesSpec(res, 'deleteGalleryImage');
    expect(res.body).toEqual({ success: true, message: 'Image deleted successfully!' });
    expect(await imageFiles()).toBe(0);
    expect(await imageChunks()).toBe(0);

    const again = await t.request.post('/api/gallery_delete.php').set('Authorization', admin()).send({ id: added.id });
    expect(again.status).toBe(404);
    expectMatchesSpec(again, 'deleteGalleryImage');
  });
});
