// `npm run test:faults`: what the ordinary faults of running the site cost a visitor, measured
// through nginx on the e2e topology (two backends, one database): an instance killed, every
// instance restarted in turn (a deploy), the database hung for 10 s, the database restarted.
// Each fault runs under load: 8 readers (the blog list, a post, the gallery) and 2 writers
// (volunteer registrations, each with an Idempotency-Key, retried with it on a 5xx, a 409 or no
// answer, as the site's own forms do). Each prints its figures and fails unless every target holds.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTopology } from './topology.mjs';

const portBase = Number(process.env.FAULTS_PORT_BASE ?? Number(process.env.E2E_PORT_BASE ?? 20000) + 200);
const readers = 8;
const writers = 2;
const databaseTimeoutMs = 3000;
/** A request that takes longer than this hung: no request may outlive the database timeout by more. */
const hungAfterMs = databaseTimeoutMs + 1500;
/** A writer keeps retrying one registration (with its key) for this long before it counts as failed. */
const writeGiveUpMs = 30_000;
const recoveryTargetMs = 1000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let topology;
let token;
let postId;
let run = 0;

before(async () => {
  topology = await startTopology({ portBase, build: false, backendEnv: { DATABASE_TIMEOUT_MS: String(databaseTimeoutMs) } });
  const login = await fetch(`${topology.baseUrl}/api/login.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(topology.admin),
  });
  token = (await login.json()).token;
  for (let n = 0; n < 5; n++) {
    const form = new FormData();
    form.set('title', `Fault drill post ${n}`);
    form.set('content', 'Paragraph. '.repeat(200));
    const res = await fetch(`${topology.baseUrl}/api/add_blog.php`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    assert.equal(res.status, 201);
    postId = (await res.json()).data.id;
  }
});

after(async () => {
  await topology?.stop();
});

/** Readers and writers against nginx until stop() is called; every request is timed. */
function startLoad(name) {
  const tag = `${name.replace(/\W+/g, '-')}-${++run}`;
  const reads = [];
  const writes = [];
  let stopping = false;
  const readPaths = ['/api/get_blogs.php', `/api/get_blog.php?id=${postId}`, '/api/get_gallery.php'];

  const reader = async (index) => {
    for (let n = 0; !stopping; n++) {
      const started = Date.now();
      let status = 0;
      try {
        const res = await fetch(`${topology.baseUrl}${readPaths[(index + n) % readPaths.length]}`, { signal: AbortSignal.timeout(20_000) });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = 0;
      }
      reads.push({ path: readPaths[(index + n) % readPaths.length], started, ended: Date.now(), ok: status === 200, status });
    }
  };

  const writer = async (index) => {
    for (let n = 0; !stopping; n++) {
      const email = `${tag}-w${index}-${n}@example.org`;
      const key = `${tag}-w${index}-${n}`;
      const body = JSON.stringify({ name: `Drill ${index} ${n}`, email, mobile: '9876543210', address: 'Ranchi' });
      const started = Date.now();
      const attempts = [];
      let acknowledged = false;
      while (Date.now() - started < writeGiveUpMs) {
        const sent = Date.now();
        let status = 0;
        try {
          const res = await fetch(`${topology.baseUrl}/api/volunteer_save.php`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': key },
            body,
            signal: AbortSignal.timeout(20_000),
          });
          await res.arrayBuffer();
          status = res.status;
        } catch {
          status = 0;
        }
        attempts.push({ status, at: sent, ms: Date.now() - sent });
        if (status === 201) {
          acknowledged = true;
          break;
        }
        if (status !== 0 && status !== 409 && status < 500) break; // refused for what was sent: no retry helps
        await sleep(250);
      }
      writes.push({ email, started, ended: Date.now(), acknowledged, attempts });
    }
  };

  const running = [...Array.from({ length: readers }, (_, i) => reader(i)), ...Array.from({ length: writers }, (_, i) => writer(i))];
  return {
    tag,
    reads,
    writes,
    async stop() {
      stopping = true;
      await Promise.all(running);
    },
  };
}

/** Every registration of this load as stored, by e-mail. */
async function storedRegistrations(tag) {
  const res = await fetch(`${topology.baseUrl}/api/get_volunteers.php`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200, 'the registrations can be read after the fault');
  const counts = new Map();
  for (const volunteer of (await res.json()).data) {
    if (volunteer.email.startsWith(`${tag}-`)) counts.set(volunteer.email, (counts.get(volunteer.email) ?? 0) + 1);
  }
  return counts;
}

/**
 * The figures of one fault. Reads that failed inside `expectedOutage` (the database away, which
 * answers 503 by design) are counted apart; recovery is how long after the outage's end reads
 * still failed.
 */
async function measure(name, load, { expectedOutage } = {}) {
  const stored = await storedRegistrations(load.tag);
  const inOutage = (read) => expectedOutage && read.started < expectedOutage.end && read.ended > expectedOutage.start;
  const failedReads = load.reads.filter((read) => !read.ok);
  const durations = [...load.reads.map((read) => read.ended - read.started), ...load.writes.flatMap((write) => write.attempts.map((attempt) => attempt.ms))];
  const lastFailure = Math.max(0, ...failedReads.map((read) => read.ended));
  const figures = {
    fault: name,
    reads: load.reads.length,
    'failed reads': failedReads.filter((read) => !inOutage(read)).length,
    'refused while the database was away (by design)': expectedOutage ? failedReads.filter(inOutage).length : '-',
    writes: load.writes.length,
    'failed writes': load.writes.filter((write) => !write.acknowledged).length,
    'write retries': load.writes.reduce((sum, write) => sum + write.attempts.length - 1, 0),
    duplicates: [...stored.values()].filter((count) => count > 1).length,
    'lost (acknowledged, not stored)': load.writes.filter((write) => write.acknowledged && !stored.has(write.email)).length,
    'stored after a refusal': load.writes.filter((write) => !write.acknowledged && stored.has(write.email)).length,
    'hung requests (> timeout + 1.5 s)': durations.filter((ms) => ms > hungAfterMs).length,
    'longest request (ms)': Math.max(0, ...durations),
    'recovery (ms)': expectedOutage ? Math.max(0, lastFailure - expectedOutage.end) : '-',
  };
  const slow = [
    ...load.reads.map((read) => ({ what: `read ${read.path}`, at: read.started, ms: read.ended - read.started, status: read.status })),
    ...load.writes.flatMap((write) => write.attempts.map((attempt) => ({ what: 'write', at: attempt.at, ms: attempt.ms, status: attempt.status }))),
  ].filter((request) => request.ms > hungAfterMs);
  console.log(`\n${name}`);
  const origin = expectedOutage?.start ?? 0;
  for (const request of slow) console.log(`  hung: ${request.what} sent at ${request.at - origin} ms, ${request.ms} ms, status ${request.status}`);
  for (const [label, value] of Object.entries(figures).slice(1)) console.log(`  ${label.padEnd(48)} ${value}`);
  return figures;
}

function expectTargets(figures) {
  assert.ok(figures.reads > 100, `enough reads to mean something (${figures.reads})`);
  assert.ok(figures.writes > 5, `enough writes to mean something (${figures.writes})`);
  for (const label of ['failed reads', 'failed writes', 'duplicates', 'lost (acknowledged, not stored)', 'stored after a refusal', 'hung requests (> timeout + 1.5 s)']) {
    assert.equal(figures[label], 0, `${figures.fault}: ${label}`);
  }
  if (typeof figures['recovery (ms)'] === 'number') assert.ok(figures['recovery (ms)'] <= recoveryTargetMs, `${figures.fault}: recovery ${figures['recovery (ms)']} ms`);
}

/** The database server's process: FerretDB, which the backends talk to. */
function databaseProcess() {
  const pid = topology.database.pid;
  assert.ok(pid, 'the fault suite needs the embedded database (FerretDB), not MONGO_URL');
  return pid;
}

test('one instance killed (SIGKILL) under load, then started again', async () => {
  const load = startLoad('kill');
  await sleep(2000);
  await topology.backends[0].kill('SIGKILL');
  await sleep(2000);
  await topology.backends[0].start();
  await sleep(2000);
  await load.stop();
  expectTargets(await measure('SIGKILL of one instance', load));
});

test('a rolling restart of every instance (SIGTERM, as a deploy does) under load', async () => {
  const load = startLoad('rolling');
  await sleep(1500);
  for (const backend of topology.backends) {
    await backend.kill('SIGTERM'); // resolves when the process has exited: drained and finished
    await backend.start(); // resolves when it is ready again
    await sleep(500);
  }
  await sleep(1500);
  await load.stop();
  expectTargets(await measure('rolling restart', load));
});

test('the database hung for 10 s (SIGSTOP), then back', async () => {
  const load = startLoad('hang');
  await sleep(1500);
  const pid = databaseProcess();
  const start = Date.now();
  process.kill(pid, 'SIGSTOP');
  await sleep(10_000);
  process.kill(pid, 'SIGCONT');
  const end = Date.now();
  await sleep(4000);
  await load.stop();
  expectTargets(await measure('database hung 10 s', load, { expectedOutage: { start, end } }));
});

test('the database restarted under load', async () => {
  const load = startLoad('db-restart');
  await sleep(1500);
  const pid = databaseProcess();
  // The same server again on the same port and data: its own command line, read before it stops.
  const [command, ...args] = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  const listen = args.indexOf('-listen');
  assert.ok(listen >= 0, 'the database was started with -listen');
  args[listen + 1] = new URL(topology.database.url).host; // it may have been given port 0: keep the one it took
  const start = Date.now();
  process.kill(pid, 'SIGTERM');
  while (existsProcess(pid)) await sleep(20);
  const restarted = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  process.once('exit', () => restarted.kill('SIGKILL'));
  topology.database.pid = restarted.pid;
  await new Promise((resolve) => restarted.stdout.once('data', resolve)); // it prints its URL when it listens
  const end = Date.now();
  await sleep(4000);
  await load.stop();
  expectTargets(await measure('database restarted', load, { expectedOutage: { start, end } }));
  restarted.kill('SIGTERM');
});

function existsProcess(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    return false;
  }
}
