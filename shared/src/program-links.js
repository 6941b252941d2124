/** @import { PageViews, ProgramLink } from './index.js' */

// Apart from page-view.js, which only the backend and the admin use: every public page names the
// programs, so this one function is in the script they all load, and nothing else of that module.

/**
 * The programs as every page names them (the footer, the filters, the tags), in their order.
 * @param {PageViews['programs']} programs
 * @returns {ProgramLink[]}
 */
export const programLinks = (programs) => programs.items.map(({ id, name, tag, filter, across }) => ({ id, name, tag, filter, across }));
