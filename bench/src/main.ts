// The benchmark run: starts the real backend in this process, runs each section, prints a table
// per section and writes bench/results/latest.json. Every number that has a target is a ratio
// against a baseline measured in the same run, so a slow or busy machine moves both alike.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchBackend } from './backend.js';
import type { BenchContext } from './context.js';
import { printSection, type SectionResult } from './report.js';
import { runSection, type SectionOutput } from './section.js';
import { adminLists } from './sections/admin-lists.js';
import { apiRead } from './sections/api-read.js';
import { imageServing } from './sections/image-serving.js';
import { imageWeight } from './sections/image-weight.js';
import { newsletter } from './sections/newsletter.js';
import { pageViews } from './sections/page-views.js';
import { pageWeight } from './sections/page-weight.js';
import { publicRead } from './sections/public-read.js';
import { renderedPages } from './sections/rendered-pages.js';

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(benchDir, '..');
const distDir = path.join(repoRoot, 'frontend/dist');

const usage = `Usage: npm run bench [-- --quick] [-- --strict] [-- --only N[,N]]
  --quick   shorter load runs and fewer repeats (about a minute)
  --strict  exit 1 when a target is missed or a section is skipped
  --only    run only these sections (by number, e.g. --only 5)
  BENCH_PORT_BASE=N   listen on N..N+999 (default 23000)`;

const sections: { title: string; run: (context: BenchContext, out: SectionOutput) => Promise<void> }[] = [
  { title: '1. Image weight: a 4000x3000 phone photo and the variants pages use', run: imageWeight },
  { title: '2. Image serving: a cached variant vs the health check', run: imageServing },
  { title: '3. API read: get_blogs.php with 50 posts vs the same bytes from bare node:http', run: apiRead },
  { title: '4. Page weight: what / loads vs the whole build', run: pageWeight },
  { title: '5. Public read path: nginx, two backends and the database vs a bare server and nginx from disk', run: publicRead },
  { title: '6. Page views: get_blogs.php while page-view beacons arrive vs without', run: pageViews },
  { title: '7. Rendered pages: / through nginx vs nginx sending a static file of the same bytes', run: renderedPages },
  { title: '8. Admin lists: a page of 50 registrations and the dashboard figures at 100,000 rows vs 300', run: adminLists },
  { title: '9. Newsletter: a post to 5,000 subscribers through the outbox vs nodemailer from a bare script', run: newsletter },
];

interface FrontendBuild {
  /** The build to measure, or undefined when there is none. */
  distDir?: string;
  /** Why the build is missing, or what to know about the one measured. */
  note?: string;
}

const newestChange = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const full = path.join(dir, entry.name);
    return Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }, 0);

const firstLine = (error: unknown) => (error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));

/**
 * The build to measure: frontend/dist, built first when missing (as `npm run build -w frontend`
 * does). When its sources changed since, a fresh copy is built into .tmp/bench so the numbers
 * are those of the code as it is now; if that fails, the older build is measured and said so.
 */
function frontendBuild(): FrontendBuild {
  const has = (dir: string) => existsSync(path.join(dir, 'index.html'));
  if (!has(distDir)) {
    console.log('frontend/dist is missing: building it (npm run build -w frontend)...');
    try {
      execFileSync('npm', ['run', 'build', '-w', 'frontend'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'pipe'], timeout: 240_000 });
    } catch (error) {
      // The size report at the end of the build may fail after dist was written.
      if (!has(distDir)) return { note: `the frontend build failed: ${firstLine(error)}` };
    }
    return { distDir };
  }
  if (newestChange(path.join(repoRoot, 'frontend/src')) <= statSync(path.join(distDir, 'index.html')).mtimeMs) return { distDir };
  const freshDir = path.join(repoRoot, '.tmp/bench/frontend-dist');
  console.log('frontend/src changed since frontend/dist was built: building a fresh copy into .tmp/bench/frontend-dist...');
  try {
    execFileSync('npx', ['vite', 'build', '--outDir', freshDir, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: path.join(repoRoot, 'frontend'),
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 240_000,
    });
    return { distDir: freshDir, note: 'measured a fresh build of frontend/src in .tmp/bench/frontend-dist' };
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString('utf8') ?? '';
    // Vite prints "error during build:" and the reason on the next line.
    const lines = stderr.split('\n').map((line) => line.trim());
    const at = lines.findIndex((line) => /error/i.test(line));
    const reason = (at >= 0 ? lines.slice(at, at + 2).join(' ') : '') || firstLine(error);
    return {
      distDir,
      note: `frontend/dist is older than frontend/src and a fresh build failed (${reason.slice(0, 200)}): these numbers are of the build from ${statSync(path.join(distDir, 'index.html')).mtime.toISOString()}`,
    };
  }
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) return console.log(usage);
  const onlyAt = args.indexOf('--only');
  const only = onlyAt >= 0 ? new Set((args[onlyAt + 1] ?? '').split(',').filter(Boolean)) : undefined;
  const unknown = args.filter((arg, index) => !['--quick', '--strict', '--only'].includes(arg) && !(onlyAt >= 0 && index === onlyAt + 1));
  if (only && (only.size === 0 || [...only].some((n) => !sections.some((section) => section.title.startsWith(`${n}.`))))) {
    console.error(`--only takes section numbers from 1 to ${sections.length}\n${usage}`);
    process.exitCode = 2;
    return;
  }
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

  const build = frontendBuild();
  if (build.note) console.log(build.note);
  const scratchDir = path.join(repoRoot, '.tmp/bench', `run-${process.pid}`);
  let context: BenchContext;
  try {
    const backend = await startBenchBackend({ scratchDir, staticDir: build.distDir ?? '' });
    context = { quick, backend, build };
    console.log(`backend ${backend.url} on ${backend.databaseKind}`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.log(`the backend could not be started: ${message}`);
    context = { quick, backend: { error: message }, build };
  }

  const results: SectionResult[] = [];
  try {
    for (const section of sections) {
      if (only && !only.has(section.title.split('.')[0]!)) continue;
      const result = await runSection(section.title, (out) => section.run(context, out));
      printSection(result);
      results.push(result);
    }
  } finally {
    if (!('error' in context.backend)) await context.backend.stop();
  }

  const seconds = (performance.now() - started) / 1000;
  const missed = results.flatMap((section) =>
    section.rows.filter((row) => row.met === false).map((row) => `${section.title.split(':')[0]} ${row.measure.trim()}`),
  );
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
