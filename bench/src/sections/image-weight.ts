// 1. Image weight: what a visitor downloads for a photo an admin uploaded from a phone, and
// what the upload costs the server.
import sharp from 'sharp';
import { backendOf, type BenchContext } from '../context.js';
import { fetchBytes, json, postForm } from '../http.js';
import { processImage } from '../../../backend/src/features/images/processing.js';
import { median, medianTime } from '../load.js';
import { makePhotoJpeg } from '../photo.js';
import { kib, ms } from '../report.js';
import { need, type SectionOutput } from '../section.js';

/** The widths the pages ask for (openapi.yaml, `/api/image.php?w=`). */
export const variantWidths = [320, 640, 960, 1280] as const;
/** A variant's share of the stored original that each width should stay under. */
const variantTargets: Partial<Record<(typeof variantWidths)[number], number>> = { 640: 0.1, 1280: 0.25 };
/**
 * Upload + processing against one plain decode. The work is one decode and one full-size JPEG
 * encode of the original (about 5 decodes' worth) and four WebP variants (about 8), so ~14x is
 * what the design costs; 20x leaves room for noise and flags a change that doubles the work.
 */
const uploadTargetRatio = 20;

async function decodeMs(photo: Buffer): Promise<number> {
  const started = performance.now();
  await sharp(photo).raw().toBuffer();
  return performance.now() - started;
}

export async function imageWeight(context: BenchContext, out: SectionOutput): Promise<void> {
  const backend = backendOf(context);
  const photo = (context.photo ??= await makePhotoJpeg());
  const meta = await sharp(photo).metadata();
  const repeats = context.quick ? 1 : 3;

  const decodes: number[] = [];
  for (let i = 0; i < repeats; i++) decodes.push(await decodeMs(photo));

  const uploads: number[] = [];
  let imageUrl: string | undefined;
  for (let i = 0; i < (context.quick ? 1 : 2); i++) {
    const res = await postForm(`${backend.url}/api/add_gallery_image.php`, backend.adminToken, {
      title: 'Saplings at the riverbank',
      category: 'reforestation',
      image: { file: photo, name: 'IMG_0001.jpg', type: 'image/jpeg' },
    });
    need(res.status === 201, `the upload answered ${res.status}: ${res.body.toString('utf8').slice(0, 200)}`);
    uploads.push(res.ms);
    imageUrl = json<{ data: { image_url: string }[] }>(res).data[0]!.image_url;
  }
  need(imageUrl, 'the upload gave no image_url');
  context.uploadedImageUrl = imageUrl;

  const original = await fetchBytes(backend.url + imageUrl);
  need(original.status === 200, `the stored original answered ${original.status}`);
  const originalMeta = await sharp(original.body).metadata();

  out.rows.push(
    { measure: `uploaded photo (${meta.width}x${meta.height} JPEG)`, value: kib(photo.length) },
    {
      measure: `stored original (${originalMeta.width}x${originalMeta.height} ${originalMeta.format})`,
      value: kib(original.body.length),
      baseline: kib(photo.length),
      ratio: original.body.length / photo.length,
      target: '≤ 1.00x upload',
      met: original.body.length <= photo.length,
    },
  );
  const variants: Record<number, { bytes: number; width?: number; type: string | null }> = {};
  for (const width of variantWidths) {
    const res = await fetchBytes(`${backend.url}${imageUrl}&w=${width}`);
    need(res.status === 200, `the ${width}w variant answered ${res.status}`);
    const variantMeta = await sharp(res.body).metadata();
    variants[width] = { bytes: res.body.length, width: variantMeta.width, type: res.headers.get('content-type') };
    const share = res.body.length / original.body.length;
    const target = variantTargets[width];
    out.rows.push({
      measure: `variant w=${width} (${variantMeta.width}px ${variantMeta.format})`,
      value: kib(res.body.length),
      baseline: `${kib(original.body.length)} orig`,
      ratio: share,
      ...(target ? { target: `≤ ${target * 100}%`, met: share <= target } : {}),
    });
  }

  const uploadMs = median(uploads);
  const decode = median(decodes);
  // The backend's own processing step alone, in this process: the rest of the upload time is
  // the transfer, the multipart parsing and the GridFS writes.
  const processingMs = await medianTime(() => processImage(photo, 'IMG_0001.jpg'), context.quick ? 1 : 2);
  out.rows.push(
    {
      measure: 'upload + processing time',
      value: ms(uploadMs),
      baseline: `${ms(decode)} decode`,
      ratio: uploadMs / decode,
      target: `≤ ${uploadTargetRatio}x decode`,
      met: uploadMs / decode <= uploadTargetRatio,
    },
    { measure: '  of which processImage() alone', value: ms(processingMs), baseline: `${ms(decode)} decode`, ratio: processingMs / decode },
  );
  out.notes.push('ratios of variants are against the stored original; the decode baseline is sharp(file).raw() in this process');
  out.data = { photoBytes: photo.length, originalBytes: original.body.length, variants, uploadMs: uploads, decodeMs: decodes, processingMs };
}
