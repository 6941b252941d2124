// Every documented answer of GET /api/image.php except 503 (outage.ts): originals per format,
// metadata stripped, variants, ETag/304, Range/206/416.
import sharp from 'sharp';
import type { Response } from 'supertest';
import { expect } from 'vitest';
import { contractCase, defineCases, type ContractCase } from '../support/cases.js';
import { imageIdOf, type Fixture, type ImageFixtures } from '../support/fixture.js';

const getImage = (fx: Fixture, query: string, headers: Record<string, string> = {}) => {
  const req = fx.request.get(`/api/image.php?${query}`);
  for (const [name, value] of Object.entries(headers)) req.set(name, value);
  return req;
};
const expectCacheable = (res: Response) => {
  expect(res.headers.etag).toMatch(/^"[^"]+"$/);
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
};
const uploaded = async (fx: Fixture, format: keyof ImageFixtures) => imageIdOf(await fx.addGalleryItem(fx.images[format]));

const servedFormats: [keyof ImageFixtures, string, string][] = [
  ['jpeg', 'image/jpeg', 'jpeg'],
  ['png', 'image/png', 'png'],
  ['webp', 'image/webp', 'webp'],
  ['gif', 'image/gif', 'gif'],
  ['avif', 'image/avif', 'heif'],
];

const formatCases: ContractCase[] = servedFormats.map(([fixture, contentType, sharpFormat]) =>
  contractCase('getImage', 200, `a stored ${fixture} comes back as ${contentType}, cacheable, with byte ranges`, {
    arrange: (fx) => uploaded(fx, fixture),
    send: (fx, id) => getImage(fx, `id=${id}`),
    check: async (res) => {
      expect(res.headers['content-type']).toBe(contentType);
      expect(res.headers['accept-ranges']).toBe('bytes');
      expectCacheable(res);
      expect((await sharp(res.body as Buffer).metadata()).format).toBe(sharpFormat);
    },
  }),
);

export const imageCases = defineCases('images', [
  ...formatCases,
  contractCase('getImage', 200, 'a phone photo with EXIF GPS is served without any EXIF', {
    arrange: async (fx) => {
      expect((await sharp(fx.images.jpegWithGps).metadata()).exif, 'the fixture carries EXIF').toBeDefined();
      return uploaded(fx, 'jpegWithGps');
    },
    send: (fx, id) => getImage(fx, `id=${id}`),
    check: async (res) => {
      const metadata = await sharp(res.body as Buffer).metadata();
      expect(metadata.exif).toBeUndefined();
      expect((res.body as Buffer).includes(Buffer.from('TestCam'))).toBe(false);
    },
  }),
  ...[320, 640].map((width) =>
    contractCase('getImage', 200, `the w=${width} variant is a WebP no wider than ${width} (never upscaled)`, {
      arrange: (fx) => fx.sharedImageId(),
      send: (fx, id) => getImage(fx, `id=${id}&w=${width}`),
      check: async (res) => {
        expect(res.headers['content-type']).toBe('image/webp');
        expectCacheable(res);
        const metadata = await sharp(res.body as Buffer).metadata();
        expect(metadata.format).toBe('webp');
        expect(metadata.width).toBe(Math.min(width, 400));
      },
    }),
  ),
  contractCase('getImage', 304, 'If-None-Match with the ETag', {
    arrange: async (fx) => {
      const id = await fx.sharedImageId();
      return { id, etag: (await getImage(fx, `id=${id}`)).headers.etag as string };
    },
    send: (fx, { id, etag }) => getImage(fx, `id=${id}`, { 'If-None-Match': etag }),
    check: (res, _fx, { etag }) => {
      expect(res.headers.etag).toBe(etag);
      expect(res.text ?? '').toBe('');
    },
  }),
  contractCase('getImage', 200, 'If-None-Match with another ETag gets the whole image', {
    arrange: (fx) => fx.sharedImageId(),
    send: (fx, id) => getImage(fx, `id=${id}`, { 'If-None-Match': '"something-else"' }),
    check: (res) => expect((res.body as Buffer).length).toBeGreaterThan(0),
  }),
  contractCase('getImage', 206, 'Range: the first 100 bytes', {
    arrange: async (fx) => {
      const id = await fx.sharedImageId();
      return { id, whole: (await getImage(fx, `id=${id}`)).body as Buffer };
    },
    send: (fx, { id }) => getImage(fx, `id=${id}`, { Range: 'bytes=0-99' }),
    check: (res, _fx, { whole }) => {
      expect(res.headers['content-range']).toBe(`bytes 0-99/${whole.length}`);
      expect(res.body as Buffer).toEqual(whole.subarray(0, 100));
    },
  }),
  contractCase('getImage', 206, 'Range: the last 10 bytes of a variant', {
    arrange: async (fx) => {
      const id = await fx.sharedImageId();
      return { id, whole: (await getImage(fx, `id=${id}&w=320`)).body as Buffer };
    },
    send: (fx, { id }) => getImage(fx, `id=${id}&w=320`, { Range: 'bytes=-10' }),
    check: (res, _fx, { whole }) => {
      expect(res.headers['content-range']).toBe(`bytes ${whole.length - 10}-${whole.length - 1}/${whole.length}`);
      expect(res.body as Buffer).toEqual(whole.subarray(whole.length - 10));
    },
  }),
  contractCase('getImage', 416, 'Range beyond the end', {
    arrange: (fx) => fx.sharedImageId(),
    send: (fx, id) => getImage(fx, `id=${id}`, { Range: 'bytes=99999999-' }),
    check: (res) => expect(res.headers['content-range']).toMatch(/^bytes \*\/\d+$/),
  }),
  contractCase('getImage', 400, 'a width the pages never ask for', {
    arrange: (fx) => fx.sharedImageId(),
    send: (fx, id) => getImage(fx, `id=${id}&w=100`),
    check: (res) => expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'w' })),
  }),
  contractCase('getImage', 400, 'an id that is not an id', {
    send: (fx) => getImage(fx, 'id=../../etc/passwd'),
  }),
  contractCase('getImage', 404, 'an id no image has', {
    send: (fx) => getImage(fx, `id=${fx.unknownId}`),
    check: (res) => expect(res.body.message).toBe('Image not found'),
  }),
  contractCase('getImage', 404, 'the id of a variant is not an image id', {
    arrange: async (fx) => {
      const id = await fx.sharedImageId();
      const variant = await fx.t.db.connection.db!.collection('images.files').findOne({ 'metadata.kind': 'variant' });
      expect(variant).not.toBeNull();
      return { id, variantId: String(variant!._id) };
    },
    send: (fx, { variantId }) => getImage(fx, `id=${variantId}`),
  }),
]);
