// One app on its own database per test file, the images the cases upload, and helpers that
// create items through the API itself (so the success paths are exercised on the way).
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestApp, type StartTestAppOptions, type TestApp } from '../../app.js';
import { campFields } from '../../events.js';
import { makeImage } from '../../images.js';

/** The upload limit the contract apps run with, small so an oversized file is cheap to make. */
export const uploadLimitBytes = 64 * 1024;

export interface ImageFixtures {
  jpeg: Buffer;
  png: Buffer;
  webp: Buffer;
  gif: Buffer;
  avif: Buffer;
  /** A JPEG with EXIF GPS coordinates and a camera make. */
  jpegWithGps: Buffer;
  /** A valid JPEG over uploadLimitBytes. */
  oversized: Buffer;
  /** Plain text; the cases name it `.jpg`. */
  text: Buffer;
  /** The first half of a JPEG: the right magic bytes, then nothing. */
  truncatedJpeg: Buffer;
  empty: Buffer;
  /** A tiny PNG whose header claims 100 000 × 100 000 pixels (a decompression bomb). */
  pixelBomb: Buffer;
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])) >>> 0);
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, checksum]);
}

function makePixelBomb() {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1000))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

async function makeImageFixtures(): Promise<ImageFixtures> {
  const jpeg = await makeImage({ width: 400, height: 300 });
  const oversized = await makeImage({ width: 400, height: 400, noise: true, format: 'png' });
  expect(oversized.length, 'the oversized fixture must exceed the upload limit').toBeGreaterThan(uploadLimitBytes);
  expect(jpeg.length, 'the ordinary fixture must fit the upload limit').toBeLessThan(uploadLimitBytes);
  return {
    jpeg,
    png: await makeImage({ format: 'png' }),
    webp: await makeImage({ format: 'webp' }),
    gif: await makeImage({ format: 'gif' }),
    avif: await makeImage({ format: 'avif' }),
    jpegWithGps: await makeImage({ withGps: true }),
    oversized,
    text: Buffer.from('These are holiday notes, not a photograph.\n'),
    truncatedJpeg: jpeg.subarray(0, Math.floor(jpeg.length / 2)),
    empty: Buffer.alloc(0),
    pixelBomb: makePixelBomb(),
  };
}

export interface BlogView {
  id: string;
  title: string;
  image_url: string | null;
  [field: string]: unknown;
}
export type GalleryView = BlogView;

export class Fixture {
  private shared = new Map<string, Promise<unknown>>();
  constructor(
    readonly t: TestApp,
    readonly images: ImageFixtures,
  ) {}

  get request() {
    return this.t.request;
  }

  /** `Authorization` header value of a valid admin token. */
  get admin() {
    return `Bearer ${this.t.adminToken()}`;
  }

  /** An editor account (created once per file) and the `Authorization` header of a valid token of it. */
  async editor(): Promise<{ id: string; email: string; password: string; header: string }> {
    const account = await this.once('editor', () => this.addAccount('editor', 'editor@example.test'));
    return { ...account, header: `Bearer ${this.t.makeToken({ role: 'editor', sub: account.id })}` };
  }

  /** A new account of this role, straight in the database (its first token version is 0). */
  async addAccount(role: 'admin' | 'editor', email: string, password = 'a long first password') {
    const { hash } = await import('@node-rs/argon2');
    const created = await this.t.db.models.AdminUser.create({ name: `Test ${role}`, email, role, passwordHash: await hash(password) });
    return { id: created._id.toHexString(), email, password };
  }

  /** A well-formed id no item has. */
  readonly unknownId = '65f1c0ffee0000000000abcd';

  async addBlog(fields: Record<string, string> = { title: 'Seed post', category: 'education' }, image?: Buffer): Promise<BlogView> {
    const req = this.request.post('/api/add_blog.php').set('Authorization', this.admin);
    for (const [name, value] of Object.entries(fields)) req.field(name, value);
    if (image) req.attach('image', image, 'seed.jpg');
    const res = await req;
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as BlogView;
  }

  async addGalleryItem(image: Buffer = this.images.jpeg): Promise<GalleryView> {
    const res = await this.request
      .post('/api/add_gallery_image.php')
      .set('Authorization', this.admin)
      .field('title', 'Seed picture')
      .field('category', 'health')
      .attach('image', image, 'seed.jpg');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body.data as GalleryView[])[0]!;
  }

  /** Items that cases read or aim at but never delete, created once per file. */
  sharedBlog(): Promise<BlogView> {
    return this.once('blog', () => this.addBlog({ title: 'Shared post', category: 'health' }, this.images.jpeg));
  }
  sharedGalleryItem(): Promise<GalleryView> {
    return this.once('gallery', () => this.addGalleryItem());
  }
  /** An event with one sign-up, for the cases that aim at them. */
  sharedRsvp(): Promise<{ eventId: string; rsvpId: string }> {
    return this.once('rsvp', async () => {
      const event = await this.request
        .post('/api/add_event.php')
        .set('Authorization', this.admin)
        .send(campFields({ title: 'Shared camp' }));
      expect(event.status, event.text).toBe(201);
      const rsvp = await this.request
        .post('/api/rsvp_save.php')
        .send({ event_id: event.body.data.id, name: 'Shared', email: 'shared@example.org', website: '', elapsed_ms: 5000 });
      expect(rsvp.status, rsvp.text).toBe(201);
      return { eventId: event.body.data.id as string, rsvpId: rsvp.body.data.id as string };
    });
  }
  /** The id in an item's image_url. */
  async sharedImageId(): Promise<string> {
    return imageIdOf(await this.sharedGalleryItem());
  }

  /** A volunteer with two hours recorded and a certificate of them, created once per file. */
  sharedVolunteer(): Promise<{ id: string }> {
    return this.once('volunteer', async () => {
      const created = await this.t.db.models.Volunteer.create({
        name: 'Shared Volunteer',
        email: 'shared-volunteer@example.test',
        mobile: '9876543210',
        address: 'Ranchi',
        start_date: null,
      });
      return { id: created._id.toHexString() };
    });
  }
  sharedHours(): Promise<{ id: string }> {
    return this.once('hours', async () => {
      const volunteer = await this.sharedVolunteer();
      const res = await this.request
        .post('/api/add_volunteer_hours.php')
        .set('Authorization', this.admin)
        .send({ volunteer_id: volunteer.id, hours: 2, date: '2026-04-12' });
      expect(res.status, res.text).toBe(201);
      return { id: res.body.data.id as string };
    });
  }
  /** The code of a certificate of the shared volunteer's hours. */
  sharedCertificate(): Promise<string> {
    return this.once('certificate', async () => {
      const volunteer = await this.sharedVolunteer();
      await this.sharedHours();
      const res = await this.request.get(`/api/get_certificate.php?volunteer_id=${volunteer.id}`).set('Authorization', this.admin);
      expect(res.status, res.text).toBe(200);
      return res.headers['x-certificate-code'] as string;
    });
  }

  private once<T>(key: string, create: () => Promise<T>): Promise<T> {
    if (!this.shared.has(key)) this.shared.set(key, create());
    return this.shared.get(key) as Promise<T>;
  }
}

export const imageIdOf = (item: { image_url: string | null }) => {
  const match = /id=([0-9a-f]{24})/.exec(item.image_url ?? '');
  if (!match) throw new Error(`no image in ${JSON.stringify(item)}`);
  return match[1]!;
};

export interface ContractApp {
  /** The running fixture (inside tests and hooks). */
  readonly fx: Fixture;
}

/** Starts one app for the calling test file, stopped after its tests. */
export function useContractApp(options: StartTestAppOptions = {}): ContractApp {
  let fixture: Fixture | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await startTestApp({ ...options, env: { UPLOAD_MAX_BYTES: String(uploadLimitBytes), ...options.env } });
    fixture = new Fixture(t, await makeImageFixtures());
  });
  afterAll(() => t?.stop());
  return {
    get fx() {
      if (!fixture) throw new Error('the contract app is not running (used outside a test?)');
      return fixture;
    },
  };
}
