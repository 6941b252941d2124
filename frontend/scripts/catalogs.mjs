// The catalogs, src/i18n/catalogs/<lang>.json: English text → translation (ICU), one flat file a
// language. Checks that every catalog is complete and keeps the {placeholders} (build, tests and
// lint run it), and compiles them with Lingui's compiler so the browser never parses ICU text.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import ts from 'typescript';
import { parse as parseYaml } from 'yaml';
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

/**
 * What the splitting needs of one source file, read with TypeScript's parser: its string
 * literals, the files it imports (static, dynamic, re-exports; type-only imports bring no code),
 * its route id (createFileRoute('...')) and the parts it loads (loadLanguage(lang, '...')).
 */
function readModule(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const strings = new Set();
  const specifiers = [];
  const lazySpecifiers = [];
  const loads = [];
  let routeId;
  const literal = (node) => (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined);
  const visit = (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) strings.add(node.text);
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      if (!typeOnly) specifiers.push(literal(node.moduleSpecifier));
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      specifiers.push(literal(node.moduleSpecifier));
    } else if (ts.isCallExpression(node)) {
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword) lazySpecifiers.push(literal(node.arguments[0]));
      else if (ts.isIdentifier(node.expression) && node.expression.text === 'createFileRoute') routeId = literal(node.arguments[0]);
      else if (ts.isIdentifier(node.expression) && node.expression.text === 'loadLanguage' && literal(node.arguments[1]) !== undefined)
        loads.push(literal(node.arguments[1]));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const named = (list) => list.filter((specifier) => specifier !== undefined);
  return { strings, specifiers: named(specifiers), lazySpecifiers: named(lazySpecifiers), loads, routeId };
}

const codeFile = /\.(tsx?|jsx?|mjs)$/;
/** The part of a route's texts its page loads once it is the script's: `'/{-$lang}/my:later'`. */
const laterSuffix = ':later';
const isTestFile = (file) => /\.(test|gen)\.[jt]sx?$/.test(file) || /\.d\.ts$/.test(file);

/** The source file a relative import names (extension left out, or a folder's index), or null. */
function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier.replace(/[?#].*$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (codeFile.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every code file under `folder`, tests and generated files left out. */
function codeFilesUnder(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return codeFilesUnder(file);
    return codeFile.test(entry.name) && !isTestFile(entry.name) && !entry.name.startsWith('-') ? [file] : [];
  });
}

/** The route id a part is loaded by, as a module name: '/{-$lang}/blog/$id' → 'blog-id', '/{-$lang}/' → 'home', '/{-$lang}/my:later' → 'my-later'. */
export const partSlug = (routeId) =>
  routeId
    .replace(/^\/\{-\$lang\}/, '')
    .replace(/:/g, '/')
    .replace(/[^A-Za-z0-9/]/g, '')
    .split('/')
    .filter(Boolean)
    .join('-') || 'home';

const contractPath = path.resolve(sourceDir, '../../openapi.yaml');

/** Every text value of the contract (its sentences among them), or none when there is no contract. */
function contractTexts(file) {
  const texts = new Set();
  if (!existsSync(file)) return texts;
  const visit = (value) => {
    if (typeof value === 'string') texts.add(value);
    else if (value && typeof value === 'object') for (const item of Object.values(value)) visit(item);
  };
  visit(parseYaml(readFileSync(file, 'utf8')));
  return texts;
}

/**
 * Splits a catalog by page: for each public route (routes/{-$lang}/, the layout route.tsx
 * aside) the keys whose text is a string literal in the files it imports, followed through
 * src (admin code and the generated route tree left out). The root part is what the shell
 * shows (root and layout routes, main.tsx, entry-server.tsx and what they import) plus every
 * key no route names (the server's sentences, shown by any form); a route's part is its own
 * keys minus the root's, and a page that loads `<route id>:later` has the texts only its
 * import()ed code names in that part. A text the contract holds (openapi.yaml) is a sentence the server may
 * send to any form, so it is in the root part too, whichever route also names it. `problems` names
 * each route whose keys are in none of the parts it loads: the root (loaded by the layout route)
 * and those its loadLanguage(lang, '<route id>') names.
 * @param {Record<string, string>} catalog
 */
export function splitCatalog(catalog, dir = sourceDir, contract = contractPath) {
  const serverTexts = contractTexts(contract);
  const modules = new Map();
  const moduleOf = (file) => {
    if (!modules.has(file)) modules.set(file, readModule(file));
    return modules.get(file);
  };
  const relative = (file) => path.relative(dir, file).split(path.sep).join('/');
  const followed = (file) => {
    const name = relative(file);
    return !name.startsWith('..') && !/^(features|routes)\/admin\//.test(name) && name !== 'routeTree.gen.ts';
  };
  /** The files `entries` import, followed (with `lazy`, through import() too). */
  const filesReached = (entries, lazy = true) => {
    const seen = new Set();
    const pending = entries.filter((file) => existsSync(file));
    while (pending.length > 0) {
      const file = pending.pop();
      if (seen.has(file)) continue;
      seen.add(file);
      const { specifiers, lazySpecifiers } = moduleOf(file);
      for (const specifier of lazy ? [...specifiers, ...lazySpecifiers] : specifiers) {
        const target = resolveImport(file, specifier);
        if (target && followed(target) && !seen.has(target)) pending.push(target);
      }
    }
    return seen;
  };
  const keysOf = (files) => {
    const texts = new Set([...files].flatMap((file) => [...moduleOf(file).strings]));
    // In the catalog's order, so that a part's chunk is the same from build to build.
    return new Set(Object.keys(catalog).filter((key) => texts.has(key)));
  };
  const keysReached = (entries) => keysOf(filesReached(entries));

  const routesDir = path.join(dir, 'routes', '{-$lang}');
  const layout = path.join(routesDir, 'route.tsx');
  const shellKeys = keysReached([path.join(dir, 'routes', '__root.tsx'), layout, path.join(dir, 'main.tsx'), path.join(dir, 'entry-server.tsx')]);
  const problems = [];
  const routes = codeFilesUnder(routesDir)
    .filter((file) => file !== layout)
    .map((file) => {
      const { routeId: id, loads } = moduleOf(file);
      if (!id) problems.push(`${relative(file)} names no route (createFileRoute('...'))`);
      const routeId = id ?? relative(file);
      const keys = keysReached([file]);
      // A page that loads `<route id>:later` itself (once it is the script's) keeps in its own part
      // only the texts of what it imports up front; those of the code it imports later are that part.
      const upFront = filesReached([file], false);
      const later = `${routeId}${laterSuffix}`;
      if (![...upFront].some((reached) => moduleOf(reached).loads.includes(later))) return { file: relative(file), routeId, loads, keys, laterKeys: null };
      const own = keysOf(upFront);
      return { file: relative(file), routeId, loads: [...loads, later], keys, ownKeys: own, laterKeys: [...keys].filter((key) => !own.has(key)) };
    });

  const named = new Set(routes.flatMap((route) => [...route.keys]));
  const root = Object.keys(catalog).filter((key) => shellKeys.has(key) || !named.has(key) || serverTexts.has(key));
  const rootSet = new Set(root);
  const outsideRoot = (keys) => [...keys].filter((key) => !rootSet.has(key));
  const parts = Object.fromEntries(
    routes.flatMap((route) =>
      route.laterKeys
        ? [
            [route.routeId, outsideRoot(route.ownKeys)],
            [`${route.routeId}${laterSuffix}`, outsideRoot(route.laterKeys)],
          ]
        : [[route.routeId, outsideRoot(route.keys)]],
    ),
  );

  for (const route of routes) {
    for (const load of route.loads) if (!(load in parts)) problems.push(`${route.file} loads the texts of "${load}", which is no public route`);
    const loaded = new Set([...root, ...route.loads.flatMap((load) => parts[load] ?? [])]);
    const missing = [...route.keys].filter((key) => !loaded.has(key));
    if (missing.length > 0)
      problems.push(
        `${route.file} shows texts none of the parts it loads holds (its loader should await loadLanguage(lang, '${route.routeId}')): "${missing.join('", "')}"`,
      );
  }
  return { root, parts, problems };
}

/** @param {Record<string, string>} catalog @returns the catalog compiled for @lingui/core, by message id */
export function compileCatalog(catalog) {
  return Object.fromEntries(Object.entries(catalog).map(([key, message]) => [messageId(key), compileMessageOrThrow(message)]));
}

const virtualPrefix = 'virtual:catalog/';
const partsModule = 'virtual:catalog-parts';
// A route's part is virtual:catalog/hi/hi-about: its chunk is then named hi-about-<hash>.js.
const partModule = (lang, routeId) => `${virtualPrefix}${lang}/${lang}-${partSlug(routeId)}`;
/** The language and (for a route's part) the slug of a catalog module's id. */
const partOfModule = (id) => {
  const [lang, file] = id.slice(virtualPrefix.length + 1).split('/');
  return [lang, file?.slice(lang.length + 1)];
};
/** Where the build records which chunk holds which part of a catalog (read by report-size.mjs). */
export const catalogPartsManifestFile = '.vite/catalog-parts.json';

/**
 * `import catalog from 'virtual:catalog/hi'` gives the root part of the compiled Hindi catalog
 * (what every page shows) and `virtual:catalog/hi/<route>` a route's own part, each its own chunk
 * when imported lazily; `virtual:catalog-parts` maps each language's route ids to their part's
 * import. The build stops with the list of problems when any catalog is incomplete or a route
 * shows a text none of the parts it loads holds.
 * @returns {import('vite').Plugin}
 */
export function catalogsPlugin(dir = catalogsDir, srcDir = sourceDir) {
  /** @type {{ catalogs: Record<string, Record<string, string>>, splits: Record<string, ReturnType<typeof splitCatalog>> } | undefined} */
  let current;
  let ssr = false;
  const checked = () => {
    if (current) return current;
    const catalogs = readCatalogs(dir);
    const splits = Object.fromEntries(Object.entries(catalogs).map(([lang, catalog]) => [lang, splitCatalog(catalog, srcDir)]));
    const problems = [
      ...catalogProblems(catalogs),
      ...missingSourceTexts(catalogs, srcDir),
      ...new Set(Object.values(splits).flatMap((split) => split.problems)),
    ];
    if (problems.length > 0) throw new Error(`The translation catalogs in ${dir} are incomplete:\n  ${problems.join('\n  ')}`);
    return (current = { catalogs, splits });
  };
  const pick = (catalog, keys) => Object.fromEntries(keys.map((key) => [key, catalog[key]]));
  return {
    name: 'site-catalogs',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    buildStart() {
      current = undefined;
      checked();
    },
    watchChange() {
      // A catalog or a page changed: the parts are worked out again on the next load.
      current = undefined;
    },
    resolveId(id) {
      return id.startsWith(virtualPrefix) || id === partsModule ? `\0${id}` : null;
    },
    load(id) {
      if (id !== `\0${partsModule}` && !id.startsWith(`\0${virtualPrefix}`)) return null;
      const { catalogs, splits } = checked();
      for (const file of Object.keys(catalogs)) this.addWatchFile(path.join(dir, `${file}.json`));
      if (id === `\0${partsModule}`) {
        const entries = Object.entries(splits).map(([lang, { parts }]) => {
          const imports = Object.entries(parts)
            .filter(([, keys]) => keys.length > 0)
            .map(([routeId]) => `${JSON.stringify(routeId)}: () => import(${JSON.stringify(partModule(lang, routeId))})`);
          return `${JSON.stringify(lang)}: { ${imports.join(', ')} }`;
        });
        return `export default { ${entries.join(', ')} };`;
      }
      const [lang, slug] = partOfModule(id);
      if (!catalogs[lang]) throw new Error(`There is no ${lang}.json in ${dir}`);
      const { root, parts } = splits[lang];
      if (slug === undefined) return `export default ${JSON.stringify(compileCatalog(pick(catalogs[lang], root)))};`;
      const routeId = Object.keys(parts).find((route) => partSlug(route) === slug);
      if (!routeId) throw new Error(`No public route has the catalog part "${slug}"`);
      return `export default ${JSON.stringify(compileCatalog(pick(catalogs[lang], parts[routeId])))};`;
    },
    generateBundle(_options, bundle) {
      if (ssr) return;
      // Which chunk holds which part, for the size report: by language, '' for the root part.
      const files = {};
      for (const output of Object.values(bundle)) {
        const facade = output.type === 'chunk' ? output.facadeModuleId : null;
        if (!facade?.startsWith(`\0${virtualPrefix}`)) continue;
        const [lang, slug] = partOfModule(facade);
        const routeId = slug === undefined ? '' : Object.keys(checked().splits[lang].parts).find((route) => partSlug(route) === slug);
        (files[lang] ??= {})[routeId] = output.fileName;
      }
      this.emitFile({ type: 'asset', fileName: catalogPartsManifestFile, source: JSON.stringify(files, null, 2) });
    },
  };
}
