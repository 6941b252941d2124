export { formatBytes } from './format-bytes.js';
export { feedPath, listPageSize } from './site.js';
export { plainFormFields, plainFormMaxBytes, sentQuery } from './plain-form.js';
export { everyPageQuery, pageQueries, pageQueryNames, pageQueryOf } from './page-queries.js';
export { defaultSettings, settingsPlaceholders } from './settings.js';
export { defaultLegalTexts } from './legal.js';
export { dataRequestDays, dataRequestSubject, legalText } from './legal-text.js';
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
export { missingHindi, pageView } from './page-view.js';
export { programLinks } from './program-links.js';
export { pageNames, pageSlugs } from './page-names.js';
export { newsletterNoticeVersion, newsletterNotices } from './newsletter-notice.js';
