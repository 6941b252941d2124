// Every documented answer of upload_media.php, except 401/403 (auth-matrix.ts) and 503
// (outage.ts): a photo for a post's text, stored like the gallery's with its alt text.
import { Types } from 'mongoose';
import { expect } from 'vitest';
import { contractCase, defineCases } from '../support/cases.js';
import type { Fixture } from '../support/fixture.js';
import { image, postForm } from '../support/requests.js';
import { casesOf } from './idempotency.js';

export const uploadPhoto = (fx: Fixture, fields: Record<string, string> = { alt: 'Women at the seed bank' }, files = [image(fx.images.jpeg)]) =>
  postForm(fx, '/api/upload_media.php', fields, files);

export const mediaUploadCases = defineCases('media upload', [
  contractCase({
    name: 'a photo with alt text and a caption: stored with its WebP variants, its size answered',
    operationId: 'uploadMedia',
    status: 201,
    send: (fx) => uploadPhoto(fx, { alt: 'Women at the seed bank', caption: 'Hesal, March' }),
    check: async (res, fx) => {
      const { id, url, width, height, alt, caption } = res.body.data;
      expect({ url, width, height, alt, caption }).toEqual({
        url: `/api/image.php?id=${id}`,
        width: 400,
        height: 300,
        alt: 'Women at the seed bank',
        caption: 'Hesal, March',
      });
      const variant = await fx.request.get(`${url}&w=320`);
      expect(variant.status).toBe(200);
      expect(variant.headers['content-type']).toBe('image/webp');
      const original = await fx.t.db.connection.db!.collection('images.files').findOne({ _id: new Types.ObjectId(id as string) });
      expect(original?.metadata).toMatchObject({
        kind: 'original',
        owner: 'library',
        alt: 'Women at the seed bank',
        caption: 'Hesal, March',
        name: 'photo.jpg',
      });
    },
  }),
  contractCase({
    name: 'the uploaded photo can be shown in a post at once',
    operationId: 'addBlog',
    status: 201,
    arrange: async (fx) => (await uploadPhoto(fx)).body.data as { id: string },
    send: (fx, photo) =>
      postForm(fx, '/api/add_blog.php', {
        title: 'Seeds',
        body: JSON.stringify({ type: 'doc', content: [{ type: 'image', attrs: { id: photo.id, alt: 'Seeds' } }] }),
      }),
    check: (res, _fx, photo) => expect(res.body.data.body.content[0].attrs).toEqual({ id: photo.id, alt: 'Seeds', width: 400, height: 300 }),
  }),
  contractCase({
    name: 'no alt text',
    operationId: 'uploadMedia',
    status: 400,
    send: (fx) => uploadPhoto(fx, {}),
    check: (res) => expect(res.body.message).toBe('Please choose an image and describe it in the alt text'),
  }),
  contractCase({
    name: 'blank alt text',
    operationId: 'uploadMedia',
    status: 400,
    send: (fx) => uploadPhoto(fx, { alt: '   ' }),
    check: (res) => expect(res.body.errors[0].field).toBe('alt'),
  }),
  contractCase({ name: 'no image', operationId: 'uploadMedia', status: 400, send: (fx) => uploadPhoto(fx, { alt: 'Nothing' }, []) }),
  contractCase({ name: 'an unknown field', operationId: 'uploadMedia', status: 400, send: (fx) => uploadPhoto(fx, { alt: 'x', owner: 'someone' }) }),
  contractCase({
    name: 'a file over the upload limit',
    operationId: 'uploadMedia',
    status: 413,
    send: (fx) => uploadPhoto(fx, undefined, [image(fx.images.oversized, 'big.png')]),
  }),
  contractCase({
    name: 'a text file named .jpg',
    operationId: 'uploadMedia',
    status: 415,
    send: (fx) => uploadPhoto(fx, undefined, [image(fx.images.text, 'notes.jpg')]),
  }),
  ...casesOf({ operationId: 'uploadMedia', status: 201, send: (fx, _target, v) => uploadPhoto(fx, { alt: `Once ${v}` }) }),
]);
