// Prints the gzip size of the JS and CSS that the home page `/` (and `/hi`) loads, and the JS of
// every public page in both languages; fails when a page's JavaScript is over 100 KiB or when any
// admin code is among `/`'s: the admin area must stay in its own lazily loaded chunks.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { catalogPartsManifestFile } from './catalogs.mjs';
import { compileHint, homeRouteModules, isAdminCode } from './public-code.mjs';

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
/** @type {Record<string, {modules: string[], imports: string[], css: string[]}>} */
const chunks = JSON.parse(readFileSync(path.join(distDir, '.vite/chunk-modules.json'), 'utf8'));
/** @type {Record<string, Record<string, string>>} each language's catalog parts: route id → chunk (scripts/catalogs.mjs) */
const catalogParts = JSON.parse(readFileSync(path.join(distDir, catalogPartsManifestFile), 'utf8'));

const attributeValues = (pattern) => [...html.matchAll(pattern)].map((match) => match[1].replace(/^\//, ''));
const htmlScripts = [...attributeValues(/<script[^>]*\bsrc="([^"]+)"/g), ...attributeValues(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)];
const htmlStyles = attributeValues(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g);

/** The chunks holding any module whose id matches one of `patterns`. */
const chunksWith = (patterns) =>
  Object.entries(chunks)
    .filter(([, chunk]) => chunk.modules.some((id) => patterns.some((pattern) => pattern.test(id))))
    .map(([file]) => file);

// The home route's component is split out of the entry; the router fetches it when `/` renders.
// /hi renders the same page after the Hindi catalog's root part (with Lingui's runtime) and the
// home page's own part have loaded.
const hindiPart = (routeId) => (catalogParts.hi?.[routeId] ? [catalogParts.hi[routeId]] : []);
const homeRouteChunks = chunksWith(homeRouteModules.en);
const hindiHomeChunks = [...chunksWith(homeRouteModules.hi), ...hindiPart('/{-$lang}/')];

function withStaticImports(files) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of chunks[file]?.imports ?? []) visit(imported);
  };
  files.forEach(visit);
  return [...seen];
}

const initialScripts = withStaticImports(htmlScripts);
const homeScripts = withStaticImports([...initialScripts, ...homeRouteChunks]);
const homeStyles = [...new Set([...htmlStyles, ...homeScripts.flatMap((file) => chunks[file]?.css ?? [])])];

const gzipSize = (file) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const total = (files) => files.reduce((sum, file) => sum + gzipSize(file), 0);

console.log('\nWhat `/` loads (gzip -9):');
for (const file of [...homeScripts, ...homeStyles]) console.log(`  ${kib(gzipSize(file)).padStart(10)}  ${file}`);
console.log(`  JS before the first render (index.html):  ${kib(total(initialScripts))}`);
console.log(`  JS in all for /:                          ${kib(total(homeScripts))}`);
console.log(`  CSS for /:                                ${kib(total(homeStyles))}`);
const hindiScripts = withStaticImports([...initialScripts, ...hindiHomeChunks]);
const hindiOnly = hindiScripts.filter((file) => !homeScripts.includes(file));
console.log(
  `  JS in all for /hi:                        ${kib(total(hindiScripts))} (${(total(hindiScripts) / total(homeScripts)).toFixed(2)}x /; the Hindi catalog's root and home parts and Lingui's runtime: ${hindiOnly.map((file) => `${file} ${kib(gzipSize(file))}`).join(', ')})`,
);

// Every public page: its split route code, and in Hindi the root part and the route's own part.
const routeFiles = [
  ...new Set(Object.values(chunks).flatMap((chunk) => chunk.modules.flatMap((id) => /^src\/routes\/\{-\$lang\}\/(.+)\.tsx\?tsr-split=/.exec(id)?.[1] ?? []))),
]
  // A layout route (route.tsx) is no page of its own.
  .filter((file) => !/(^|\/)route$/.test(file))
  .sort();
const hindiRuntimeChunks = chunksWith(homeRouteModules.hi.filter((pattern) => !homeRouteModules.en.includes(pattern)));
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pages = routeFiles.map((file) => {
  const route = file === 'index' ? '' : file.replace(/(^|\/)index$/, '/');
  const own = chunksWith([new RegExp(`^src/routes/\\{-\\$lang\\}/${escape(file)}\\.tsx\\?tsr-split=`)]);
  const english = withStaticImports([...initialScripts, ...own]);
  const hindi = withStaticImports([...initialScripts, ...own, ...hindiRuntimeChunks, ...hindiPart(`/{-$lang}/${route}`)]);
  const page = `/${route.replace(/\/$/, '')}`;
  return { page, en: total(english), hi: total(hindi), hindiPage: page === '/' ? '/hi' : `/hi${page}` };
});
console.log('\nJS in all for each public page (gzip -9), English and Hindi:');
for (const { page, en, hi, hindiPage } of pages) console.log(`  ${page.padEnd(12)} ${kib(en).padStart(9)}   ${hindiPage.padEnd(15)} ${kib(hi).padStart(9)}`);

// The budget of the JavaScript a public page loads to hydrate, for every page in either
// language: the build fails when a page goes over it.
const budgetBytes = 100 * 1024;
for (const [page, bytes] of [
  ['/', total(homeScripts)],
  ['/hi', total(hindiScripts)],
  ...pages.flatMap((entry) => [
    [entry.page, entry.en],
    [entry.hindiPage, entry.hi],
  ]),
]) {
  if (bytes > budgetBytes) {
    console.error(`\nThe JavaScript of ${page} is ${kib(bytes)}, over the ${kib(budgetBytes)} budget.`);
    process.exit(1);
  }
}
const largest = pages.reduce((most, entry) => Math.max(most, entry.en, entry.hi), 0);
console.log(
  `  /: ${kib(total(homeScripts))}, /hi: ${kib(total(hindiScripts))}; the largest page ${kib(largest)}, ${kib(budgetBytes - largest)} under the ${kib(budgetBytes)} budget.`,
);

const leaks = homeScripts.flatMap((file) => (chunks[file]?.modules ?? []).filter(isAdminCode).map((id) => `${id} (in ${file})`));
if (leaks.length > 0) {
  console.error('\nAdmin code is loaded by the public home page:');
  for (const leak of leaks) console.error(`  ${leak}`);
  process.exit(1);
}
console.log('  No admin code among it.');

// What a public page runs while it is taken over is compiled off the main thread (see
// scripts/compile-hints.ts): every script of / and /hi must start with V8's compile hint.
const unhinted = [...new Set([...homeScripts, ...hindiScripts])].filter((file) => !readFileSync(path.join(distDir, file), 'utf8').startsWith(compileHint));
if (unhinted.length > 0) {
  console.error(`\nScripts of / or /hi without the compile hint at their top: ${unhinted.join(', ')}`);
  process.exit(1);
}
console.log('  Every script of / and /hi starts with the compile hint.\n');
