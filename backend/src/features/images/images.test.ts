import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesSpec, startTestApp, type TestApp } from '../../../test/app.js';
import { makeImage } from '../../../test/images.js';
import { detectImageFormat, storedImageMaxEdge } from './processing.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { UPLOAD_MAX_BYTES: String(200 * 1024) } });
});
afterAll(() => t?.stop());

const binary = (res: { body: unknown }) => res.body as Buffer;
const getBinary = (path: string) =>
  t.request
    .get(path)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

async function upload(file: Buffer, filename = 'photo.jpg') {
  return t.request
    .post('/api/add_gallery_image.php')
    .set('Authorization', `Bearer ${t.adminToken()}`)
    .field('title', 'Tree planting')
    .field('category', 'reforestation')
    .attach('image', file, filename);
}

async function uploadedImageUrl(file: Buffer, filename?: string): Promise<string> {
  const res = await upload(file, filename);
  expect(res.status).toBe(201);
  return res.body.data[0].image_url as string;
}

describe('uploaded images', () => {
  it('are stored without EXIF or GPS data', async () => {
    const withGps = await makeImage({ withGps: true });
    expect((await sharp(withGps).metadata()).exif).toBeDefined();

    const url = await uploadedImageUrl(withGps);
    const stored = binary(await getBinary(url));
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from('TestCam'))).toBe(false);
  });

  it('are turned the right way up by their EXIF orientation', async () => {
    const sideways = await makeImage({ width: 80, height: 40, orientation: 6 });
    const url = await uploadedImageUrl(sideways);
    const metadata = await sharp(binary(await getBinary(url))).metadata();
    expect([metadata.width, metadata.height]).toEqual([40, 80]);
    expect(metadata.orientation).toBeUndefined();
  });

  it('are kept within the stored size limit on their longer side', async () => {
    const wide = await sharp({ create: { width: storedImageMaxEdge + 400, height: 300, channels: 3, background: '#4a7' } })
      .jpeg()
      .toBuffer();
    const url = await uploadedImageUrl(wide);
    const metadata = await sharp(binary(await getBinary(url))).metadata();
    expect(metadata.width).toBe(storedImageMaxEdge);
    expect(metadata.height).toBe(Math.round((300 * storedImageMaxEdge) / (storedImageMaxEdge + 400)));
  });

  it('are recognised by their bytes: a text file named .jpg is refused with 415', async () => {
    const res = await upload(Buffer.from('this is not a picture at all'), 'holiday.jpg');
    expect(res.status).toBe(415);
    expect(res.body.message).toContain('Please choose an image file (JPEG, PNG, WebP, GIF or AVIF)');
    expectMatchesSpec(res, 'addGalleryImage');
  });

  it('refuse a file over the size limit with 413', async () => {
    const big = await makeImage({ width: 600, height: 600, format: 'png', noise: true });
    expect(big.length).toBeGreaterThan(200 * 1024);
    const res = await upload(big, 'big.png');
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/too large/);
    expectMatchesSpec(res, 'addGalleryImage');
  });

  it.each(['png', 'webp', 'gif', 'avif'] as const)('accept %s files and keep their type', async (format) => {
    const url = await uploadedImageUrl(await makeImage({ format }), `picture.${format}`);
    const res = await getBinary(url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(`image/${format}`);
    expect(detectImageFormat(binary(res))).toBe(format);
  });
});

describe('serving images', () => {
  let url: string;
  beforeAll(async () => {
    url = await uploadedImageUrl(await makeImage({ width: 1000, height: 500 }));
  });

  it('serves WebP variants at the page widths, never wider than the original', async () => {
    for (const [w, expected] of [
      [320, 320],
      [640, 640],
      [960, 960],
      [1280, 1000],
    ] as const) {
      const res = await getBinary(`${url}&w=${w}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const metadata = await sharp(binary(res)).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.width).toBe(expected);
    }
  });

  it('refuses widths the pages do not use', async () => {
    const res = await t.request.get(`${url}&w=500`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('w');
    expectMatchesSpec(res, 'getImage');
  });

  it('answers with an ETag and a year-long immutable cache, and 304 when the ETag matches', async () => {
    const first = await getBinary(url);
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.headers['accept-ranges']).toBe('bytes');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);

    const again = await t.request.get(url).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(etag);
    expectMatchesSpec(again, 'getImage');
  });

  it('answers a byte range with 206 and an impossible one with 416', async () => {
    const whole = binary(await getBinary(url));
    const part = await getBinary(url).set('Range', 'bytes=10-99');
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-99/${whole.length}`);
    expect(binary(part).equals(whole.subarray(10, 100))).toBe(true);

    const tail = await getBinary(url).set('Range', 'bytes=-20');
    expect(tail.status).toBe(206);
    expect(binary(tail).equals(whole.subarray(whole.length - 20))).toBe(true);

    const outside = await t.request.get(url).set('Range', `bytes=${whole.length + 10}-`);
    expect(outside.status).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${whole.length}`);
    expectMatchesSpec(outside, 'getImage');
  });

  it('answers HEAD with the headers only', async () => {
    const res = await t.request.head(url);
    expect(res.status).toBe(200);
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
    expect(res.headers.etag).toBeDefined();
  });

  it('answers 404 for an unknown image and 400 for a malformed id', async () => {
    const unknown = await t.request.get('/api/image.php?id=65f1c0ffee0000000000abcd');
    expect(unknown.status).toBe(404);
    expectMatchesSpec(unknown, 'getImage');
    const malformed = await t.request.get('/api/image.php?id=../../etc/passwd');
    expect(malformed.status).toBe(400);
    expectMatchesSpec(malformed, 'getImage');
  });
});

describe('saving an item with a new image', () => {
  it('removes the files it wrote when the item cannot be saved', async () => {
    const { replaceItemImage } = await import('./attach.js');
    const { ImageStore } = await import('./store.js');
    const { Types } = await import('mongoose');
    const pino = (await import('pino')).default;
    const { writeFile, mkdtemp } = await import('node:fs/promises');
    const path = await import('node:path');
    const os = await import('node:os');

    const files = t.db.connection.db!.collection('images.files');
    const before = await files.countDocuments();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ngo-upload-'));
    const filepath = path.join(dir, 'a.jpg');
    const bytes = await makeImage({ width: 700, height: 400 });
    await writeFile(filepath, bytes);
    const services = { config: t.config, images: new ImageStore(t.db.connection, pino({ level: 'silent' })) };

    await expect(
      replaceItemImage(services as never, new Types.ObjectId(), { filepath, originalFilename: 'a.jpg', size: bytes.length }, null, async () => {
        expect(await files.countDocuments()).toBeGreaterThan(before);
        throw new Error('the item could not be saved');
      }),
    ).rejects.toThrow('the item could not be saved');
    expect(await files.countDocuments()).toBe(before);
  });
});
