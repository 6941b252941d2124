// Every documented answer of the gallery operations, except 401/403 (auth-matrix.ts) and 503 (outage.ts).
import { expect } from 'vitest';
import { contractCase, defineCases, listRevalidated } from '../support/cases.js';
import { imageIdOf, type Fixture } from '../support/fixture.js';
import { multipartBody, rawRequest } from '../support/raw-http.js';
import { hugeJson, image, images, postForm, postJson, type Upload } from '../support/requests.js';

const addGallery = (fx: Fixture, fields: Record<string, string>, files: Upload[]) => postForm(fx, '/api/add_gallery_image.php', fields, files);
const updateGallery = (fx: Fixture, fields: Record<string, string>, files: Upload[] = []) => postForm(fx, '/api/update_gallery_image.php', fields, files);
const camp = { title: 'Health camp', category: 'health', caption: 'Ranchi, March' };

export const galleryCases = defineCases('gallery', [
  contractCase('listPublicGallery', 200, 'a page of one category, with the total', {
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
  contractCase('listPublicGallery', 400, 'page 0', {
    send: (fx) => fx.request.get('/api/get_gallery.php?page=0'),
    check: (res) => expect(res.body.errors?.[0]?.field).toBe('page'),
  }),
  listRevalidated('listPublicGallery', '/api/get_gallery.php', 'the public list again with its ETag: 304', (fx) => fx.sharedGalleryItem()),
  contractCase('listPublicGallery', 200, 'the public list, newest first', {
    arrange: async (fx) => ({ older: await fx.sharedGalleryItem(), newer: await fx.addGalleryItem() }),
    send: (fx) => fx.request.get('/api/get_gallery.php'),
    check: (res, _fx, { older, newer }) => {
      const ids = (res.body as { id: string }[]).map((item) => item.id);
      expect(ids.indexOf(newer.id)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    },
  }),
  contractCase('listGalleryImages', 200, 'the admin list', {
    arrange: (fx) => fx.sharedGalleryItem(),
    send: (fx) => fx.request.get('/api/get_gallery_images.php'),
    check: (res, _fx, item) => {
      expect(res.body.success).toBe(true);
      expect(res.body.data).toContainEqual(item);
    },
  }),
  contractCase('addGalleryImage', 201, 'one file in `image` (the upload modal)', {
    send: (fx) => addGallery(fx, camp, [image(fx.images.jpeg)]),
    check: (res) => {
      expect(res.body.message).toBe('Image added successfully!');
      expect(res.body.data).toEqual([expect.objectContaining(camp)]);
    },
  }),
  contractCase('addGalleryImage', 201, 'three files in `images[]` (the multi-image page): one item each', {
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
  contractCase('addGalleryImage', 201, 'a program id no program has (yet): stored as sent', {
    send: (fx) => addGallery(fx, { ...camp, category: 'clean-air' }, [image(fx.images.jpeg)]),
    check: (res) => expect(res.body.data[0].category).toBe('clean-air'),
  }),
  contractCase('addGalleryImage', 400, 'a category that cannot be a program id', {
    send: (fx) => addGallery(fx, { ...camp, category: 'Clean Air!' }, [image(fx.images.jpeg)]),
    check: (res) => expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'category' })),
  }),
  contractCase('updateGalleryImage', 200, 'a program id no program has (yet): stored as sent', {
    arrange: (fx) => fx.addGalleryItem(),
    send: (fx, item) => updateGallery(fx, { id: item.id, title: 'Moved', category: 'sports' }),
    check: (res) => expect(res.body.data.category).toBe('sports'),
  }),
  contractCase('addGalleryImage', 400, 'no file (the modal)', {
    send: (fx) => addGallery(fx, camp, []),
    check: (res) => expect(res.body.message).toBe('Please fill all required fields and select an image'),
  }),
  ...(
    [
      ['a text field the form does not have (openapi.yaml refuses extra fields)', { ...camp, photographer: 'Asha' }, 'photographer'],
      ['a file under a name the form does not have', camp, 'photo'],
    ] as const
  ).map(([name, fields, extra]) =>
    contractCase('addGalleryImage', 400, name, {
      send: (fx) => addGallery(fx, fields, extra === 'photo' ? [image(fx.images.jpeg), { ...image(fx.images.png), field: 'photo' }] : [image(fx.images.jpeg)]),
      check: (res) => expect(res.body.errors).toContainEqual({ field: extra, message: `${extra} is not an accepted field` }),
    }),
  ),
  contractCase('addGalleryImage', 400, 'files in `images[]` but a blank title (the multi-image page)', {
    send: (fx) => addGallery(fx, { ...camp, title: '   ' }, images([fx.images.jpeg, 'a.jpg'])),
    check: (res) => expect(res.body.message).toBe('Title, category, and at least one image are required'),
  }),
  contractCase('addGalleryImage', 400, 'the multi-image form sent with its file input left empty (an empty, nameless `images[]` part)', {
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
  contractCase('addGalleryImage', 413, 'a batch with one file over the limit saves nothing', {
    send: (fx) => addGallery(fx, camp, images([fx.images.jpeg, 'a.jpg'], [fx.images.oversized, 'big.png'], [fx.images.png, 'c.png'])),
    check: (res) => expect(res.body.message).toContain('big.png'),
  }),
  contractCase('addGalleryImage', 415, 'a batch with one text file named .jpg saves nothing', {
    send: (fx) => addGallery(fx, camp, images([fx.images.jpeg, 'a.jpg'], [fx.images.png, 'b.png'], [fx.images.text, 'notes.jpg'])),
    check: (res) => expect(res.body.message).toContain('notes.jpg'),
  }),
  contractCase('updateGalleryImage', 200, 'new texts, same image', {
    arrange: (fx) => fx.addGalleryItem(),
    send: (fx, item) => updateGallery(fx, { id: item.id, title: 'Renamed', category: 'education', caption: 'New caption' }),
    check: (res, _fx, item) => {
      expect(res.body.message).toBe('Image updated successfully!');
      expect(res.body.data).toMatchObject({ id: item.id, title: 'Renamed', category: 'education', caption: 'New caption', image_url: item.image_url });
    },
  }),
  contractCase('updateGalleryImage', 200, 'a replacement image: the old files are deleted', {
    arrange: (fx) => fx.addGalleryItem(),
    send: (fx, item) => updateGallery(fx, { id: item.id, title: 'Replaced', category: 'health' }, [image(fx.images.gif, 'new.gif')]),
    check: async (res, fx, item) => {
      expect(res.body.data.image_url).not.toBe(item.image_url);
      expect((await fx.request.get(`/api/image.php?id=${imageIdOf(item)}`)).status).toBe(404);
      expect((await fx.request.get(res.body.data.image_url)).headers['content-type']).toBe('image/gif');
    },
  }),
  contractCase('updateGalleryImage', 400, 'no title', {
    arrange: (fx) => fx.sharedGalleryItem(),
    send: (fx, item) => updateGallery(fx, { id: item.id, category: 'health' }),
    check: (res) => expect(res.body.message).toBe('Please fill all required fields'),
  }),
  contractCase('updateGalleryImage', 404, 'an id no item has', {
    send: (fx) => updateGallery(fx, { id: fx.unknownId, ...camp }, [image(fx.images.jpeg)]),
    check: (res) => expect(res.body.message).toBe('Gallery item not found'),
  }),
  contractCase('updateGalleryImage', 413, 'an oversized replacement: the item and its image stay', {
    arrange: (fx) => fx.sharedGalleryItem(),
    send: (fx, item) => updateGallery(fx, { id: item.id, ...camp }, [image(fx.images.oversized, 'big.png')]),
  }),
  contractCase('updateGalleryImage', 415, 'a truncated JPEG as replacement: the item stays', {
    arrange: (fx) => fx.sharedGalleryItem(),
    send: (fx, item) => updateGallery(fx, { id: item.id, ...camp }, [image(fx.images.truncatedJpeg, 'half.jpg')]),
  }),
  contractCase('deleteGalleryImage', 200, 'deletes the item and all its image files', {
    arrange: (fx) => fx.addGalleryItem(),
    send: (fx, item) => postJson(fx, '/api/gallery_delete.php', { id: item.id }),
    check: async (res, fx, item) => {
      expect(res.body).toEqual({ success: true, message: 'Image deleted successfully!' });
      expect(await fx.t.db.models.GalleryItem.findById(item.id).lean()).toBeNull();
      const files = await fx.t.db.connection.db!.collection('images.files').countDocuments({ 'metadata.owner': item.id });
      expect(files).toBe(0);
    },
  }),
  contractCase('deleteGalleryImage', 400, 'no id', {
    send: (fx) => postJson(fx, '/api/gallery_delete.php', {}),
  }),
  contractCase('deleteGalleryImage', 404, 'an id no item has', {
    send: (fx) => postJson(fx, '/api/gallery_delete.php', { id: fx.unknownId }),
  }),
  contractCase('deleteGalleryImage', 413, 'a JSON body over 1 MB', {
    send: (fx) => postJson(fx, '/api/gallery_delete.php', hugeJson()),
  }),
  contractCase('deleteGalleryImage', 415, 'text/plain instead of JSON', {
    arrange: (fx) => fx.sharedGalleryItem(),
    send: (fx, item) => fx.request.post('/api/gallery_delete.php').set('Authorization', fx.admin).set('Content-Type', 'text/plain').send(`id=${item.id}`),
  }),
]);
