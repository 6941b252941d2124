// Prints the gzip size of the JS and CSS that the home page `/` (and `/hi`) loads, and fails when
// its JavaScript is over 100 KiB or when any admin code is among it: the admin area must stay in
// its own lazily loaded chunks.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { compileHint, homeRouteModules, isAdminCode } from './public-code.mjs';

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
/** @type {Record<string, {modules: string[], imports: string[], css: string[]}>} */
const chunks = JSON.parse(readFileSync(path.join(distDir, '.vite/chunk-modules.json'), 'utf8'));

const attributeValues = (pattern) => [...html.matchAll(pattern)].map((match) => match[1].replace(/^\//, ''));
const htmlScripts = [...attributeValues(/<script[^>]*\bsrc="([^"]+)"/g), ...attributeValues(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)];
const htmlStyles = attributeValues(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g);

/** The chunks holding any module whose id matches one of `patterns`. */
const chunksWith = (patterns) =>
  Object.entries(chunks)
    .filter(([, chunk]) => chunk.modules.some((id) => patterns.some((pattern) => pattern.test(id))))
    .map(([file]) => file);

// The home route's component is split out of the entry; the router fetches it when `/` renders.
// /hi renders the same page after the Hindi catalog (its own chunk) have loaded.
const homeRouteChunks = chunksWith(homeRouteModules.en);
const hindiHomeChunks = chunksWith(homeRouteModules.hi);

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
  `  JS in all for /hi:                        ${kib(total(hindiScripts))} (${(total(hindiScripts) / total(homeScripts)).toFixed(2)}x /; the Hindi catalog and Lingui's runtime: ${hindiOnly.map((file) => `${file} ${kib(gzipSize(file))}`).join(', ')})`,
);

// The budget of the JavaScript a public page loads to hydrate, for / and /hi alike: the build
// fails when a page goes over it.
const budgetBytes = 100 * 1024;
for (const [page, bytes] of [
  ['/', total(homeScripts)],
  ['/hi', total(hindiScripts)],
]) {
  if (bytes > budgetBytes) {
    console.error(`\nThe JavaScript of ${page} is ${kib(bytes)}, over the ${kib(budgetBytes)} budget.`);
    process.exit(1);
  }
  console.log(`  ${page}: ${kib(bytes)}, ${kib(budgetBytes - bytes)} under the ${kib(budgetBytes)} budget.`);
}

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
