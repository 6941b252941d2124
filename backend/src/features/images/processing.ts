import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { RequestParams } from '../../contract.js';
import { HttpError } from '../../http/errors.js';
import type { UploadedFile } from '../../http/handlers.js';
import { contractDocument } from '../../http/openapi.js';
import { imageMessages } from './messages.js';

type ImageWidth = NonNullable<RequestParams<'getImage'>['w']>;
/** The widths the pages ask for (`image_url&w=`): the enum of getImage's `w` in openapi.yaml. */
export const imageVariantWidths = variantWidthsOf(contractDocument());

function variantWidthsOf(document: Record<string, unknown>): ImageWidth[] {
  const paths = document.paths as Record<string, { get?: { parameters?: { name?: string; schema?: { enum?: number[] } }[] } }>;
  const widths = paths['/api/image.php']?.get?.parameters?.find((parameter) => parameter.name === 'w')?.schema?.enum;
  if (!widths?.length) throw new Error('openapi.yaml: getImage has no enum of widths for `w`');
  return widths as ImageWidth[];
}

// A 2-core box serves requests while it resizes: one libvips thread per image and one image
// at a time per process keep the event loop and the other core free.
sharp.concurrency(1);
sharp.cache({ memory: 64, files: 0, items: 20 });
const maxInputPixels = 50_000_000;
// The pages never show more than 1280 px, and a phone photo is 4000 px or more: keeping the
// stored copy within 2560 px leaves room for cropping while storing a quarter of the bytes.
export const storedImageMaxEdge = 2560;

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';
const contentTypes: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** The image type named by the file's first bytes, whatever its name or declared type says. */
export function detectImageFormat(bytes: Buffer): ImageFormat | undefined {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1');
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(4, 8) === 'ftyp') {
    const boxSize = bytes.readUInt32BE(0);
    const brands = [ascii(8, 12)];
    for (let offset = 16; offset + 4 <= Math.min(boxSize, bytes.length, 64); offset += 4) brands.push(ascii(offset, offset + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  }
  return undefined;
}

export interface EncodedImage {
  data: Buffer;
  contentType: string;
  width: number;
  height: number;
}

export interface ProcessedImage {
  original: EncodedImage;
  /** One WebP per distinct width; `widths` lists the requested widths it serves (never upscaled). */
  variants: (EncodedImage & { widths: number[] })[];
}

function createQueue(concurrency: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
const imageQueue = createQueue(1);

function encodeOriginal(image: sharp.Sharp, format: ImageFormat): sharp.Sharp {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 90, mozjpeg: false });
    case 'png':
      return image.png({ compressionLevel: 6 });
    case 'webp':
      return image.webp({ quality: 90 });
    case 'gif':
      return image.gif();
    case 'avif':
      return image.avif({ quality: 60, effort: 2 });
  }
}

/**
 * Checks the bytes, fixes the orientation, drops every metadata block (EXIF, GPS, XMP: sharp
 * writes none unless asked) and makes the WebP variants. Throws 413/415 HttpErrors.
 */
export async function processImage(bytes: Buffer, name: string): Promise<ProcessedImage> {
  const format = detectImageFormat(bytes);
  if (!format) throw new HttpError(415, imageMessages.notAnImageNamed(name));
  return imageQueue(async () => {
    const animated = format === 'gif' || format === 'webp';
    const input = () => sharp(bytes, { animated, limitInputPixels: maxInputPixels, failOn: 'error' });
    let original: { data: Buffer; info: sharp.OutputInfo };
    try {
      const normalised = input().rotate().resize({ width: storedImageMaxEdge, height: storedImageMaxEdge, fit: 'inside', withoutEnlargement: true });
      original = await encodeOriginal(normalised, format).toBuffer({ resolveWithObject: true });
    } catch (error) {
      if (error instanceof Error && /pixel limit/i.test(error.message)) throw new HttpError(413, imageMessages.tooManyPixels(name));
      throw new HttpError(415, imageMessages.unreadable(name));
    }
    const width = original.info.width;
    // For animations sharp reports the height of all frames stacked; pageHeight is one frame.
    const height = original.info.pageHeight ?? original.info.height;

    const byWidth = new Map<number, number[]>();
    for (const wanted of imageVariantWidths) {
      const actual = Math.min(wanted, width);
      byWidth.set(actual, [...(byWidth.get(actual) ?? []), wanted]);
    }
    const variants: ProcessedImage['variants'] = [];
    for (const [variantWidth, widths] of byWidth) {
      const { data, info } = await sharp(original.data, { animated, limitInputPixels: maxInputPixels })
        .resize({ width: variantWidth, withoutEnlargement: true })
        .webp({ quality: 80, effort: 3 })
        .toBuffer({ resolveWithObject: true });
      variants.push({ data, contentType: 'image/webp', width: info.width, height: info.pageHeight ?? info.height, widths });
    }
    return { original: { data: original.data, contentType: contentTypes[format], width, height }, variants };
  });
}

/**
 * Reads and processes every uploaded file before anything is stored, so a batch with one bad
 * file is refused as a whole.
 */
export async function processUploads(files: UploadedFile[], maxBytes: number): Promise<ProcessedImage[]> {
  for (const file of files) {
    if (file.size > maxBytes) throw new HttpError(413, imageMessages.tooLarge(file.originalFilename, maxBytes));
  }
  const processed: ProcessedImage[] = [];
  for (const file of files) processed.push(await processImage(await readFile(file.filepath), file.originalFilename));
  return processed;
}
