// `npm run test:faults`: what the ordinary faults cost a visitor, through nginx on the e2e topology
// (two backends, one database): an instance killed, a rolling restart, the database hung for 10 s
// and restarted, each under the load of fault-load.mjs; then a page-view flood, with reads probing
// the site. Each prints its figures and fails unless every target holds.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { expectTargets, startBeaconFlood, startProbes, underLoad } from './fault-load.mjs';
import { startTopology } from './topology.mjs';

const portBase = Number(process.env.FAULTS_PORT_BASE ?? Number(process.env.E2E_PORT_BASE ?? 20000) + 200);
const databaseTimeoutMs = 3000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let topology;
/** What the load needs: where, whose token, a post to read, and when a request counts as hung. */
const site = { baseUrl: '', token: '', postId: '', hungAfterMs: databaseTimeoutMs + 1500 };

before(async () => {
  topology = await startTopology({ portBase, build: false, backendEnv: { DATABASE_TIMEOUT_MS: String(databaseTimeoutMs) } });
  const login = await fetch(`${topology.baseUrl}/api/login.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(topology.admin),
  });
  site.baseUrl = topology.baseUrl;
  site.token = (await login.json()).token;
  for (let n = 0; n < 5; n++) {
    const form = new FormData();
    form.set('title', `Fault drill post ${n}`);
    form.set('content', 'Paragraph. '.repeat(200));
    const res = await fetch(`${topology.baseUrl}/api/add_blog.php`, { method: 'POST', headers: { authorization: `Bearer ${site.token}` }, body: form });
    assert.equal(res.status, 201);
    site.postId = (await res.json()).data.id;
  }
});

/** The database started again by the restart drill: it serves the tests after it, and stops last. */
let restartedDatabase;

after(async () => {
  await topology?.stop();
  restartedDatabase?.kill('SIGTERM');
});

/** The database server's process: FerretDB, which the backends talk to. */
function databaseProcess() {
  const pid = topology.database.pid;
  assert.ok(pid, 'the fault suite needs the embedded database (FerretDB), not MONGO_URL');
  return pid;
}

test('one instance killed (SIGKILL) under load, then started again', async () => {
  const { figures } = await underLoad(site, { tag: 'kill', name: 'SIGKILL of one instance', before: 2000, after: 2000 }, async () => {
    await topology.backends[0].kill('SIGKILL');
    await sleep(2000);
    await topology.backends[0].start();
  });
  expectTargets(figures);
});

test('a rolling restart of every instance (SIGTERM, as a deploy does) under load', async () => {
  const { figures } = await underLoad(site, { tag: 'rolling', name: 'rolling restart' }, async () => {
    for (const backend of topology.backends) {
      await backend.kill('SIGTERM'); // resolves when the process has exited: drained and finished
      await backend.start(); // resolves when it is ready again
      await sleep(500);
    }
  });
  expectTargets(figures);
});

test('the database hung for 10 s (SIGSTOP), then back', async () => {
  const { load, expectedOutage, figures } = await underLoad(site, { tag: 'hang', name: 'database hung 10 s', after: 8000 }, async () => {
    const pid = databaseProcess();
    const start = Date.now();
    process.kill(pid, 'SIGSTOP');
    await sleep(10_000);
    process.kill(pid, 'SIGCONT');
    return { start, end: Date.now() };
  });
  expectTargets(figures);
  // Nothing cached is served while the database is away, beyond the 250 ms an instance trusts the
  // version it last read and the 200 ms nginx keeps a public read.
  const whollyInside = load.reads.filter((read) => read.started > expectedOutage.start + 650 && read.ended < expectedOutage.end);
  assert.ok(whollyInside.length > 0, 'reads were made while the database hung');
  assert.deepEqual(
    whollyInside.filter((read) => read.ok).map((read) => read.path),
    [],
    'no read was answered from a cache while the database was away',
  );
});

test('the database restarted under load', async () => {
  const { figures } = await underLoad(site, { tag: 'db-restart', name: 'database restarted', after: 4000 }, async () => {
    const pid = databaseProcess();
    // The same server again on the same port and data: its own command line, read before it stops.
    const [command, ...args] = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const listen = args.indexOf('-listen');
    assert.ok(listen >= 0, 'the database was started with -listen');
    args[listen + 1] = new URL(topology.database.url).host; // it may have been given port 0: keep the one it took
    const start = Date.now();
    process.kill(pid, 'SIGTERM');
    while (existsProcess(pid)) await sleep(20);
    const restarted = (restartedDatabase = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] }));
    process.once('exit', () => restarted.kill('SIGKILL'));
    topology.database.pid = restarted.pid;
    await new Promise((resolve) => restarted.stdout.once('data', resolve)); // it prints its URL when it listens
    return { start, end: Date.now() };
  });
  expectTargets(figures);
});

function existsProcess(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    return false;
  }
}

// Page-view counts are written in the background: a flood must neither starve the reads of
// every instance nor lose a view it acknowledged.
test('a page-view flood (10,000 beacons paced for 7 s from 16 referring sites): ready during it and 30 s after, and the counts are honest', async () => {
  // The admin's analytics read the counts the flood's batches are still writing: a 503 with
  // Retry-After is an open refusal, asked again within 15 s; how many there were is printed.
  let analyticsRefused = 0;
  const analytics = async () => {
    for (const deadline = Date.now() + 15_000; ;) {
      const res = await fetch(`${site.baseUrl}/api/get_analytics.php?days=7`, { headers: { authorization: `Bearer ${site.token}` } });
      if (res.status === 503 && res.headers.has('retry-after') && Date.now() < deadline) {
        analyticsRefused += 1;
        await res.arrayBuffer();
        await sleep(1000);
        continue;
      }
      assert.equal(res.status, 200);
      return (await res.json()).data;
    }
  };
  const before = await analytics();
  const probes = startProbes(site, topology.backends);
  await sleep(1000);
  const floodStart = Date.now();
  const flood = startBeaconFlood(site, { paths: ['/', '/about', '/programs', '/blog', '/gallery', '/hi', '/hi/blog', `/blog/${site.postId}`] });
  const floodMs = await flood.done;
  await sleep(30_000);
  await probes.stop();

  const { beacons } = flood;
  const counted = beacons.filter((beacon) => beacon.real && beacon.status === 204).length;
  const refusedByBackends = beacons.filter((beacon) => beacon.refusedBy === 'backend').length;
  // Written in batches a second apart, so the last may still be on their way.
  // Read after the figures are printed when it fails, so that every run shows them.
  let after = { total: Number.NaN, dropped: Number.NaN };
  let analyticsFailure;
  try {
    after = await analytics();
    for (const deadline = Date.now() + 30_000; after.total - before.total < counted && Date.now() < deadline; after = await analytics()) await sleep(500);
  } catch (error) {
    analyticsFailure = error;
  }
  const failedProbes = probes.probes.filter((probe) => probe.status !== 200);
  const byStatus = {};
  for (const beacon of beacons) {
    const answer = beacon.refusedBy ? `429 (${beacon.refusedBy})` : String(beacon.status);
    byStatus[answer] = (byStatus[answer] ?? 0) + 1;
  }
  const figures = {
    beacons: beacons.length,
    'flood (s)': (floodMs / 1000).toFixed(1),
    'beacons/s': Math.round(beacons.length / (floodMs / 1000)),
    'answers by status': JSON.stringify(Object.fromEntries(Object.entries(byStatus).sort())),
    'longest beacon (ms)': Math.max(...beacons.map((beacon) => beacon.ms)),
    'views answered 204 (real pages)': counted,
    'views counted': after.total - before.total,
    'refused by a backend (429)': refusedByBackends,
    'counted as dropped': (after.dropped ?? 0) - (before.dropped ?? 0),
    probes: probes.probes.length,
    'probes after the flood': probes.probes.filter((probe) => probe.at > floodStart + floodMs).length,
    'failed probes': failedProbes.length,
    'longest probe (ms)': Math.max(...probes.probes.map((probe) => probe.ms)),
    'analytics refused with Retry-After (asked again)': analyticsRefused,
  };
  console.log('\npage-view flood');
  for (const [label, value] of Object.entries(figures)) console.log(`  ${label.padEnd(48)} ${value}`);
  for (const probe of failedProbes) console.log(`  failed: ${probe.kind} at ${probe.at - floodStart} ms: ${probe.status} after ${probe.ms} ms`);

  if (analyticsFailure) throw analyticsFailure;
  assert.ok(beacons.length >= 10_000, 'the whole flood was sent');
  assert.deepEqual(
    beacons.filter((beacon) => beacon.status !== 204 && beacon.status !== 429),
    [],
    'every beacon was answered: counted (204) or refused openly (429)',
  );
  assert.deepEqual(failedProbes, [], 'public reads, admin reads and readiness answered 200 during the flood and 30 s after');
  assert.ok(figures['probes after the flood'] > 50, 'the probes went on for the 30 s after the flood');
  assert.equal(figures['views counted'], counted, 'every view answered 204 on a real page is counted, once; made-up posts are not');
  assert.equal(figures['counted as dropped'], refusedByBackends, 'every view a backend refused is counted as dropped');
});
