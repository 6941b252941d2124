// 7. Rendered pages (issue 10): the home page `/` as the backends render it from the
// published-content cache, through nginx (which keeps it for the current 200 ms), against nginx
// sending a static file of the same bytes (with its precompressed .gz, as it sends the build's
// files), 50 connections, a browser's Accept-Encoding, measured in the same run.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
// @ts-expect-error: the topology is a plain ES module shared with the e2e and fault suites.
import { startTopology } from '../../../e2e/topology.mjs';
import type { BenchContext } from '../context.js';
import { fetchBytes, postForm } from '../http.js';
import { compareLoads, type LoadJob } from '../load.js';
import { benchPort } from '../ports.js';
import { kib, ms, perSecond } from '../report.js';
import { need, type SectionOutput } from '../section.js';
import { postFields } from './api-read.js';

interface Topology {
  baseUrl: string;
  admin: { email: string; password: string };
  stop(): Promise<void>;
}

export async function renderedPages(context: BenchContext, out: SectionOutput): Promise<void> {
  const scratch = path.resolve('.tmp/bench', `rendered-pages-${process.pid}`);
  const staticRoot = path.join(scratch, 'static');
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(staticRoot, { recursive: true });
  writeFileSync(path.join(staticRoot, 'index.html'), '<!doctype html><title>bench</title>');
  // The backends render from frontend/dist and frontend/dist-server (built by the e2e topology when missing or old).
  const topology = (await startTopology({
    portBase: benchPort(400),
    staticRoot,
    runDir: path.join(scratch, 'topology'),
    backendEnv: { RESPONSE_CHECK: 'off', LOG_LEVEL: 'warn' },
  })) as Topology;
  try {
    const login = await fetch(`${topology.baseUrl}/api/login.php`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(topology.admin),
    });
    const { token } = (await login.json()) as { token?: string };
    need(token, `login answered ${login.status}`);
    for (let index = 0; index < 12; index++) {
      const res = await postForm(`${topology.baseUrl}/api/add_blog.php`, token, postFields(index));
      need(res.status === 201, `seeding post ${index + 1} answered ${res.status}`);
    }
    const browserEncoding = { 'Accept-Encoding': 'gzip, deflate, br' };
    const page = await fetchBytes(`${topology.baseUrl}/`, { headers: browserEncoding });
    need(page.status === 200 && page.body.includes('<h1'), `/ answered ${page.status} without a heading`);
    writeFileSync(path.join(staticRoot, 'home-static.html'), page.body);
    writeFileSync(path.join(staticRoot, 'home-static.html.gz'), gzipSync(page.body, { level: 9 }));

    const load = context.quick ? { concurrency: 50, maxSeconds: 1.5, maxRequests: 30_000 } : { concurrency: 50, maxSeconds: 3, maxRequests: 100_000 };
    const runs = await compareLoads<'rendered' | 'file'>(
      {
        rendered: { url: `${topology.baseUrl}/`, headers: browserEncoding, ...load },
        file: { url: `${topology.baseUrl}/home-static.html`, headers: browserEncoding, ...load },
      } satisfies Record<string, LoadJob>,
      context.quick ? 1 : 3,
    );
    for (const [name, result] of Object.entries(runs)) {
      need(
        result.statuses['200'] === result.requests && result.errors === 0,
        `${name} under load: ${JSON.stringify(result.statuses)}, ${result.errors} errors`,
      );
    }
    const { rendered, file } = runs;
    out.rows.push(
      { measure: 'rendered / (HTML)', value: kib(page.body.length) },
      {
        measure: 'rendered / through nginx, 50 connections',
        value: perSecond(rendered.rps),
        baseline: `${perSecond(file.rps)} nginx static file`,
        ratio: rendered.rps / file.rps,
        target: '≥ 0.5x',
        met: rendered.rps >= 0.5 * file.rps,
      },
      { measure: '  p99 latency', value: ms(rendered.p99Ms), baseline: `${ms(file.p99Ms)} nginx static file`, ratio: rendered.p99Ms / file.p99Ms },
    );
    out.notes.push(
      'topology as npm run test:e2e starts it; nginx keeps the page for the current 200 ms, then asks a backend (which renders it once per content version)',
      `rounds (req/s): rendered ${rendered.roundsRps.join(' ')}, file ${file.roundsRps.join(' ')}`,
    );
    out.data = { htmlBytes: page.body.length, runs };
  } finally {
    await topology.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}
