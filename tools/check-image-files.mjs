// The backend image holds only the built JavaScript (backend/src compiled to backend/dist, and the
// shared package's JavaScript as it is), what the Dockerfile's `backend` stage copies, and the
// production dependencies. This follows every import from the image's entry points and fails
// when one leaves backend/src or shared/src (tools/ and other
// development parts are not in the image), reaches a file the stage does not have, or needs a
// package that is not a production dependency (all would start locally and crash in the image).
// It also checks that the image runs `node` on built files, with no tsx.
import { builtinModules } from 'node:module';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { init as initModuleLexer, parse as parseModule } from 'es-module-lexer';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entries = ['backend/src/main.ts', 'backend/src/cli/backup.ts', 'backend/src/cli/create-admin.ts'];

/** Sources of the COPY lines (not --from) in the stage named `stage`. */
function copiedSources(dockerfile, stage) {
  const lines = dockerfile.split('\n');
  const start = lines.findIndex((line) => new RegExp(`^FROM\\s+\\S+\\s+AS\\s+${stage}\\s*$`, 'i').test(line));
  if (start === -1) throw new Error(`the Dockerfile has no stage ${stage}`);
  const sources = [];
  for (const line of lines.slice(start + 1)) {
    if (/^FROM\s/i.test(line)) break;
    const copy = /^COPY\s+(?!--from)(?:--\S+\s+)*(.+)$/i.exec(line.trim());
    if (copy) sources.push(...copy[1].trim().split(/\s+/).slice(0, -1));
  }
  return sources;
}

/** Whether the stage named `stage` copies the backend's build output from the build stage. */
function copiesBuiltBackend(dockerfile, stage) {
  const text = dockerfile.split(/^FROM\s/im).find((part) => new RegExp(`^\\S+\\s+AS\\s+${stage}\\s*$`, 'im').test(part.split('\n')[0]));
  return /^COPY\s+--from=build\s+\/app\/backend\/dist\s+backend\/dist\s*$/m.test(text ?? '');
}

function isCopied(file, sources) {
  return sources.some((source) => {
    if (source.includes('*')) {
      const pattern = new RegExp(`^${source.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
      return pattern.test(file);
    }
    return file === source || file.startsWith(`${source.replace(/\/$/, '')}/`);
  });
}

function resolveLocal(fromFile, specifier) {
  const base = path.resolve(path.dirname(path.join(root, fromFile)), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}.mjs`, `${base}.js`, path.join(base, 'index.ts')];
  const found = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  if (!found) throw new Error(`${fromFile}: cannot resolve ${specifier}`);
  return path.relative(root, found);
}

const importPattern = /(?:^|[\s;])(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const sources = copiedSources(dockerfile, 'backend');
const backendPackage = JSON.parse(readFileSync(path.join(root, 'backend/package.json'), 'utf8'));
const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const productionPackages = new Set([...Object.keys(backendPackage.dependencies ?? {}), ...Object.keys(rootPackage.dependencies ?? {})]);
const builtins = new Set(builtinModules);

const problems = [];
const builtBackend = copiesBuiltBackend(dockerfile, 'backend');
if (!builtBackend) problems.push('the backend stage does not copy the built backend (COPY --from=build /app/backend/dist backend/dist)');
const backendStage = dockerfile.slice(dockerfile.search(/^FROM\s+\S+\s+AS\s+backend\s*$/im));
const command = /^CMD\s+(.+)$/m.exec(backendStage)?.[1] ?? '';
if (!/"backend\/dist\/main\.js"/.test(command) || /tsx/.test(command))
  problems.push(`the backend image must run node on backend/dist/main.js, not ${command || 'nothing'}`);
// The public pages are rendered from the frontend build (backend/src/site/pages.ts): the page
// frame and the server renderer, which imports nothing but Node's own modules.
const backendStageText = backendStage.split(/^FROM\s/im)[1] ?? '';
for (const [from, to] of [
  ['/app/frontend/dist/index.html', 'frontend/dist/index.html'],
  ['/app/frontend/dist-server', 'frontend/dist-server'],
]) {
  if (!new RegExp(`^COPY\\s+--from=build\\s+${from}\\s+${to}\\s*$`, 'm').test(backendStageText)) {
    problems.push(`the backend stage does not copy the page renderer's ${to} (COPY --from=build ${from} ${to})`);
  }
}
const rendererDir = path.join(root, 'frontend/dist-server');
if (existsSync(rendererDir)) {
  await initModuleLexer;
  for (const file of readdirSync(rendererDir, { recursive: true }).filter((name) => String(name).endsWith('.js'))) {
    // The module's own import statements and import() calls, read by a lexer: comments and
    // strings of bundled libraries ('You are importing createRoot from "react-dom"...') are not imports.
    const [imports] = parseModule(readFileSync(path.join(rendererDir, String(file)), 'utf8'));
    for (const { n: specifier } of imports) {
      if (specifier && !specifier.startsWith('.') && !specifier.startsWith('node:') && !builtins.has(specifier))
        problems.push(`frontend/dist-server/${file} imports ${specifier}, which the backend image does not have`);
    }
  }
}
if (/^COPY\s+(?!--from).*\btools\b/m.test(backendStage.split(/^FROM\s/im)[1] ?? ''))
  problems.push('the backend stage copies tools/, which is for development only');
/** The workspace package both sides import: plain JavaScript that the stage copies as it is. */
const sharedPackage = { name: '@ngo-site/shared', entry: 'shared/src/index.js' };
const seen = new Set();
const queue = [...entries];
while (queue.length > 0) {
  const file = queue.pop();
  if (seen.has(file)) continue;
  seen.add(file);
  if (file.startsWith('shared/src/')) {
    if (!isCopied(file, sources) || !isCopied('shared/package.json', sources))
      problems.push(`${file} is imported at run time but the backend stage does not copy it`);
  } else if (!file.startsWith('backend/src/')) problems.push(`${file} is imported at run time but is not part of the backend's build (backend/src)`);
  else if (!builtBackend && !isCopied(file, sources)) problems.push(`${file} is imported at run time but the backend stage does not copy it`);
  const text = readFileSync(path.join(root, file), 'utf8');
  for (const match of text.matchAll(importPattern)) {
    const specifier = match[1] ?? match[2];
    if (specifier.startsWith('.')) {
      queue.push(resolveLocal(file, specifier));
      continue;
    }
    if (specifier.startsWith('node:') || builtins.has(specifier)) continue;
    if (specifier === sharedPackage.name) queue.push(sharedPackage.entry);
    const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
    if (!productionPackages.has(name)) problems.push(`${file} imports ${name}, which is not a production dependency of the backend`);
  }
}

if (problems.length > 0) {
  console.error(problems.map((p) => `backend image: ${p}`).join('\n'));
  process.exit(1);
}
console.log(`ok (${seen.size} files reachable from ${entries.join(', ')}, all built into the image, which runs node on them)`);
