// Every documented answer of the gallery operations, except 401/403 (auth-matrix.ts) and 503 (outage.ts).
import { expect } from 'vitest';
import { contractCase, defineCases } from '../support/cases.js';
import { imageIdOf, type Fixture } from '../support/fixture.js';
import { multipartBody, rawRequest } from '../support/raw-http.js';
import { hugeJson, image, images, postForm, postJson, type Upload } from '../support/requests.js';

const addGallery = (fx: Fixture, fields: Record<string, string>, files: Upload[]) => postForm(fx, '/api/add_gallery_image.php', fields, files);
const updateGallery = (fx: Fixture, fields: Record<string, string>, files: Upload[] = []) => postForm(fx, '/api/update_gallery_image.php', fields, files);
const camp = { title: 'Health camp', category: 'health', caption: 'Ranchi, March' };

export const galleryCases = defineCases('gallery', [
  contractCase({
    name: 'a page of one category, with the total',
    operationId: 'listPublicGallery',
    status: 200,
    arrange: async (fx) => {
      await fx.addGalleryItem();
      return fx.request.get('/api/get_gallery.php?category=health');
    },
    send: (fx) => fx.request.get('/api/get_gallery.php?category=health&limit=1&page=1'),
    check: (res, _fx, all) => {
      expect(res.body).toHaveLength(1);
      expect(res.headers['x-total-count']).toBe(String(all.body.length));
      expect(res.body[0].category).toBe('health');
    },
  }),
  contractCase({
    name: 'page 0',
    operationId: 'listPublicGallery',
    status: 400,
    send: (fx) => fx.request.get('/api/get_gallery.php?page=0'),
    check: (res) => expect(res.body.errors?.[0]?.field).toBe('page'),
  }),
  contractCase({
    name: 'the public list again with its ETag: 304',
    operationId: 'listPublicGallery',
    status: 304,
    arrange: async (fx) => {
      await fx.sharedGalleryItem();
      return (await fx.request.get('/api/get_gallery.php')).headers.etag as string;
    },
    send: (fx, etag) => fx.request.get('/api/get_gallery.php').set('If-None-Match', etag),
  }),
  contractCase({
    name: 'the public list, newest first',
    operationId: 'listPublicGallery',
    status: 200,
    arrange: async (fx) => ({ older: await fx.sharedGalleryItem(), newer: await fx.addGalleryItem() }),
    send: (fx) => fx.request.get('/api/get_gallery.php'),
    check: (res, _fx, { older, newer }) => {
      const ids = (res.body as { id: string }[]).map((item) => item.id);
      expect(ids.indexOf(newer.id)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    },
  }),
  contractCase({
    name: 'the admin list',
    operationId: 'listGalleryImages',
    status: 200,
    arrange: (fx) => fx.sharedGalleryItem(),
    send: (fx) => fx.request.get('/api/get_gallery_images.php'),
    check: (res, _fx, item) => {
      expect(res.body.success).toBe(true);
      expect(res.body.data).toContainEqual(item);
    },
  }),
  contractCase({
    name: 'one file in `image` (the upload modal)',
    operationId: 'addGalleryImage',
    status: 201,
    send: (fx) => addGallery(fx, camp, [image(fx.images.jpeg)]),
    check: (res) => {
      expect(res.body.message).toBe('Image added successfully!');
      expect(res.body.data).toEqual([expect.objectContaining(camp)]);
    },
  }),
  contractCase({
    name: 'three files in `images[]` (the multi-image page): one item each',
    operationId: 'addGalleryImage',
    status: 201,
    send: (fx) => addGallery(fx, camp, images([fx.images.jpeg, 'a.jpg'], [fx.images.png, 'b.png'], [fx.images.webp, 'c.webp'])),
    check: async (res, fx) => {
      expect(res.body.message).toBe('Images added successfully!');
      expect(res.body.data).toHaveLength(3);
      const types = [];
      for (const item of res.body.data as { image_url: string }[]) {
        expect(item).toMatchObject(camp);
        types.push((await fx.request.get(item.image_url)).headers['content-type']);
      }
      expect(types).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    },
  }),
  contractCase({
    name: 'no file (the modal)',
    operationId: 'addGalleryImage',
    status: 400,
    send: (fx) => addGallery(fx, camp, []),
    check: (res) => expect(res.body.message).toBe('Please fill all required fields and select an image'),
  }),
  contractCase({
    name: 'files in `images[]` but a blank title (the multi-image page)',
    operationId: 'addGalleryImage',
    status: 400,
    send: (fx) => addGallery(fx, { ...camp, title: '   ' }, images([fx.images.jpeg, 'a.jpg'])),
    check: (res) => expect(res.body.message).toBe('Title, category, and at least one image are required'),
  }),
  contractCase({
    name: 'the multi-image form sent with its file input left empty (an empty, nameless `images[]` part)',
    operationId: 'addGalleryImage',
    status: 400,
    send: (fx) => {
      const boundary = 'empty-file-input';
      const body = multipartBody(boundary, camp, [{ field: 'images[]', filename: '', data: Buffer.alloc(0) }]);
      return rawRequest(fx.t.url, {
        path: '/api/add_gallery_image.php',
        headers: { Authorization: fx.admin, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(body.length) },
        chunks: [body],
      });
    },
    check: (res) => expect(res.body.message).toBe('Title, category, and at least one image are required'),
  }),
  contractCase({
    name: 'a batch with one file over the limit saves nothing',
    operationId: 'addGalleryImage',
    status: 413,
    send: (fx) => addGallery(fx, camp, images([fx.images.jpeg, 'a.jpg'], [fx.images.oversized, 'big.png'], [fx.images.png, 'c.png'])),
    check: (res) => expect(res.body.message).toContain('big.png'),
  }),
  contractCase({
    name: 'a batch with one text file named .jpg saves nothing',
    operationId: 'addGalleryImage',
    status: 415,
    send: (fx) => addGallery(fx, camp, images([fx.images.jpeg, 'a.jpg'], [fx.images.png, 'b.png'], [fx.images.text, 'notes.jpg'])),
    check: (res) => expect(res.body.message).toContain('notes.jpg'),
  }),
  contractCase({
    name: 'new texts, same image',
    operationId: 'updateGalleryImage',
    status: 200,
    arrange: (fx) => fx.addGalleryItem(),
    send: (fx, item) => updateGallery(fx, { id: item.id, title: 'Renamed', category: 'education', caption: 'New caption' }),
    check: (res, _fx, item) => {
      expect(res.body.message).toBe('Image updated successfully!');
      expect(res.body.data).toMatchObject({ id: item.id, title: 'Renamed', category: 'education', caption: 'New caption', image_url: item.image_url });
    },
  }),
  contractCase({
    name: 'a replacement image: the old files are deleted',
    operationId: 'updateGalleryImage',
    status: 200,
    arrange: (fx) => fx.addGalleryItem(),
    send: (fx, item) => updateGallery(fx, { id: item.id, title: 'Replaced', category: 'health' }, [image(fx.images.gif, 'new.gif')]),
    check: async (res, fx, item) => {
      expect(res.body.data.image_url).not.toBe(item.image_url);
      expect((await fx.request.get(`/api/image.php?id=${imageIdOf(item)}`)).status).toBe(404);
      expect((await fx.request.get(res.body.data.image_url)).headers['content-type']).toBe('image/gif');
    },
  }),
  contractCase({
    name: 'no title',
    operationId: 'updateGalleryImage',
    status: 400,
    arrange: (fx) => fx.sharedGalleryItem(),
    send: (fx, item) => updateGallery(fx, { id: item.id, category: 'health' }),
    check: (res) => expect(res.body.message).toBe('Please fill all required fields'),
  }),
  contractCase({
    name: 'an id no item has',
    operationId: 'updateGalleryImage',
    status: 404,
    send: (fx) => updateGallery(fx, { id: fx.unknownId, ...camp }, [image(fx.images.jpeg)]),
    check: (res) => expect(res.body.message).toBe('Gallery item not found'),
  }),
  contractCase({
    name: 'an oversized replacement: the item and its image stay',
    operationId: 'updateGalleryImage',
    status: 413,
    arrange: (fx) => fx.sharedGalleryItem(),
    send: (fx, item) => updateGallery(fx, { id: item.id, ...camp }, [image(fx.images.oversized, 'big.png')]),
  }),
  contractCase({
    name: 'a truncated JPEG as replacement: the item stays',
    operationId: 'updateGalleryImage',
    status: 415,
    arrange: (fx) => fx.sharedGalleryItem(),
    send: (fx, item) => updateGallery(fx, { id: item.id, ...camp }, [image(fx.images.truncatedJpeg, 'half.jpg')]),
  }),
  contractCase({
    name: 'deletes the item and all its image files',
    operationId: 'deleteGalleryImage',
    status: 200,
    arrange: (fx) => fx.addGalleryItem(),
    send: (fx, item) => postJson(fx, '/api/gallery_delete.php', { id: item.id }),
    check: async (res, fx, item) => {
      expect(res.body).toEqual({ success: true, message: 'Image deleted successfully!' });
      expect(await fx.t.db.models.GalleryItem.findById(item.id).lean()).toBeNull();
      const files = await fx.t.db.connection.db!.collection('images.files').countDocuments({ 'metadata.owner': item.id });
      expect(files).toBe(0);
    },
  }),
  contractCase({
    name: 'no id',
    operationId: 'deleteGalleryImage',
    status: 400,
    send: (fx) => postJson(fx, '/api/gallery_delete.php', {}),
  }),
  contractCase({
    name: 'an id no item has',
    operationId: 'deleteGalleryImage',
    status: 404,
    send: (fx) => postJson(fx, '/api/gallery_delete.php', { id: fx.unknownId }),
  }),
  contractCase({
    name: 'a JSON body over 1 MB',
    operationId: 'deleteGalleryImage',
    status: 413,
    send: (fx) => postJson(fx, '/api/gallery_delete.php', hugeJson()),
  }),
  contractCase({
    name: 'text/plain instead of JSON',
    operationId: 'deleteGalleryImage',
    status: 415,
    arrange: (fx) => fx.sharedGalleryItem(),
    send: (fx, item) => fx.request.post('/api/gallery_delete.php').set('Authorization', fx.admin).set('Content-Type', 'text/plain').send(`id=${item.id}`),
  }),
]);
