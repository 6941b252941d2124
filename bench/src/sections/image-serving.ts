// 2. Image serving: how many requests a second the backend answers for a photo a page shows,
// when the browser already has it (304) and when it has not (200), against the health check
// (a database ping behind the same middleware) measured in the same run.
import { Types } from 'mongoose';
import { backendOf, type BenchContext } from '../context.js';
import { fetchBytes } from '../http.js';
import { compareLoads, medianTime, type LoadJob, type LoadResult } from '../load.js';
import { kib, ms, perSecond } from '../report.js';
import { need, type SectionOutput } from '../section.js';

const servedWidth = 640;
/** Files added to the bucket to see how the lookup grows with the gallery (5 per photo). */
const extraFiles = 2000;

function expectOnly(result: LoadResult, status: number, what: string) {
  const wrong = Object.entries(result.statuses).filter(([code]) => Number(code) !== status);
  need(!wrong.length && !result.errors, `${what}: expected only ${status}, got ${JSON.stringify(result.statuses)} and ${result.errors} errors`);
}

export async function imageServing(context: BenchContext, out: SectionOutput): Promise<void> {
  const backend = backendOf(context);
  need(context.uploadedImageUrl, 'no uploaded image to serve (the image weight section did not upload one)');
  const variantUrl = `${backend.url}${context.uploadedImageUrl}&w=${servedWidth}`;
  const first = await fetchBytes(variantUrl);
  const etag = first.headers.get('etag');
  need(first.status === 200 && etag, `the ${servedWidth}w variant answered ${first.status} with ETag ${etag}`);

  const bounds = context.quick ? { concurrency: 8, maxSeconds: 1.5, maxRequests: 20_000 } : { concurrency: 16, maxSeconds: 3, maxRequests: 50_000 };
  const jobs: Record<'health' | 'notModified' | 'full', LoadJob> = {
    health: { url: `${backend.url}/api/health.php?ready=1`, ...bounds },
    notModified: { url: variantUrl, headers: { 'If-None-Match': etag }, ...bounds },
    full: { url: variantUrl, ...bounds },
  };
  const results = await compareLoads(jobs, context.quick ? 1 : 3);
  expectOnly(results.health, 200, 'health');
  expectOnly(results.notModified, 304, 'If-None-Match');
  expectOnly(results.full, 200, 'variant');

  const health = results.health;
  const baseline = `${perSecond(health.rps)} health`;
  out.rows.push(
    { measure: 'health.php (database ping)', value: perSecond(health.rps) },
    {
      measure: `w=${servedWidth} with If-None-Match (304)`,
      value: perSecond(results.notModified.rps),
      baseline,
      ratio: results.notModified.rps / health.rps,
      target: '≥ 1x health',
      met: results.notModified.rps >= health.rps,
    },
    {
      measure: `w=${servedWidth} in full (200, ${kib(results.full.bytesPerRequest)})`,
      value: perSecond(results.full.rps),
      baseline,
      ratio: results.full.rps / health.rps,
      target: '≥ 0.5x health',
      met: results.full.rps >= 0.5 * health.rps,
    },
    { measure: '  median / p95 latency, 304', value: `${ms(results.notModified.medianMs)} / ${ms(results.notModified.p95Ms)}` },
    { measure: '  median / p95 latency, 200', value: `${ms(results.full.medianMs)} / ${ms(results.full.p95Ms)}` },
  );
  // What the database alone costs each answer, one request at a time.
  const files = backend.database.connection.db!.collection('images.files');
  const imageId = new URL(variantUrl).searchParams.get('id')!;
  const source = new Types.ObjectId(imageId);
  const lookupMs = await medianTime(() => files.find({ 'metadata.source': source, 'metadata.widths': servedWidth }, { limit: 1 }).toArray(), 200);
  const pingMs = await medianTime(() => backend.database.ping(), 200);
  out.rows.push(
    { measure: '  database ping alone (health)', value: ms(pingMs) },
    { measure: '  variant lookup in images.files alone (304)', value: ms(lookupMs), baseline: `${ms(pingMs)} ping`, ratio: lookupMs / pingMs },
  );

  // A real gallery holds hundreds of photos, five files each. The lookup's cost as the bucket
  // grows shows whether it uses an index: file documents without chunks stand in for them.
  const galleryFiles = Array.from({ length: extraFiles }, (_, index) => ({
    length: 1000,
    chunkSize: 261120,
    uploadDate: new Date(),
    filename: `w${servedWidth}`,
    metadata: {
      kind: 'variant',
      owner: 'bench',
      contentType: 'image/webp',
      width: servedWidth,
      height: 480,
      source: new Types.ObjectId(),
      widths: [index % 2 ? 640 : 320],
    },
  }));
  await files.insertMany(galleryFiles);
  try {
    const grownLookupMs = await medianTime(() => files.find({ 'metadata.source': source, 'metadata.widths': servedWidth }, { limit: 1 }).toArray(), 50);
    const grown = await compareLoads({ notModified: jobs.notModified }, 1);
    expectOnly(grown.notModified, 304, 'If-None-Match with a full bucket');
    out.rows.push(
      {
        measure: `  lookup with ${extraFiles.toLocaleString('en-US')} more files (${extraFiles / 5} photos)`,
        value: ms(grownLookupMs),
        baseline: `${ms(lookupMs)} empty`,
        ratio: grownLookupMs / lookupMs,
        target: '≤ 2x',
        met: grownLookupMs <= 2 * lookupMs,
      },
      {
        measure: `  304 with ${extraFiles.toLocaleString('en-US')} more files`,
        value: perSecond(grown.notModified.rps),
        baseline: `${perSecond(health.rps)} health`,
        ratio: grown.notModified.rps / health.rps,
      },
    );
    out.data.grown = { extraFiles, grownLookupMs, notModified: grown.notModified };
  } finally {
    await files.deleteMany({ 'metadata.owner': 'bench' });
  }
  out.notes.push(
    `${bounds.concurrency} keep-alive connections from a worker thread, ${bounds.maxSeconds} s per run, median of ${context.quick ? 1 : 3} alternating rounds`,
  );
  out.data = { ...out.data, bounds, results, imageId, lookupMs, pingMs };
}
