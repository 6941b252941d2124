// Load under a fault, shared by the fault suite (e2e/faults.test.mjs) and the Docker stack's test
// (tools/docker/docker.test.mjs): 8 readers (the blog list, a post, the gallery) and 2 writers
// (volunteer registrations, each with an Idempotency-Key, retried with it on a 5xx, a 409 or no
// answer, as the site's own forms do), every request timed; then the figures of the fault.
import assert from 'node:assert/strict';

const readers = 8;
const writers = 2;
/** A writer keeps retrying one registration (with its key) for this long before it counts as failed. */
const writeGiveUpMs = 30_000;
const recoveryTargetMs = 1000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let run = 0;

/** Readers and writers against nginx until stop() is called; every request is timed. */
export function startLoad({ baseUrl, postId, hungAfterMs }, name) {
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
        const res = await fetch(`${baseUrl}${readPaths[(index + n) % readPaths.length]}`, { signal: AbortSignal.timeout(20_000) });
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
          const res = await fetch(`${baseUrl}/api/volunteer_save.php`, {
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
    hungAfterMs,
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
async function storedRegistrations({ baseUrl, token }, tag) {
  const res = await fetch(`${baseUrl}/api/get_volunteers.php`, { headers: { authorization: `Bearer ${token}` } });
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
export async function measure(site, name, load, { expectedOutage } = {}) {
  const { hungAfterMs } = site;
  const stored = await storedRegistrations(site, load.tag);
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
  const byStatus = {};
  for (const read of failedReads) byStatus[read.status] = (byStatus[read.status] ?? 0) + 1;
  if (failedReads.length) console.log(`  failed reads by status: ${JSON.stringify(byStatus)} (0: no answer)`);
  for (const [label, value] of Object.entries(figures).slice(1)) console.log(`  ${label.padEnd(48)} ${value}`);
  return figures;
}

export function expectTargets(figures) {
  assert.ok(figures.reads > 100, `enough reads to mean something (${figures.reads})`);
  assert.ok(figures.writes > 5, `enough writes to mean something (${figures.writes})`);
  for (const label of [
    'failed reads',
    'failed writes',
    'duplicates',
    'lost (acknowledged, not stored)',
    'stored after a refusal',
    'hung requests (> timeout + 1.5 s)',
  ]) {
    assert.equal(figures[label], 0, `${figures.fault}: ${label}`);
  }
  if (typeof figures['recovery (ms)'] === 'number')
    assert.ok(figures['recovery (ms)'] <= recoveryTargetMs, `${figures.fault}: recovery ${figures['recovery (ms)']} ms`);
}
