// 5. Page views: the public read path while page-view beacons arrive, against the same reads
// with none. Beacons are counted in memory and written in batches (PAGE_VIEW_FLUSH_MS), so the
// reads should not notice them beyond the small cost of answering each beacon.
import { backendOf, type BenchContext } from '../context.js';
import { fetchBytes } from '../http.js';
import { runLoad, type LoadJob, type LoadResult } from '../load.js';
import { perSecond, ms } from '../report.js';
import { need, type SectionOutput } from '../section.js';

/** A visit's page makes several requests (the list or post, its images); one beacon per four reads is a generous share. */
const readsPerBeacon = 4;
const browser = 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

export async function pageViews(context: BenchContext, out: SectionOutput): Promise<void> {
  const backend = backendOf(context);
  const listUrl = `${backend.url}/api/get_blogs.php`;
  need((await fetchBytes(listUrl)).status === 200, 'get_blogs.php did not answer 200');
  const seconds = context.quick ? 2 : 4;
  const reads: LoadJob = { url: listUrl, concurrency: context.quick ? 8 : 16, maxSeconds: seconds, maxRequests: 50_000 };
  // The reads alone first, to set the beacons' rate from them.
  const first = await runLoad(reads);
  const beaconsPerSecond = Math.max(5, Math.round(first.rps / readsPerBeacon));
  const beacons: LoadJob = {
    url: `${backend.url}/api/track.php`,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': browser },
    body: JSON.stringify({ path: '/blog', referrer: 'https://www.google.com/' }),
    ratePerSecond: beaconsPerSecond,
    concurrency: 2,
    maxSeconds: seconds,
    maxRequests: beaconsPerSecond * seconds,
    warmupRequests: 0,
  };
  const before = await backend.database.models.PageViewCount.countDocuments();

  // Alternating rounds, the median of each kind kept, so a busy moment spreads over both.
  const rounds = context.quick ? 3 : 5;
  const alone: LoadResult[] = [];
  const beside: LoadResult[] = [];
  let beaconStatuses: Record<string, number> = {};
  for (let round = 0; round < rounds; round++) {
    alone.push(await runLoad(reads));
    const [withBeacons, sent] = await Promise.all([runLoad(reads), runLoad(beacons)]);
    beside.push(withBeacons);
    beaconStatuses = sent.statuses;
  }
  const middle = (results: LoadResult[]) => [...results].sort((a, b) => a.rps - b.rps)[Math.floor(results.length / 2)]!;
  const quiet = middle(alone);
  const busy = middle(beside);
  need(Object.keys(beaconStatuses).join() === '204', `track.php answered ${JSON.stringify(beaconStatuses)}`);
  // Wait out one batch interval so the counts reached the database.
  await new Promise((resolve) => setTimeout(resolve, 3500));
  const stored = await backend.database.models.PageViewCount.countDocuments();

  out.rows.push(
    {
      measure: `get_blogs.php throughput with ${beaconsPerSecond} beacons/s`,
      value: perSecond(busy.rps),
      baseline: `${perSecond(quiet.rps)} without`,
      ratio: busy.rps / quiet.rps,
      target: '≥ 0.95x',
      met: busy.rps >= 0.95 * quiet.rps,
    },
    {
      measure: '  median latency with / without',
      value: ms(busy.medianMs),
      baseline: ms(quiet.medianMs),
      ratio: busy.medianMs / quiet.medianMs,
    },
    { measure: '  page-view documents written', value: String(stored - before), baseline: 'one per day, path and referrer' },
  );
  out.notes.push(
    `${beaconsPerSecond} beacons/s: one per ${readsPerBeacon} reads the list manages alone (${Math.round(first.rps)}/s), i.e. ${Math.round((beaconsPerSecond * 86400) / 1e6)} million page views a day`,
  );
  out.data = { quiet, busy, rounds: { alone: alone.map((r) => Math.round(r.rps)), beside: beside.map((r) => Math.round(r.rps)) } };
}
