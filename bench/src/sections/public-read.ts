// 5. The public read path on the production topology: nginx with two backends and one
// database, started as the e2e suite starts it, against a bare node:http server sending the same
// bytes and nginx sending the same file from disk, all measured in the same run.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { connectDatabase } from '../../../backend/src/database.js';
import type { BenchContext } from '../context.js';
import { fetchBytes, json, postForm } from '../http.js';
import { compareLoads, median, needAllOk, type LoadJob } from '../load.js';
import { makePhotoJpeg } from '../photo.js';
import { startBareServer } from '../bare.js';
import { benchPort } from '../ports.js';
import { kib, ms, perSecond, type Row } from '../report.js';
import { need, type SectionOutput } from '../section.js';
import { startBenchTopology } from '../topology.js';
import { postFields } from './api-read.js';

const summaryQuery = '/api/get_blogs.php?limit=12&page=1&fields=summary';

/** Median of `times` single requests, each right after a write made the cached copies old. */
async function coldMedian(url: string, headers: Record<string, string>, bump: () => Promise<void>, times: number) {
  const durations: number[] = [];
  for (let i = 0; i < times; i++) {
    await bump();
    const started = performance.now();
    const res = await fetchBytes(url, { headers });
    durations.push(performance.now() - started);
    need(res.status === 200, `${url} answered ${res.status}`);
  }
  return median(durations);
}

export async function publicRead(context: BenchContext, out: SectionOutput): Promise<void> {
  const topology = await startBenchTopology('public-read', 300);
  const { staticRoot, token } = topology;
  const database = await connectDatabase(topology.mongoUrl, { timeoutMs: 5000 });
  const closers: (() => Promise<void>)[] = [];
  try {
    const [one, two] = topology.backends.map((backend) => backend.url) as [string, string];
    let firstPost = { id: '', title: '' };
    for (let index = 0; index < 50; index++) {
      const res = await postForm(`${topology.baseUrl}/api/add_blog.php`, token, postFields(index));
      need(res.status === 201, `seeding post ${index + 1} answered ${res.status}`);
      if (index === 0) firstPost = json<{ data: typeof firstPost }>(res).data;
    }

    // --- the legacy list: through nginx, straight from one backend, and bare ---
    const legacy = await fetchBytes(`${topology.baseUrl}/api/get_blogs.php`);
    need(legacy.status === 200 && json<unknown[]>(legacy).length === 50, `get_blogs.php answered ${legacy.status}`);
    const bare = await startBareServer(legacy.body, legacy.headers.get('content-type') ?? 'application/json', benchPort(91));
    closers.push(bare.close);
    const load = context.quick ? { concurrency: 50, maxSeconds: 1.5, maxRequests: 30_000 } : { concurrency: 50, maxSeconds: 3, maxRequests: 100_000 };
    const legacyRuns = await compareLoads<'nginx' | 'backend' | 'bare'>(
      {
        nginx: { url: `${topology.baseUrl}/api/get_blogs.php`, ...load },
        backend: { url: `${one}/api/get_blogs.php`, ...load },
        bare: { url: bare.url, ...load },
      } satisfies Record<string, LoadJob>,
      context.quick ? 1 : 3,
    );
    needAllOk(legacyRuns);

    // --- a summary page of 12, at 50 posts and at 1,000 ---
    const gzip = { 'Accept-Encoding': 'gzip' };
    // A write on backend 1 (a post saved unchanged), then the wait until both instances know of
    // it (the other reads the version every 100 ms), so the read timed next is the first of the new version.
    const versionAt = async (backend: string) => json<{ version: number }>(await fetchBytes(`${backend}/api/get_content_version.php`)).version;
    const bump = async () => {
      const saved = await postForm(`${one}/api/update_blog.php`, token, { id: firstPost.id, title: firstPost.title });
      need(saved.status === 200, `update_blog.php answered ${saved.status}`);
      const version = await versionAt(one);
      for (let tries = 0; (await versionAt(two)) < version; tries++) {
        need(tries < 200, `backend 2 did not learn of version ${version} within 2 s`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const summaryAt = async () => {
      const res = await fetchBytes(`${topology.baseUrl}${summaryQuery}`, { headers: gzip });
      need(res.status === 200, `the summary page answered ${res.status}`);
      // fetch decodes gzip; what travels is the gzip of the JSON the backend made once.
      const sent = Number(res.headers.get('content-length')) || gzipSync(res.body, { level: 6 }).length;
      const hot = await compareLoads<'page'>(
        {
          page: {
            url: `${topology.baseUrl}${summaryQuery}`,
            headers: gzip,
            concurrency: 1,
            maxRequests: context.quick ? 100 : 300,
            maxSeconds: 5,
            warmupRequests: 20,
          },
        },
        1,
      );
      const cold = await coldMedian(`${topology.baseUrl}${summaryQuery}`, gzip, bump, context.quick ? 7 : 15);
      return { bytes: sent, total: Number(res.headers.get('x-total-count')), hotMs: hot.page.medianMs, coldMs: cold };
    };
    const at50 = await summaryAt();
    const more = Array.from({ length: 950 }, (_, index) => {
      const fields = postFields(50 + index);
      const createdAt = new Date(Date.now() - (index + 1) * 60_000);
      return { ...fields, date: new Date(`${fields.date}T00:00:00Z`), image: null, createdAt, updatedAt: createdAt };
    });
    await database.models.Blog.insertMany(more);
    await bump();
    const at1000 = await summaryAt();
    need(at1000.total === 1000, `the archive holds ${at1000.total} posts, expected 1000`);

    // --- a write on backend 1, read on backend 2 (and through nginx) ---
    const visibleAfter = async (readBase: string) => {
      const title = `Bench visibility ${Date.now()}`;
      const written = await postForm(`${one}/api/add_blog.php`, token, { title, content: 'x' });
      need(written.status === 201, `add_blog.php on backend 1 answered ${written.status}`);
      const acknowledged = performance.now();
      for (;;) {
        const res = await fetchBytes(`${readBase}/api/get_blogs.php?limit=1&fields=summary`);
        if (res.status === 200 && json<{ title: string }[]>(res)[0]?.title === title) return performance.now() - acknowledged;
        need(performance.now() - acknowledged < 5000, `the write was not seen on ${readBase} within 5 s`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const visibility = { backend2: [] as number[], nginx: [] as number[] };
    for (let i = 0; i < 5; i++) {
      visibility.backend2.push(await visibleAfter(two));
      visibility.nginx.push(await visibleAfter(topology.baseUrl));
    }

    // --- images through nginx vs the same bytes from disk ---
    const photo = context.photo ?? (await makePhotoJpeg());
    const uploaded = await postForm(`${topology.baseUrl}/api/add_gallery_image.php`, token, {
      title: 'Bench photo',
      category: 'health',
      image: { file: photo, name: 'photo.jpg', type: 'image/jpeg' },
    });
    need(uploaded.status === 201, `the photo upload answered ${uploaded.status}`);
    const imageUrl = `${topology.baseUrl}${json<{ data: { image_url: string }[] }>(uploaded).data[0]!.image_url}&w=640`;
    const variant = await fetchBytes(imageUrl);
    need(variant.status === 200, `the 640w variant answered ${variant.status}`);
    writeFileSync(path.join(staticRoot, 'photo-640.webp'), variant.body);
    const imageLoad = context.quick ? { concurrency: 16, maxSeconds: 1.5, maxRequests: 30_000 } : { concurrency: 16, maxSeconds: 3, maxRequests: 100_000 };
    const images = await compareLoads<'api' | 'disk'>(
      { api: { url: imageUrl, ...imageLoad }, disk: { url: `${topology.baseUrl}/photo-640.webp`, ...imageLoad } },
      context.quick ? 1 : 3,
    );
    needAllOk({ 'image api': images.api, 'image disk': images.disk });

    const { nginx, backend, bare: bareRun } = legacyRuns;
    const worst = (values: number[]) => Math.max(...values);
    // A ratio row: value and baseline formatted alike; `at most`/`at least` the target ratio.
    const compared = (
      measure: string,
      format: (n: number) => string,
      value: number,
      base: number,
      baseName: string,
      limit?: { atMost?: number; atLeast?: number; text: string },
    ): Row => ({
      measure,
      value: format(value),
      baseline: `${format(base)} ${baseName}`,
      ratio: value / base,
      ...(limit && { target: limit.text, met: limit.atMost !== undefined ? value <= limit.atMost * base : value >= limit.atLeast! * base }),
    });
    const bound = (measure: string, valueMs: number): Row => ({ measure, value: ms(valueMs), target: '≤ 1 s', met: valueMs <= 1000 });
    const rows: Row[] = [
      { measure: 'get_blogs.php (legacy, 50 posts) body', value: kib(legacy.body.length) },
      compared('legacy list through nginx, 50 connections', perSecond, nginx.rps, bareRun.rps, 'bare', { atLeast: 0.5, text: '≥ 0.5x bare' }),
      compared('  p99 latency through nginx', ms, nginx.p99Ms, bareRun.p99Ms, 'bare', { atMost: 3, text: '≤ 3x bare' }),
      compared('legacy list straight from one backend', perSecond, backend.rps, bareRun.rps, 'bare', { atLeast: 0.25, text: '≥ 0.25x bare' }),
      compared('  p99 latency straight from one backend', ms, backend.p99Ms, bareRun.p99Ms, 'bare'),
      { measure: 'summary page of 12, gzip (50 posts)', value: kib(at50.bytes), target: '≤ 8 KiB', met: at50.bytes <= 8 * 1024 },
      compared('  bytes at 1,000 posts', kib, at1000.bytes, at50.bytes, 'at 50', { atMost: 1.2, text: '≤ 1.2x' }),
      compared('  time at 1,000 posts (median, 1 client)', ms, at1000.hotMs, at50.hotMs, 'at 50', { atMost: 1.2, text: '≤ 1.2x' }),
      compared('  first read after a write at 1,000 posts (median)', ms, at1000.coldMs, at50.coldMs, 'at 50'),
      bound('a write on backend 1 seen on backend 2 (worst of 5)', worst(visibility.backend2)),
      bound('  the same write seen through nginx (worst of 5)', worst(visibility.nginx)),
      compared('image w=640 through nginx, 16 connections', perSecond, images.api.rps, images.disk.rps, 'nginx from disk', { atLeast: 0.8, text: '≥ 0.8x' }),
    ];
    out.rows.push(...rows);
    out.notes.push(
      'topology: nginx (2 workers) → 2 backends → FerretDB, as npm run test:e2e starts it; bare = the same bytes from a node:http server in this process',
      `legacy list rounds (req/s): nginx ${nginx.roundsRps.join(' ')}, backend ${backend.roundsRps.join(' ')}, bare ${bareRun.roundsRps.join(' ')}`,
    );
    out.data = { legacyBytes: legacy.body.length, legacyRuns, at50, at1000, visibility, images };
  } finally {
    for (const close of closers) await close();
    await database.close();
    await topology.stop();
  }
}
