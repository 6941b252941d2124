// 6. Page views: the public read path while page-view beacons arrive, against the same reads with
// none and with the same beacons sent to a bare node:http server in the backend's process (the least
// a beacon can cost: one more HTTP request on the same cores).
import { startBareServer } from '../bare.js';
import { backendOf, type BenchContext } from '../context.js';
import { fetchBytes } from '../http.js';
import { runLoad, type LoadJob, type LoadResult } from '../load.js';
import { perSecond, ms } from '../report.js';
import { benchPort } from '../ports.js';
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
  const bare = await startBareServer(Buffer.alloc(0), 'text/plain', benchPort(92));
  const bareBeacons: LoadJob = { ...beacons, url: bare.url };
  const before = await backend.database.models.PageViewCount.countDocuments();

  // Alternating rounds, the median of each kind kept, so a busy moment spreads over all three.
  const rounds = context.quick ? 3 : 7;
  const alone: LoadResult[] = [];
  const beside: LoadResult[] = [];
  const besideBare: LoadResult[] = [];
  let beaconStatuses: Record<string, number> = {};
  try {
    for (let round = 0; round < rounds; round++) {
      alone.push(await runLoad(reads));
      const [withBeacons, sent] = await Promise.all([runLoad(reads), runLoad(beacons)]);
      beside.push(withBeacons);
      beaconStatuses = sent.statuses;
      besideBare.push((await Promise.all([runLoad(reads), runLoad(bareBeacons)]))[0]);
    }
  } finally {
    await bare.close();
  }
  const middle = (results: LoadResult[]) => [...results].sort((a, b) => a.rps - b.rps)[Math.floor(results.length / 2)]!;
  const quiet = middle(alone);
  const busy = middle(beside);
  const least = middle(besideBare);
  // The target compares each round's two runs, made back to back, and keeps the median of those
  // ratios: a busy moment on the machine then moves both sides of one ratio, not one median.
  const pairRatios = beside.map((result, round) => result.rps / besideBare[round]!.rps).sort((a, b) => a - b);
  const countedVsBare = pairRatios[Math.floor(pairRatios.length / 2)]!;
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
    },
    {
      measure: '  the same, beacons counted vs answered bare (median of rounds)',
      value: perSecond(busy.rps),
      baseline: `${perSecond(least.rps)} bare`,
      ratio: countedVsBare,
      target: '≥ 0.95x',
      met: countedVsBare >= 0.95,
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
  out.notes.push(`counted vs bare, the rounds sorted: ${pairRatios.map((ratio) => ratio.toFixed(2)).join(' ')}`);
  out.notes.push(
    "bare: the same beacons answered by a node:http server in the backend's process, i.e. what one more HTTP request costs the reads on these cores before any counting",
  );
  out.data = {
    quiet,
    busy,
    least,
    rounds: { alone: alone.map((r) => Math.round(r.rps)), beside: beside.map((r) => Math.round(r.rps)), besideBare: besideBare.map((r) => Math.round(r.rps)) },
    countedVsBare: pairRatios,
  };
}
