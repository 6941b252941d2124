// The catalogs, src/i18n/catalogs/<lang>.json: English text → translation (ICU), one flat file a
// language. Checks that every catalog is complete and keeps the {placeholders} (build, tests and
// lint run it), and compiles them with Lingui's compiler so the browser never parses ICU text.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { messageId } from '../src/i18n/message-id.js';

export const catalogsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/i18n/catalogs');

/** @returns {Record<string, Record<string, string>>} every catalog in the folder, by language */
export function readCatalogs(dir = catalogsDir) {
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [path.basename(file, '.json'), JSON.parse(readFileSync(path.join(dir, file), 'utf8'))]),
  );
}

/** The names of a message's placeholders ({name}, {count, plural, ...}), sorted. */
function placeholdersOf(message) {
  const names = new Set();
  const visit = (tokens) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      names.add(token[0]);
      if (token[2] && typeof token[2] === 'object') {
        for (const [choice, branch] of Object.entries(token[2])) if (choice !== 'offset' && Array.isArray(branch)) visit(branch);
      }
    }
  };
  visit(compileMessageOrThrow(message));
  return [...names]
    .filter((name) => name !== '#')
    .sort()
    .join(',');
}

/** English texts fill in plain `{name}` placeholders only (they are shown without a catalog). */
const plainPlaceholders = (message) => compileMessageOrThrow(message).every((token) => typeof token === 'string' || token.length === 1);

/**
 * Every problem of the catalogs, as sentences (none: all good): each language holds the same
 * English keys, every translation is text, parses, and has the placeholders of its key.
 * @param {Record<string, Record<string, unknown>>} catalogs
 */
export function catalogProblems(catalogs) {
  const problems = [];
  const allKeys = new Set(Object.values(catalogs).flatMap((catalog) => Object.keys(catalog)));
  const ids = new Map();
  for (const key of allKeys) {
    const id = messageId(key);
    if (ids.has(id)) problems.push(`"${key}" and "${ids.get(id)}" share the id ${id}: reword one of them`);
    ids.set(id, key);
  }
  for (const [lang, catalog] of Object.entries(catalogs)) {
    for (const key of allKeys) {
      if (!(key in catalog)) {
        problems.push(`${lang}.json: "${key}" is missing`);
        continue;
      }
      const message = catalog[key];
      if (typeof message !== 'string' || message.trim() === '') {
        problems.push(`${lang}.json: "${key}" is empty or not text`);
        continue;
      }
      try {
        if (!plainPlaceholders(key)) problems.push(`${lang}.json: the English "${key}" may only use plain {name} placeholders`);
        const own = placeholdersOf(message);
        const expected = placeholdersOf(key);
        if (own !== expected) problems.push(`${lang}.json: "${key}" has placeholders {${own}} where the English has {${expected}}`);
      } catch (error) {
        problems.push(`${lang}.json: "${key}" does not parse: ${error.message}`);
      }
    }
  }
  return problems;
}

export const sourceDir = path.resolve(catalogsDir, '../..');

/**
 * The texts the public code passes to `t('...')` literally that a catalog lacks (texts in data
 * modules are typed as keys of hi.json, so there `npm run typecheck` catches a missing one).
 * @returns {string[]} sentences, one per missing text
 */
export function missingSourceTexts(catalogs, dir = sourceDir) {
  const problems = [];
  const visit = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'admin') visit(file);
      } else if (/\.tsx?$/.test(entry.name) && !/\.(test|gen)\.tsx?$/.test(entry.name)) {
        const source = readFileSync(file, 'utf8');
        for (const match of source.matchAll(/\bt\(\s*'((?:[^'\\]|\\.)*)'/g)) {
          const text = match[1].replace(/\\'/g, "'");
          for (const [lang, catalog] of Object.entries(catalogs)) {
            if (!(text in catalog)) problems.push(`${lang}.json lacks "${text}" (${path.relative(dir, file)})`);
          }
        }
      }
    }
  };
  visit(dir);
  return problems;
}

/** @param {Record<string, string>} catalog @returns the catalog compiled for @lingui/core, by message id */
export function compileCatalog(catalog) {
  return Object.fromEntries(Object.entries(catalog).map(([key, message]) => [messageId(key), compileMessageOrThrow(message)]));
}

const virtualPrefix = 'virtual:catalog/';

/**
 * `import catalog from 'virtual:catalog/hi'` gives the compiled Hindi catalog (its own chunk when
 * imported lazily); the build stops with the list of problems when any catalog is incomplete.
 * @returns {import('vite').Plugin}
 */
export function catalogsPlugin(dir = catalogsDir) {
  const assertComplete = (catalogs) => {
    const problems = [...catalogProblems(catalogs), ...missingSourceTexts(catalogs)];
    if (problems.length > 0) throw new Error(`The translation catalogs in ${dir} are incomplete:\n  ${problems.join('\n  ')}`);
  };
  return {
    name: 'site-catalogs',
    buildStart() {
      assertComplete(readCatalogs(dir));
    },
    resolveId(id) {
      return id.startsWith(virtualPrefix) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${virtualPrefix}`)) return null;
      const lang = id.slice(virtualPrefix.length + 1);
      const catalogs = readCatalogs(dir);
      assertComplete(catalogs);
      if (!catalogs[lang]) throw new Error(`There is no ${lang}.json in ${dir}`);
      for (const file of Object.keys(catalogs)) this.addWatchFile(path.join(dir, `${file}.json`));
      return `export default ${JSON.stringify(compileCatalog(catalogs[lang]))};`;
    },
  };
}
