// Everything generated that is kept in git, from one command (`npm run gen:api`):
//   shared/src/contract.gen.d.ts  the API's types, from openapi.yaml (openapi-typescript); the
//                                backend and the frontend import them as @ngo-site/shared/contract
//   frontend/src/routeTree.gen.ts the frontend's route tree, from frontend/src/routes (TanStack Router)
// `--check` generates into a scratch folder and fails, naming the files, when a committed one
// differs: CI's one stale-check (after a change to openapi.yaml or a route, run gen:api and commit).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Generator, getConfig } from '@tanstack/router-generator';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const outputs = ['shared/src/contract.gen.d.ts', 'frontend/src/routeTree.gen.ts'];

async function generate(into) {
  const bin = path.join(root, 'node_modules/.bin/openapi-typescript');
  execFileSync(bin, [path.join(root, 'openapi.yaml'), '-o', path.join(into, outputs[0])], { stdio: ['ignore', 'ignore', 'inherit'] });
  // The same settings as the router plugin in frontend/vite.config.ts.
  const frontend = path.join(into, 'frontend');
  const config = getConfig(
    {
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: path.join(frontend, 'src/routes'),
      generatedRouteTree: path.join(into, outputs[1]),
      disableLogging: true,
    },
    frontend,
  );
  await new Generator({ config, root: frontend }).run();
}

if (!check) {
  await generate(root);
  console.log(`generated ${outputs.join(', ')}`);
} else {
  const scratch = mkdtempSync(path.join(tmpdir(), 'ngo-generate-'));
  try {
    // The route tree is generated next to the routes it imports, so they are copied over.
    cpSync(path.join(root, 'frontend/src/routes'), path.join(scratch, 'frontend/src/routes'), { recursive: true });
    await generate(scratch);
    const stale = outputs.filter((file) => {
      const committed = path.join(root, file);
      return !existsSync(committed) || readFileSync(committed, 'utf8') !== readFileSync(path.join(scratch, file), 'utf8');
    });
    if (stale.length) {
      console.error(`Out of date: ${stale.join(', ')}. Run \`npm run gen:api\` and commit the result.`);
      process.exit(1);
    }
    console.log(`up to date: ${outputs.join(', ')}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
