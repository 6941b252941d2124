import type { operations } from '@ngo-site/contract';
import type { ImgHTMLAttributes } from 'react';

/** A width of the resized WebP variants the API serves at `${image_url}&w=<width>` (openapi.yaml). */
type ImageWidth = NonNullable<NonNullable<operations['getImage']['parameters']['query']>['w']>;
export const imageVariantWidths = [320, 640, 960, 1280] as const satisfies readonly ImageWidth[];
// Every width of the contract is listed: one added to openapi.yaml does not compile until it is.
type UnlistedWidth = Exclude<ImageWidth, (typeof imageVariantWidths)[number]>;
export const everyWidthListed: [UnlistedWidth] extends [never] ? true : UnlistedWidth = true;

export function imageVariantUrl(imageUrl: string, width: ImageWidth): string {
  return `${imageUrl}${imageUrl.includes('?') ? '&' : '?'}w=${width}`;
}

export function imageSrcSet(imageUrl: string): string {
  return imageVariantWidths.map((width) => `${imageVariantUrl(imageUrl, width)} ${width}w`).join(', ');
}

interface ApiImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt'> {
  /** An `image_url` from the API. */
  imageUrl: string;
  alt: string;
  /** How wide the image shows, for the browser to pick a variant (the `sizes` attribute). */
  sizes: string;
  /** Images in the first screen load eagerly; the rest wait until they are near. */
  priority?: boolean;
}

/** An image stored by the API, offered to the browser in the resized variants. */
export function ApiImage({ imageUrl, alt, sizes, priority = false, ...rest }: ApiImageProps) {
  return (
    <img
      {...rest}
      src={imageVariantUrl(imageUrl, 640)}
      srcSet={imageSrcSet(imageUrl)}
      sizes={sizes}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      // React 18 passes the attribute through only when written in lower case.
      {...(priority ? { fetchpriority: 'high' } : {})}
    />
  );
}
