import { formatBytes } from '../../format-bytes.js';

export const imageMessages = {
  notAnImage: 'Please choose an image file (JPEG, PNG, WebP, GIF or AVIF)',
  unreadable: (name: string) => `${name} could not be read as an image. Please choose an image file (JPEG, PNG, WebP, GIF or AVIF)`,
  notAnImageNamed: (name: string) => `${name} is not an image. Please choose an image file (JPEG, PNG, WebP, GIF or AVIF)`,
  tooLarge: (name: string, limit: number) => `${name} is too large. Each image must be at most ${formatBytes(limit)}`,
  tooManyPixels: (name: string) => `${name} has too many pixels. Please choose an image of at most 50 megapixels`,
  notFound: 'Image not found',
  rangeNotSatisfiable: 'The requested range lies outside the image',
};
