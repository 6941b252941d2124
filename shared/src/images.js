/** @import { ImageWidth } from './index.js' */

/** The widths of the resized WebP variants the API serves at `image_url&w=` (getImage's `w` in openapi.yaml). */
export const imageVariantWidths = /** @type {const} */ ([320, 640, 960, 1280]);

/** Where a stored image is served (an `image_url`). @param {string} id */
export const storedImageUrl = (id) => `/api/image.php?id=${id}`;

/**
 * @param {string} imageUrl
 * @param {ImageWidth} width
 */
export const imageVariantUrl = (imageUrl, width) => `${imageUrl}${imageUrl.includes('?') ? '&' : '?'}w=${width}`;

/** Every variant, for `srcset`. @param {string} imageUrl */
export const imageSrcSet = (imageUrl) => imageVariantWidths.map((width) => `${imageVariantUrl(imageUrl, width)} ${width}w`).join(', ');
