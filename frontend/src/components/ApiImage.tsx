import { imageSrcSet, imageVariantUrl, imageVariantWidths, type ImageWidth } from '@ngo-site/shared';
import type { ImgHTMLAttributes } from 'react';

// Every width of the contract is listed in the shared package: one added to openapi.yaml does not compile until it is.
type UnlistedWidth = Exclude<ImageWidth, (typeof imageVariantWidths)[number]>;
export const everyWidthListed: [UnlistedWidth] extends [never] ? true : UnlistedWidth = true;

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
