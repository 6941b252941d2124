// 7. Rendered pages: `/` as the backends render it, through nginx (which keeps it for the current
// 200 ms), against nginx sending a static file of the same bytes with its .gz, 50 connections.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchContext } from '../context.js';
import { fetchBytes, postForm } from '../http.js';
import { compareLoads, needAllOk, type LoadJob } from '../load.js';
import { kib, ms, perSecond } from '../report.js';
import { need, type SectionOutput } from '../section.js';
import { startBenchTopology } from '../topology.js';
import { postFields } from './api-read.js';

export async function renderedPages(context: BenchContext, out: SectionOutput): Promise<void> {
  // The backends render from frontend/dist and frontend/dist-server (built first when missing or old).
  const topology = await startBenchTopology('rendered-pages', 400, { build: true });
  const { staticRoot, token } = topology;
  try {
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
    needAllOk(runs);
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
  }
}
