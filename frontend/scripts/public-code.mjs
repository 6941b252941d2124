// What the build and its size report agree on about the code visitors load.

/** V8's explicit compile hint: compile every function of a file eagerly, as the file streams in. */
export const compileHint = '//# allFunctionsCalledOnLoad\n';

/**
 * Admin code, by module id (relative to the frontend folder, or absolute): the admin feature and
 * the split parts of the admin routes. A route file under routes/admin may sit in the entry (its
 * path and guard are needed to match URLs); its split parts (`?tsr-split=`) are admin code.
 * @param {string} id
 */
export const isAdminCode = (id) => /(^|\/)src\/features\/admin\//.test(id) || /(^|\/)src\/routes\/admin\/.*\?tsr-split=/.test(id);

/** Module ids of the chunks the home page adds to index.html's: its split route, and for /hi the Hindi catalog. */
const homeRoute = /^src\/routes\/\{-\$lang\}\/index\.tsx\?tsr-split=/;
export const homeRouteModules = { en: [homeRoute], hi: [homeRoute, /^src\/i18n\/hindi\.ts$/] };
