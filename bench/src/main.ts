// The benchmark run: starts the real backend in this process, runs each section, prints a table
// per section and writes bench/results/latest.json. Every number that has a target is a ratio
// against a baseline measured in the same run, so a slow or busy machine moves both alike.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchBackend } from './backend.js';
import type { BenchContext } from './context.js';
import { printSection, type SectionResult } from './report.js';
import { runSection, type SectionOutput } from './section.js';
import { apiRead } from './sections/api-read.js';
import { imageServing } from './sections/image-serving.js';
import { imageWeight } from './sections/image-weight.js';
import { pageWeight } from './sections/page-weight.js';

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(benchDir, '..');
const distDir = path.join(repoRoot, 'frontend/dist');

const usage = `Usage: npm run bench [-- --quick] [-- --strict]
  --quick   shorter load runs and fewer repeats (about a minute)
  --strict  exit 1 when a target is missed or a section is skipped`;

const sections: { title: string; run: (context: BenchContext, out: SectionOutput) => Promise<void> }[] = [
  { title: '1. Image weight: a 4000x3000 phone photo and the variants pages use', run: imageWeight },
  { title: '2. Image serving: a cached variant vs the health check', run: imageServing },
  { title: '3. API read: get_blogs.php with 50 posts vs the same bytes from bare node:http', run: apiRead },
  { title: '4. Page weight: what / loads vs the whole build', run: pageWeight },
];

/** Builds the frontend when dist is missing; a failed build makes the page weight section skip. */
function ensureFrontendBuild(): string | undefined {
  if (existsSync(path.join(distDir, 'index.html'))) return undefined;
  console.log('frontend/dist is missing: building it (npm run build -w frontend)...');
  try {
    execFileSync('npm', ['run', 'build', '-w', 'frontend'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'], timeout: 240_000 });
    return undefined;
  } catch (error) {
    return `the frontend build failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  }
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) return console.log(usage);
  const unknown = args.filter((arg) => !['--quick', '--strict'].includes(arg));
  if (unknown.length) {
    console.error(`Unknown argument ${unknown.join(' ')}\n${usage}`);
    process.exitCode = 2;
    return;
  }
  const quick = args.includes('--quick');
  const started = performance.now();
  console.log(
    `bench${quick ? ' --quick' : ''}: node ${process.version}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );

  const buildProblem = ensureFrontendBuild();
  const scratchDir = path.join(repoRoot, '.tmp/bench', `run-${process.pid}`);
  let context: BenchContext;
  try {
    const backend = await startBenchBackend({ scratchDir, staticDir: existsSync(path.join(distDir, 'index.html')) ? distDir : '' });
    context = { quick, backend, distDir };
    console.log(`backend ${backend.url} on ${backend.databaseKind}`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.log(`the backend could not be started: ${message}`);
    context = { quick, backend: { error: message }, distDir };
  }

  const results: SectionResult[] = [];
  try {
    for (const section of sections) {
      const result =
        section.run === pageWeight && buildProblem
          ? await runSection(section.title, async () => {
              throw new Error(buildProblem);
            })
          : await runSection(section.title, (out) => section.run(context, out));
      printSection(result);
      results.push(result);
    }
  } finally {
    if (!('error' in context.backend)) await context.backend.stop();
  }

  const seconds = (performance.now() - started) / 1000;
  const missed = results.flatMap((section) => section.rows.filter((row) => row.met === false).map((row) => `${section.title.split(':')[0]} ${row.measure.trim()}`));
  const skipped = results.filter((section) => section.status === 'skipped').map((section) => section.title.split(':')[0]);
  console.log('');
  console.log(`bench: ${seconds.toFixed(0)} s, ${results.length - skipped.length} sections run, ${skipped.length} skipped, ${missed.length} targets missed`);
  for (const line of missed) console.log(`  missed: ${line}`);

  const resultsDir = path.join(benchDir, 'results');
  mkdirSync(resultsDir, { recursive: true });
  const report = {
    finishedAt: new Date().toISOString(),
    quick,
    seconds,
    machine: { node: process.version, cores: os.cpus().length, cpu: os.cpus()[0]?.model, loadAverage: os.loadavg() },
    sections: results,
  };
  writeFileSync(path.join(resultsDir, 'latest.json'), JSON.stringify(report, null, 2) + '\n');
  console.log(`results: ${path.relative(repoRoot, path.join(resultsDir, 'latest.json'))}`);
  if (args.includes('--strict') && (missed.length || skipped.length)) process.exitCode = 1;
}

await main();
