// Small test images made on the spot with sharp (no binary fixtures in the repository).
import sharp from 'sharp';

export type TestImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

export interface TestImageOptions {
  width?: number;
  height?: number;
  format?: TestImageFormat;
  /** Adds EXIF with GPS coordinates and a camera make, as phones do. */
  withGps?: boolean;
  /** EXIF orientation tag (6 = the camera was turned 90° clockwise). */
  orientation?: number;
  /** Random pixels, so the file does not compress to almost nothing. */
  noise?: boolean;
}

export async function makeImage({
  width = 64,
  height = 48,
  format = 'jpeg',
  withGps = false,
  orientation,
  noise = false,
}: TestImageOptions = {}): Promise<Buffer> {
  const image = noise
    ? sharp(Buffer.from(Array.from({ length: width * height * 3 }, () => Math.floor(Math.random() * 256))), {
        raw: { width, height, channels: 3 },
      })
    : sharp({ create: { width, height, channels: 3, background: { r: 40, g: 140, b: 90 } } });
  if (withGps) {
    image.withExif({
      IFD0: { Make: 'TestCam', Model: 'Phone 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 20/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '85/1 19/1 0/1' },
    });
  }
  if (orientation) image.withMetadata({ orientation });
  return image.toFormat(format).toBuffer();
}
