// Every documented answer of the media library (get_media.php, update_media.php,
// delete_media.php), except 401/403 (auth-matrix.ts), 503 (outage.ts) and operator objects
// (bad-input.ts): the library's page with where each image is used, one alt text for every
// post that shows the photo, and a deletion refused while the image is used unless forced.
import { Types } from 'mongoose';
import type { Response } from 'supertest';
import { expect } from 'vitest';
import { contractCase, defineCases } from '../support/cases.js';
import { imageIdOf, type Fixture } from '../support/fixture.js';
import { hugeJson, image, postForm, postJson } from '../support/requests.js';
import { casesOf } from './idempotency.js';

type Photo = { id: string; alt: string };

const uploadPhoto = async (fx: Fixture, alt: string, name = 'photo.jpg', caption = ''): Promise<Photo> => {
  const res = await postForm(fx, '/api/upload_media.php', { alt, ...(caption ? { caption } : {}) }, [image(fx.images.jpeg, name)]);
  expect(res.status, res.text).toBe(201);
  return res.body.data as Photo;
};
const photoBlock = (photo: Photo) => ({ type: 'image', attrs: { id: photo.id, alt: photo.alt } });
const postShowing = async (fx: Fixture, title: string, photo: Photo, hindi = false) => {
  const body = JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Before.' }] }, photoBlock(photo)] });
  return fx.addBlog({ title, category: 'education', body, ...(hindi ? { title_hi: 'बीज', body_hi: body } : {}) });
};
/** A photo in the text of a post titled `title`. */
const photoInPost = async (fx: Fixture, title: string, alt = `Photo for ${title}`) => {
  const photo = await uploadPhoto(fx, alt, `${title.toLowerCase().replace(/\W+/g, '-')}.jpg`);
  const post = await postShowing(fx, title, photo, true);
  return { photo, post };
};
const listMedia = (fx: Fixture, query: string, authorization = fx.admin) => fx.request.get(`/api/get_media.php${query}`).set('Authorization', authorization);
const updateMedia = (fx: Fixture, body: unknown) => postJson(fx, '/api/update_media.php', body);
const deleteMedia = (fx: Fixture, body: unknown) => postJson(fx, '/api/delete_media.php', body);
const filesOf = (fx: Fixture, id: string) =>
  fx.t.db.connection.db!.collection('images.files').countDocuments({ $or: [{ _id: new Types.ObjectId(id) }, { 'metadata.source': new Types.ObjectId(id) }] });
const contentVersion = async (fx: Fixture) => (await fx.request.get('/api/get_content_version.php')).body.version as number;
const publicPost = async (fx: Fixture, id: string, lang = 'en') => (await fx.request.get(`/api/get_blog.php?id=${id}&lang=${lang}`)).body.data;
const rowOf = (res: Response, id: string) => (res.body.data as { id: string }[]).find((row) => row.id === id);

export const mediaLibraryCases = defineCases('media library', [
  contractCase('listMedia', 200, 'a photo in a post is found by its alt text, with its details and the post it is used in', {
    arrange: (fx) => photoInPost(fx, 'Seed bank opens', 'Shelves of the seed bank'),
    send: (fx) => listMedia(fx, '?q=SHELVES%20of%20the'),
    check: (res, _fx, { photo, post }) => {
      expect(res.headers['x-total-count']).toBe('1');
      expect(res.body.data).toEqual([
        {
          id: photo.id,
          url: `/api/image.php?id=${photo.id}`,
          width: 400,
          height: 300,
          alt: 'Shelves of the seed bank',
          caption: '',
          name: 'seed-bank-opens.jpg',
          bytes: expect.any(Number),
          uploaded_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          used_in: [{ kind: 'text', id: post.id, title: 'Seed bank opens' }],
        },
      ]);
      expect(res.body.data[0].bytes).toBeGreaterThan(100);
    },
  }),
  contractCase('listMedia', 200, 'gallery images and covers are in the library too, newest first, each with where it is used', {
    arrange: async (fx) => {
      const item = await fx.addGalleryItem();
      const post = await fx.addBlog({ title: 'With a cover', category: 'health' }, fx.images.png);
      const unused = await uploadPhoto(fx, 'Not used anywhere');
      return { item, post, unused };
    },
    send: (fx) => listMedia(fx, '?limit=50'),
    check: (res, _fx, { item, post, unused }) => {
      const ids = (res.body.data as { id: string }[]).map((row) => row.id);
      expect(ids.indexOf(unused.id)).toBeLessThan(ids.indexOf(imageIdOf(post)));
      expect(ids.indexOf(imageIdOf(post))).toBeLessThan(ids.indexOf(imageIdOf(item)));
      expect(rowOf(res, imageIdOf(item))).toMatchObject({ alt: '', used_in: [{ kind: 'gallery', id: item.id, title: 'Seed picture' }] });
      expect(rowOf(res, imageIdOf(post))).toMatchObject({ used_in: [{ kind: 'cover', id: post.id, title: 'With a cover' }] });
      expect(rowOf(res, unused.id)).toMatchObject({ alt: 'Not used anywhere', used_in: [] });
    },
  }),
  contractCase('listMedia', 200, 'an editor pages through a search by file name: X-Total-Count and a Link to the next page', {
    arrange: async (fx) => {
      for (const n of [1, 2, 3]) await uploadPhoto(fx, `Harvest ${n}`, `harvest-day-${n}.jpg`);
      return (await fx.editor()).header;
    },
    send: (fx, editor) => listMedia(fx, '?q=harvest-day&limit=2', editor),
    check: (res) => {
      expect(res.body.data.map((row: { name: string }) => row.name)).toEqual(['harvest-day-3.jpg', 'harvest-day-2.jpg']);
      expect(res.headers['x-total-count']).toBe('3');
      const next = new URL(/^<([^>]+)>; rel="next"$/.exec(res.headers.link!)![1]!, 'http://site');
      expect([next.pathname, ...[...next.searchParams].sort()]).toEqual(['/api/get_media.php', ['limit', '2'], ['page', '2'], ['q', 'harvest-day']]);
    },
  }),
  contractCase('listMedia', 200, 'a search that matches nothing', {
    send: (fx) => listMedia(fx, '?q=no%20such%20photo%20anywhere'),
    check: (res) => {
      expect(res.body.data).toEqual([]);
      expect(res.headers['x-total-count']).toBe('0');
    },
  }),
  contractCase('listMedia', 400, 'a page of more than 50', { send: (fx) => listMedia(fx, '?limit=51') }),
  contractCase('listMedia', 400, 'a search sent as an operator object', { send: (fx) => listMedia(fx, '?q[$ne]=x') }),

  contractCase('updateMedia', 200, "a new alt text and caption reach the post's text in English and Hindi, and the public answers at once", {
    arrange: async (fx) => ({ ...(await photoInPost(fx, 'Water day')), version: await contentVersion(fx) }),
    send: (fx, { photo }) => updateMedia(fx, { id: photo.id, alt: 'Children at the new hand pump', caption: 'Hesal, April' }),
    check: async (res, fx, { photo, post, version }) => {
      expect(res.body.message).toBe('Image details saved');
      expect(res.body.data).toMatchObject({ id: photo.id, alt: 'Children at the new hand pump', caption: 'Hesal, April' });
      expect(res.body.data.used_in).toEqual([{ kind: 'text', id: post.id, title: 'Water day' }]);
      const attrs = { id: photo.id, alt: 'Children at the new hand pump', caption: 'Hesal, April', width: 400, height: 300 };
      expect((await publicPost(fx, post.id)).body.content[1].attrs).toEqual(attrs);
      expect((await publicPost(fx, post.id, 'hi')).body.content[1].attrs).toEqual(attrs);
      expect((await publicPost(fx, post.id)).content).toContain('Hesal, April');
      expect(await contentVersion(fx)).toBeGreaterThan(version);
      const rows = (await fx.request.get('/api/get_all_blogs.php?q=Water%20day&limit=5').set('Authorization', fx.admin)).body.data;
      expect(rows[0].body.content[1].attrs.alt).toBe('Children at the new hand pump');
    },
  }),
  contractCase('updateMedia', 200, 'an empty caption takes it off the post; a name alone changes no post', {
    arrange: async (fx) => {
      const photo = await uploadPhoto(fx, 'A well', 'well.jpg', 'Old caption');
      const post = await fx.addBlog({
        title: 'Well',
        body: JSON.stringify({ type: 'doc', content: [{ type: 'image', attrs: { id: photo.id, alt: photo.alt, caption: 'Old caption' } }] }),
      });
      await updateMedia(fx, { id: photo.id, caption: '' });
      return { photo, post, version: await contentVersion(fx) };
    },
    send: (fx, { photo }) => updateMedia(fx, { id: photo.id, name: 'village-well.jpg' }),
    check: async (res, fx, { photo, post, version }) => {
      expect(res.body.data).toMatchObject({ name: 'village-well.jpg', caption: '', alt: 'A well' });
      expect((await publicPost(fx, post.id)).body.content[0].attrs).toEqual({ id: photo.id, alt: 'A well', width: 400, height: 300 });
      expect(await contentVersion(fx)).toBe(version);
    },
  }),
  contractCase('updateMedia', 200, "a gallery image's alt text is kept in the library", {
    arrange: (fx) => fx.addGalleryItem(),
    send: (fx, item) => updateMedia(fx, { id: imageIdOf(item), alt: 'Volunteers planting saplings' }),
    check: (res, _fx, item) => expect(res.body.data).toMatchObject({ alt: 'Volunteers planting saplings', used_in: [{ kind: 'gallery', id: item.id }] }),
  }),
  contractCase('updateMedia', 400, 'a blank alt text', {
    arrange: (fx) => uploadPhoto(fx, 'Kept'),
    send: (fx, photo) => updateMedia(fx, { id: photo.id, alt: '   ' }),
    check: (res) => expect(res.body.errors[0].field).toBe('alt'),
  }),
  contractCase('updateMedia', 400, 'an unknown field', { send: (fx) => updateMedia(fx, { id: fx.unknownId, owner: 'someone' }) }),
  contractCase('updateMedia', 400, 'an id that is not one', { send: (fx) => updateMedia(fx, { id: 'not-an-id', alt: 'x' }) }),
  contractCase('updateMedia', 404, 'an id no image has', {
    send: (fx) => updateMedia(fx, { id: fx.unknownId, alt: 'x' }),
    check: (res) => expect(res.body.message).toBe('Image not found'),
  }),
  contractCase('updateMedia', 404, "a variant's id: only originals are the library's images", {
    arrange: async (fx) => {
      const photo = await uploadPhoto(fx, 'Has variants');
      const variant = await fx.t.db.connection.db!.collection('images.files').findOne({ 'metadata.source': new Types.ObjectId(photo.id) });
      return variant!._id.toHexString();
    },
    send: (fx, variantId) => updateMedia(fx, { id: variantId, alt: 'x' }),
  }),
  contractCase('updateMedia', 413, 'a JSON body over 1 MB', { send: (fx) => postJson(fx, '/api/update_media.php', hugeJson()) }),
  contractCase('updateMedia', 415, 'text/plain instead of JSON', {
    send: (fx) => fx.request.post('/api/update_media.php').set('Authorization', fx.admin).set('Content-Type', 'text/plain').send(`id=${fx.unknownId}`),
  }),
  ...casesOf({
    operationId: 'updateMedia',
    status: 200,
    target: async (fx) => (await uploadPhoto(fx, 'Once')).id,
    send: (fx, id, v) => updateMedia(fx, { id, alt: `Described ${v}` }),
  }),

  contractCase('deleteMedia', 409, 'a photo used in a post: refused with a sentence naming the post, nothing deleted', {
    arrange: (fx) => photoInPost(fx, 'Clinic camp'),
    send: (fx, { photo }) => deleteMedia(fx, { id: photo.id }),
    check: async (res, fx, { photo }) => {
      expect(res.body.message).toBe('This image is used in the text of the post “Clinic camp”. Delete it anyway to remove it from there too.');
      expect(await filesOf(fx, photo.id)).toBeGreaterThan(1);
    },
  }),
  contractCase('deleteMedia', 409, 'a gallery image and a cover: the sentence names both', {
    arrange: async (fx) => {
      const post = await fx.addBlog({ title: 'Cover story', category: 'health' }, fx.images.jpeg);
      return imageIdOf(post);
    },
    send: (fx, id) => deleteMedia(fx, { id, force: false }),
    check: (res) => expect(res.body.message).toMatch(/the cover of the post “Cover story”/),
  }),
  contractCase('deleteMedia', 200, 'forced: the photo and its variants go, the post still shows its text without it, in both languages', {
    arrange: async (fx) => ({ ...(await photoInPost(fx, 'Tree planting')), version: await contentVersion(fx) }),
    send: (fx, { photo }) => deleteMedia(fx, { id: photo.id, force: true }),
    check: async (res, fx, { photo, post, version }) => {
      expect(res.body).toEqual({ success: true, message: 'Image deleted' });
      expect(await filesOf(fx, photo.id)).toBe(0);
      for (const lang of ['en', 'hi']) {
        const shown = await publicPost(fx, post.id, lang);
        expect(shown.body.content).toEqual([{ type: 'paragraph', content: [{ type: 'text', text: 'Before.' }] }]);
      }
      expect(await contentVersion(fx)).toBeGreaterThan(version);
      // The post can be saved again as its editor has it: no photo is missing from the store.
      const saved = await postForm(fx, '/api/update_blog.php', { id: post.id, body: JSON.stringify((await publicPost(fx, post.id)).body) });
      expect(saved.status).toBe(200);
      expect((await fx.request.get(`/api/image.php?id=${photo.id}`)).status).toBe(404);
    },
  }),
  contractCase('deleteMedia', 200, 'forced: a gallery item keeps going without its image, and a video that showed it as its poster keeps a plain one', {
    arrange: async (fx) => {
      const item = await fx.addGalleryItem();
      const id = imageIdOf(item);
      const video = { type: 'video', attrs: { provider: 'youtube', id: 'dQw4w9WgXcQ', title: 'The camp', poster: id } };
      const withVideo = await fx.addBlog({ title: 'Video post', body: JSON.stringify({ type: 'doc', content: [video] }) });
      return { id, item, withVideo };
    },
    send: (fx, { id }) => deleteMedia(fx, { id, force: true }),
    check: async (_res, fx, { id, item, withVideo }) => {
      expect(await filesOf(fx, id)).toBe(0);
      const gallery = (await fx.request.get('/api/get_gallery.php')).body as { id: string; image_url: string | null }[];
      expect(gallery.find((row) => row.id === item.id)?.image_url).toBeNull();
      expect((await publicPost(fx, withVideo.id)).body.content[0].attrs).toEqual({ provider: 'youtube', id: 'dQw4w9WgXcQ', title: 'The camp' });
    },
  }),
  contractCase('deleteMedia', 200, "forced: a post's cover goes, the post stays, in its admin list too", {
    arrange: (fx) => fx.addBlog({ title: 'Cover gone', category: 'health' }, fx.images.jpeg),
    send: (fx, post) => deleteMedia(fx, { id: imageIdOf(post), force: true }),
    check: async (_res, fx, post) => {
      expect(await filesOf(fx, imageIdOf(post))).toBe(0);
      expect((await publicPost(fx, post.id)).image_url).toBeNull();
      const rows = (await fx.request.get('/api/get_all_blogs.php?q=Cover%20gone&limit=5').set('Authorization', fx.admin)).body.data;
      expect(rows[0].image_url).toBeNull();
    },
  }),
  contractCase('deleteMedia', 200, 'an image used nowhere needs no confirmation', {
    arrange: (fx) => uploadPhoto(fx, 'Spare'),
    send: (fx, photo) => deleteMedia(fx, { id: photo.id }),
    check: async (_res, fx, photo) => expect(await filesOf(fx, photo.id)).toBe(0),
  }),
  contractCase('deleteMedia', 400, 'no id', { send: (fx) => deleteMedia(fx, {}) }),
  contractCase('deleteMedia', 400, 'force as a string', { send: (fx) => deleteMedia(fx, { id: fx.unknownId, force: 'yes' }) }),
  contractCase('deleteMedia', 404, 'an id no image has', { send: (fx) => deleteMedia(fx, { id: fx.unknownId, force: true }) }),
  contractCase('deleteMedia', 413, 'a JSON body over 1 MB', { send: (fx) => postJson(fx, '/api/delete_media.php', hugeJson()) }),
  contractCase('deleteMedia', 415, 'text/plain instead of JSON', {
    send: (fx) => fx.request.post('/api/delete_media.php').set('Authorization', fx.admin).set('Content-Type', 'text/plain').send(`id=${fx.unknownId}`),
  }),
  ...casesOf({
    operationId: 'deleteMedia',
    status: 200,
    target: async (fx) => (await uploadPhoto(fx, 'Once')).id,
    send: (fx, id, v) => deleteMedia(fx, { id: v ? fx.unknownId : id }),
  }),
]);
