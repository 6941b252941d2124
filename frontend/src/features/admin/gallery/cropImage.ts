import type { Area } from 'react-easy-crop';

/** The name the spec gives the downloaded crop. */
export const croppedFileName = 'cropped-image.jpg';

/**
 * Cuts `area` (in the image's own pixels, as react-easy-crop reports it) out of the image the
 * cropper shows and encodes it as JPEG. The image is same-origin, so the canvas can be read back.
 */
export async function cropToJpeg(image: HTMLImageElement | null | undefined, area: Area): Promise<Blob> {
  if (!image?.complete || image.naturalWidth === 0) throw new Error('The image has not loaded');
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width));
  canvas.height = Math.max(1, Math.round(area.height));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The crop could not be encoded'))), 'image/jpeg', 0.92);
  });
}
