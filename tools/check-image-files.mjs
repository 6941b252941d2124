// The backend image holds only what the Dockerfile's `backend` stage copies and the production
// dependencies. This follows every import from backend/src/main.ts and fails when one reaches a
// file the stage does not copy, or a package that is not a production dependency (both would
// start locally and crash in the image).
import { builtinModules } from 'node:module';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = 'backend/src/main.ts';

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
const seen = new Set();
const queue = [entry];
while (queue.length > 0) {
  const file = queue.pop();
  if (seen.has(file)) continue;
  seen.add(file);
  if (!isCopied(file, sources)) problems.push(`${file} is imported at run time but the backend stage does not copy it`);
  const text = readFileSync(path.join(root, file), 'utf8');
  for (const match of text.matchAll(importPattern)) {
    const specifier = match[1] ?? match[2];
    if (specifier.startsWith('.')) {
      queue.push(resolveLocal(file, specifier));
      continue;
    }
    if (specifier.startsWith('node:') || builtins.has(specifier)) continue;
    const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
    if (!productionPackages.has(name)) problems.push(`${file} imports ${name}, which is not a production dependency of the backend`);
  }
}

if (problems.length > 0) {
  console.error(problems.map((p) => `backend image: ${p}`).join('\n'));
  process.exit(1);
}
console.log(`ok (${seen.size} files reachable from ${entry}, all in the image)`);
