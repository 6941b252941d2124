// Load under a fault, for the fault suite and the Docker test: 8 readers and 2 writers (volunteer
// registrations retried with their Idempotency-Key as the site's forms do), every request timed.
// A registration is acknowledged by 201 (stored) or 202 (kept while the database is away, to be
// stored once it is back: backend/src/idempotency/kept.ts); it must then be stored, once.
// Each write attempt comes from an address of its own, so the drill's retries meet no per-address limit.
import assert from 'node:assert/strict';

const readers = 8;
const writers = 2;
/** A writer keeps retrying one registration (with its key) for this long before it counts as failed. */
const writeGiveUpMs = 30_000;
const recoveryTargetMs = 1000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let run = 0;
/** A documentation address (RFC 3849) per attempt of a drill, each in a /64 of its own. */
let attempts = 0;
const visitorAddress = () => {
  attempts += 1;
  return `2001:db8:${(attempts >> 16).toString(16)}:${(attempts & 0xffff).toString(16)}::1`;
};

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
      let kept = false;
      while (Date.now() - started < writeGiveUpMs) {
        const sent = Date.now();
        let status = 0;
        try {
          const res = await fetch(`${baseUrl}/api/volunteer_save.php`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-forwarded-for': visitorAddress() },
            body,
            signal: AbortSignal.timeout(20_000),
          });
          await res.arrayBuffer();
          status = res.status;
        } catch {
          status = 0;
        }
        attempts.push({ status, at: sent, ms: Date.now() - sent });
        if (status === 201 || status === 202) {
          acknowledged = true;
          kept = status === 202;
          break;
        }
        if (status !== 0 && status !== 409 && status < 500) break; // refused for what was sent: no retry helps
        await sleep(250);
      }
      writes.push({ email, started, ended: Date.now(), acknowledged, kept, attempts });
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
  // A kept registration is stored once the database is back: given up to 15 s more for it.
  let stored = await storedRegistrations(site, load.tag);
  for (const giveUpAt = Date.now() + 15_000; load.writes.some((write) => write.kept && !stored.has(write.email)) && Date.now() < giveUpAt;) {
    await sleep(500);
    stored = await storedRegistrations(site, load.tag);
  }
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
    'kept while the database was away (202)': load.writes.filter((write) => write.kept).length,
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

/**
 * `fault` under load: the load runs `before` ms, then the fault (which returns the outage it
 * caused, { start, end }, if any), then `after` ms more; the figures are printed and returned.
 */
export async function underLoad(site, { tag, name, before = 1500, after = 1500 }, fault) {
  const load = startLoad(site, tag);
  await sleep(before);
  const expectedOutage = (await fault()) ?? undefined;
  await sleep(after);
  await load.stop();
  return { load, expectedOutage, figures: await measure(site, name, load, { expectedOutage }) };
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

const browserAgent = 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

/**
 * A page-view flood, as referrer spam sends one: `total` beacons in about `seconds` from
 * `senders` senders, each with its own referring site and up to `inFlight` beacons on their way
 * at once. Most name real pages (`paths`); one in eight a made-up post, which must not count.
 */
export function startBeaconFlood({ baseUrl }, { paths, total = 10_000, senders = 16, seconds = 7, inFlight = 8 }) {
  const beacons = [];
  const started = Date.now();
  const perSender = Math.ceil(total / senders);
  const beacon = async (sender, n) => {
    const real = n % 8 !== 7;
    const path = real ? paths[(sender + n) % paths.length] : `/blog/${(sender * 100000 + n).toString(16).padStart(24, '0')}`;
    const sent = Date.now();
    let status = 0;
    let refusedBy = '';
    try {
      const res = await fetch(`${baseUrl}/api/track.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': browserAgent },
        body: JSON.stringify({ path, referrer: `https://spam-${sender}.example/offer` }),
        signal: AbortSignal.timeout(20_000),
      });
      status = res.status;
      const text = await res.text();
      if (status === 429) refusedBy = /arriving faster than they can be counted/.test(text) ? 'backend' : 'nginx';
    } catch {
      status = 0;
    }
    beacons.push({ real, status, refusedBy, ms: Date.now() - sent });
  };
  const send = async (sender) => {
    const open = new Set();
    for (let n = 0; n < perSender; n++) {
      // Paced to the flood's rate; a sender that falls behind sends as fast as its answers come.
      const due = started + (n * seconds * 1000) / perSender;
      if (due > Date.now()) await sleep(due - Date.now());
      if (open.size >= inFlight) await Promise.race(open);
      const one = beacon(sender, n).finally(() => open.delete(one));
      open.add(one);
    }
    await Promise.all(open);
  };
  const done = Promise.all(Array.from({ length: senders }, (_, sender) => send(sender))).then(() => Date.now() - started);
  return { beacons, done };
}

/**
 * Reads that must keep answering 200 while beacons flood in: public reads no cache can answer
 * (each asks for a search of its own), admin reads and every backend's readiness.
 */
export function startProbes({ baseUrl, token }, backends, { everyMs = 250 } = {}) {
  const probes = [];
  let stopping = false;
  const kinds = {
    'uncached public read': (n) => [`${baseUrl}/api/get_blogs.php?q=probe-${n}&limit=5`, {}],
    'admin read': (n) => [`${baseUrl}/api/${n % 2 ? 'get_volunteers.php' : 'get_analytics.php?days=7'}`, { authorization: `Bearer ${token}` }],
    ...Object.fromEntries(backends.map((backend, index) => [`readiness of backend ${index + 1}`, () => [`${backend.url}/api/health.php?ready=1`, {}]])),
  };
  const probe = async (kind, request) => {
    for (let n = 0; !stopping; n++) {
      const [url, headers] = request(n);
      const started = Date.now();
      let status = 0;
      try {
        const res = await fetch(url, { headers, signal: AbortSignal.timeout(20_000) });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = 0;
      }
      probes.push({ kind, status, at: started, ms: Date.now() - started });
      await sleep(everyMs);
    }
  };
  const running = Object.entries(kinds).map(([kind, request]) => probe(kind, request));
  return {
    probes,
    async stop() {
      stopping = true;
      await Promise.all(running);
    },
  };
}
