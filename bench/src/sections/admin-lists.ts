// 8. Admin lists: a page of 50 registrations and the dashboard figures with 300 and with 100,000
// registrations. Each size gets a database of its own, filled with insertMany straight into it
// (as a restore or an import would), and an instance of the app started on it afterwards, which
// first reads its lists into memory. The two are then measured in alternating rounds.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Types } from 'mongoose';
import pino from 'pino';
import { createApp, requestListener } from '../../../backend/src/app.js';
import { loadConfig } from '../../../backend/src/config.js';
import { connectDatabase } from '../../../backend/src/database.js';
import { rowBytes } from '../../../backend/src/features/admin-lists/budget.js';
import { createAdmin } from '../../../backend/src/features/auth/service.js';
import { toVolunteerView } from '../../../backend/src/features/volunteers/view.js';
import { Lifecycle } from '../../../backend/src/http/lifecycle.js';
import { untilListsHeld } from '../../../backend/test/lists-held.js';
// @ts-expect-error: the database ladder is a plain ES module shared with the backend and e2e.
import { withDatabaseName } from '../../../tools/database.mjs';
import { backendOf, type BenchContext } from '../context.js';
import { fetchBytes } from '../http.js';
import { compareLoads, type LoadJob } from '../load.js';
import { benchPort, listenInRange } from '../ports.js';
import { kib, ms } from '../report.js';
import { need, type SectionOutput } from '../section.js';

const sizes = { small: 300, large: 100_000 } as const;
const pageSize = 50;
const fillBatch = 1000;

/** A registration as the form leaves it, numbered with a fixed width so pages weigh the same at any size. */
function registration(n: number, start: number) {
  const id = String(n).padStart(6, '0');
  const at = new Date(start + n * 60_000);
  return {
    _id: new Types.ObjectId(),
    name: `Volunteer ${id}`,
    email: `volunteer${id}@example.org`,
    mobile: '+91 98765 43210',
    gender: n % 2 ? 'Female' : 'Male',
    interest: ['teaching', 'event', 'fundraising', 'social'][n % 4]!,
    start_date: new Date(Date.UTC(2025, n % 12, 1)),
    address: `House ${id}, Lalpur, Ranchi, Jharkhand 834001`,
    about: 'I can help on weekends with teaching children and with the health camps.',
    createdAt: at,
    updatedAt: at,
  };
}

/** The heap in use after a full collection (gc exposed at run time for this measure only). */
function heapAfterCollection(): number {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** What the memory budget counts for `rows` registrations, summed a row at a time (none kept). */
function budgetCount(rows: number): number {
  let bytes = 0;
  for (let n = 0; n < rows; n++) bytes += rowBytes(toVolunteerView(registration(n, 0)));
  return bytes;
}

/** A database with `rows` registrations written straight into it, and an app started on it afterwards. */
async function startSite(serverUrl: string, rows: number, scratchDir: string) {
  const database = await connectDatabase(withDatabaseName(serverUrl, `bench_lists_${randomBytes(4).toString('hex')}`) as string);
  const cleanUp: (() => Promise<unknown>)[] = [() => database.connection.dropDatabase().catch(() => undefined), () => database.close()];
  const stop = async () => {
    for (const step of cleanUp.reverse()) await step();
  };
  try {
    const filling = performance.now();
    const start = Date.UTC(2020, 0, 1);
    for (let from = 0; from < rows; from += fillBatch) {
      const batch = Array.from({ length: Math.min(fillBatch, rows - from) }, (_, i) => registration(from + i, start));
      await database.models.Volunteer.collection.insertMany(batch, { ordered: false });
    }
    const fillMs = performance.now() - filling;
    const admin = { email: 'bench@example.test', password: randomBytes(12).toString('hex') };
    await createAdmin(database.models.AdminUser, admin.email, admin.password);

    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: path.join(scratchDir, `data-${rows}`),
      STATIC_DIR: '',
      PAGES_DIR: '',
      JWT_SECRET: randomBytes(32).toString('hex'),
      RESPONSE_CHECK: 'off',
      LOG_LEVEL: 'info',
      LOGIN_MAX_ATTEMPTS: '1000',
    });
    const heapBefore = heapAfterCollection();
    const building = performance.now();
    const lifecycle = new Lifecycle();
    const logger = pino({ level: 'info', base: undefined }, pino.destination({ dest: '/dev/null', sync: false }));
    const server = createServer(requestListener(createApp(config, { db: database, logger, lifecycle })));
    server.keepAliveTimeout = 65_000;
    const port = await listenInRange(server, benchPort(110));
    cleanUp.push(async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await lifecycle.stop();
    });
    const url = `http://127.0.0.1:${port}`;
    const login = await fetchBytes(`${url}/api/login.php`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(admin) });
    const token = (JSON.parse(login.body.toString('utf8')) as { token?: string }).token;
    need(token, `login answered ${login.status}`);
    const headers = { Authorization: `Bearer ${token}` };
    await untilListsHeld(
      database,
      async () => [(await fetchBytes(`${url}/api/get_gallery_images.php?limit=1`)).headers.get('x-total-count')],
      async (id) => {
        const init = { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ id }) };
        return (await fetchBytes(`${url}/api/gallery_delete.php`, init)).status;
      },
      { pauseMs: 2000 },
    );
    // The probes' deletions are in the change log, which the measured reads would read: the app
    // applied its own changes as it made them, so the log is emptied, as a quiet minute leaves it.
    await database.connection.db!.collection('admin_list_changes').deleteMany({});
    const buildMs = performance.now() - building;
    return { url, headers, fillMs, buildMs, heapBytes: heapAfterCollection() - heapBefore, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

type Site = Awaited<ReturnType<typeof startSite>>;

export async function adminLists(context: BenchContext, out: SectionOutput): Promise<void> {
  const { serverUrl } = backendOf(context);
  const scratchDir = path.join(process.cwd(), '.tmp/bench', `lists-${process.pid}`);
  mkdirSync(scratchDir, { recursive: true });
  const sites: Partial<Record<keyof typeof sizes, Site>> = {};
  try {
    for (const size of Object.keys(sizes) as (keyof typeof sizes)[]) sites[size] = await startSite(serverUrl, sizes[size], scratchDir);
    const small = sites.small!;
    const large = sites.large!;

    const latency = { concurrency: 1, maxRequests: context.quick ? 40 : 120, maxSeconds: context.quick ? 5 : 10, warmupRequests: 5 };
    const job = (site: Site, pathAndQuery: string): LoadJob => ({ url: `${site.url}${pathAndQuery}`, headers: site.headers, ...latency });
    const firstPage = `/api/get_volunteers.php?limit=${pageSize}&page=1`;
    const middlePage = (rows: number) => `/api/get_volunteers.php?limit=${pageSize}&page=${Math.ceil(rows / pageSize / 2)}`;
    const rounds = context.quick ? 3 : 5;
    const measured = await compareLoads(
      {
        smallPage: job(small, firstPage),
        largePage: job(large, firstPage),
        smallMiddle: job(small, middlePage(sizes.small)),
        largeMiddle: job(large, middlePage(sizes.large)),
        smallStats: job(small, '/api/get_stats.php'),
        largeStats: job(large, '/api/get_stats.php'),
      },
      rounds,
    );
    for (const [name, result] of Object.entries(measured)) need(result.statuses['200'] === result.requests, `${name}: ${JSON.stringify(result.statuses)}`);
    const smallBytes = (await fetchBytes(`${small.url}${firstPage}`, { headers: small.headers })).body.length;
    const largePage = await fetchBytes(`${large.url}${firstPage}`, { headers: large.headers });
    need(largePage.headers.get('x-total-count') === String(sizes.large), `X-Total-Count at 100,000 rows: ${largePage.headers.get('x-total-count')}`);
    // A search reads every row (FerretDB indexes nothing it could use): shown, not held to a target.
    const search = await fetchBytes(`${large.url}/api/get_volunteers.php?limit=${pageSize}&q=volunteer050000`, { headers: large.headers });

    const timeRatio = measured.largePage.medianMs / measured.smallPage.medianMs;
    const bytesRatio = largePage.body.length / smallBytes;
    const statsMs = measured.largeStats.medianMs;
    const heldBytes = large.heapBytes - small.heapBytes;
    const countedBytes = budgetCount(sizes.large) - budgetCount(sizes.small);
    out.rows.push(
      {
        measure: 'page of 50 at 100,000 rows vs 300 (median)',
        value: ms(measured.largePage.medianMs),
        baseline: ms(measured.smallPage.medianMs),
        ratio: timeRatio,
        target: '≤ 1.5x',
        met: timeRatio <= 1.5,
      },
      { measure: '  its bytes', value: kib(largePage.body.length), baseline: kib(smallBytes), ratio: bytesRatio, target: '≤ 1.1x', met: bytesRatio <= 1.1 },
      {
        measure: '  a page from the middle',
        value: ms(measured.largeMiddle.medianMs),
        baseline: ms(measured.smallMiddle.medianMs),
        ratio: measured.largeMiddle.medianMs / measured.smallMiddle.medianMs,
      },
      {
        measure: 'get_stats.php at 100,000 rows (median)',
        value: ms(statsMs),
        baseline: `${ms(measured.smallStats.medianMs)} at 300`,
        ratio: statsMs / measured.smallStats.medianMs,
        target: '≤ 50 ms',
        met: statsMs <= 50,
      },
      { measure: 'a search at 100,000 rows (reads every row)', value: ms(search.ms), baseline: `HTTP ${search.status}` },
      { measure: 'filling 100,000 rows with insertMany', value: ms(large.fillMs), baseline: `${ms(small.fillMs)} for 300` },
      { measure: 'an instance starting: reading them into memory', value: ms(large.buildMs), baseline: `${ms(small.buildMs)} for 300` },
      {
        measure: '  the heap it then holds, more than with 300 (after a full collection)',
        value: kib(heldBytes),
        baseline: `${kib(countedBytes)} counted by ADMIN_LISTS_BYTES`,
        ratio: heldBytes / countedBytes,
        target: '≤ 1.0x (the budget counts no less than is held)',
        met: heldBytes <= countedBytes,
      },
    );
    out.notes.push(`${rounds} alternating rounds of ${latency.maxRequests} requests each, one at a time; the median round is kept`);
    out.data = {
      measured,
      smallBytes,
      largeBytes: largePage.body.length,
      searchMs: search.ms,
      fill: { small: small.fillMs, large: large.fillMs },
      build: { small: small.buildMs, large: large.buildMs },
      heap: { small: small.heapBytes, large: large.heapBytes, counted: countedBytes },
    };
  } finally {
    for (const site of Object.values(sites)) await site?.stop();
    rmSync(scratchDir, { recursive: true, force: true });
  }
}
