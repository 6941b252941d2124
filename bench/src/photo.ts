// A photo-like test image made on the spot: smooth colour regions (sky, ground), mid-scale
// texture (leaves, cloth) and fine sensor grain, so JPEG and WebP have about as much to do as
// with a phone camera's photo. A fixed seed keeps the bytes the same from run to run.
import sharp from 'sharp';
import { seededRandom } from './random.js';

async function randomField(random: () => number, width: number, height: number, channels: 1 | 3, outWidth: number, outHeight: number) {
  const pixels = Buffer.alloc(width * height * channels);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.floor(random() * 256);
  if (width === outWidth && height === outHeight) return pixels;
  return sharp(pixels, { raw: { width, height, channels } }).resize(outWidth, outHeight, { kernel: 'cubic' }).raw().toBuffer();
}

export async function makePhotoJpeg({ width = 4000, height = 3000, seed = 20240101, quality = 90 } = {}): Promise<Buffer> {
  const random = seededRandom(seed);
  const scene = await randomField(random, 8, 6, 3, width, height);
  const shapes = await randomField(random, 64, 48, 3, width, height);
  // Texture and grain are brightness only, as in real photos (colour noise is what cameras remove).
  const texture = await randomField(random, Math.round(width / 5), Math.round(height / 5), 1, width, height);
  const grain = await randomField(random, width, height, 1, width, height);
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    // Light falls from the top of the frame, as outdoors.
    const light = 1.15 - (0.45 * y) / height;
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const detail = (texture[p]! - 128) * 0.35 + (grain[p]! - 128) * 0.05;
      for (let c = 0; c < 3; c++) {
        const i = p * 3 + c;
        const value = (scene[i]! * 0.6 + shapes[i]! * 0.3) * light + detail;
        pixels[i] = value < 0 ? 0 : value > 255 ? 255 : value;
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}
