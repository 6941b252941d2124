export { formatBytes } from './format-bytes.js';
export { feedPath, listPageSize, plainFormFields, plainFormMaxBytes, sentQuery } from './site.js';
export { defaultSettings } from './settings.js';
export { imageSrcSet, imageVariantUrl, imageVariantWidths, storedImageUrl } from './images.js';
export {
  allowedHref,
  blockTypes,
  callToActionKinds,
  documentBoundsProblem,
  documentFromText,
  documentImageIds,
  documentLimits,
  documentNodes,
  documentText,
  headingLevels,
  inlineTypes,
  isEmptyDocument,
  markTypes,
  nestedBlockTypes,
  videoEmbedUrl,
  videoIdPatterns,
  videoPageUrl,
} from './blog-document.js';
export { renderDocument } from './render-document.js';
