// The declaration of page-seed.js (`@ngo-site/shared/page-seed`): the pages' first content.
import type { PageContents } from './index.js';

/** Every editable page's first content, both languages side by side. */
export declare const pageSeed: PageContents;
