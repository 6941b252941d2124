// `npm run test:faults`: what the ordinary faults cost a visitor, through nginx on the e2e topology
// (two backends, one database): an instance killed, a rolling restart, the database hung for 10 s
// and restarted, each under the load of fault-load.mjs; then a page-view flood, with reads probing
// the site. Each prints its figures and fails unless every target holds.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { expectTargets, startBeaconFlood, startProbes, underLoad } from './fault-load.mjs';
import mongoose from 'mongoose';
import { startTopology } from './topology.mjs';

const portBase = Number(process.env.FAULTS_PORT_BASE ?? Number(process.env.E2E_PORT_BASE ?? 20000) + 200);
const databaseTimeoutMs = 3000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let topology;
/** What the load needs: where, whose token, a post to read, and when a request counts as hung. */
const site = { baseUrl: '', token: '', postId: '', hungAfterMs: databaseTimeoutMs + 1500 };

before(async () => {
  // A mail being sent is bounded by MAIL_SEND_TIMEOUT_MS, and so is how long a dead instance's claim on one holds.
  topology = await startTopology({ portBase, build: false, backendEnv: { DATABASE_TIMEOUT_MS: String(databaseTimeoutMs), MAIL_SEND_TIMEOUT_MS: '5000' } });
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
    restarted.stdout.resume(); // and what it prints after goes nowhere, so a full pipe never stops it
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

/** Polls `check` every 200 ms until it gives a value, or fails after `timeoutMs`. */
async function until(check, timeoutMs, what) {
  for (const deadline = Date.now() + timeoutMs; ;) {
    const value = await check();
    if (value) return value;
    assert.ok(Date.now() < deadline, `${what} within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

// Bulk mail: each recipient's mail is claimed before it goes, so the instance that is left carries
// on where the killed one stopped (docs/newsletter.md). SMTP cannot make "the server took it" and
// "it is recorded" one step: a mail the killed instance had handed over but not yet recorded goes
// again, with its Message-ID, which a mailbox keeps once. Fast: no rate limit.
test('one instance killed (SIGKILL) in the middle of a newsletter to 2,000 subscribers: every one gets it, one message each', async () => {
  const subscribers = 2000;
  const tag = `drill${Date.now().toString(36)}`;
  const connection = await mongoose.createConnection(topology.mongoUrl).asPromise();
  const now = new Date();
  await connection.db.collection('newsletter_subscribers').insertMany(
    Array.from({ length: subscribers }, (_, index) => ({
      email: `${tag}-${index}@example.org`,
      name: '',
      lang: index % 2 ? 'hi' : 'en',
      state: 'subscribed',
      confirmedAt: now,
      createdAt: now,
      updatedAt: now,
    })),
  );
  await connection.close();
  const admin = { authorization: `Bearer ${site.token}`, 'content-type': 'application/json' };
  const rate = await fetch(`${site.baseUrl}/api/update_newsletter_settings.php`, { method: 'POST', headers: admin, body: JSON.stringify({ per_minute: 0 }) });
  assert.equal(rate.status, 200);
  const form = new FormData();
  form.set('title', `Newsletter drill ${tag}`);
  form.set('title_hi', `न्यूज़लेटर अभ्यास ${tag}`);
  form.set('content', 'The pump works again.');
  const post = await fetch(`${site.baseUrl}/api/add_blog.php`, { method: 'POST', headers: { authorization: admin.authorization }, body: form });
  assert.equal(post.status, 201);
  const postId = (await post.json()).data.id;

  const ours = () => topology.mail.mails.filter((mail) => mail.subject.endsWith(tag));
  const started = Date.now();
  const send = await fetch(`${site.baseUrl}/api/send_newsletter.php`, { method: 'POST', headers: admin, body: JSON.stringify({ post_id: postId }) });
  assert.equal(send.status, 202, await send.clone().text());
  const sendId = (await send.json()).data.id;
  await until(() => ours().length >= subscribers * 0.3, 120_000, 'a third of the mails');
  const atKill = ours().length;
  const killedAfterMs = Date.now() - started;
  await topology.backends[0].kill('SIGKILL');
  const done = await until(
    async () => {
      const res = await fetch(`${site.baseUrl}/api/get_newsletters.php?post_id=${postId}`, { headers: admin });
      const found = (await res.json()).data?.find((entry) => entry.id === sendId);
      return found?.state === 'done' && found;
    },
    180_000,
    'the send to finish on the instance left',
  );
  const finishedMs = Date.now() - started;
  await topology.backends[0].start();

  const byAddress = new Map();
  for (const mail of ours()) {
    const seen = byAddress.get(mail.to[0]) ?? { copies: 0, messageIds: new Set() };
    seen.copies += 1;
    seen.messageIds.add(mail.messageId);
    byAddress.set(mail.to[0], seen);
  }
  const missing = Array.from({ length: subscribers }, (_, index) => `${tag}-${index}@example.org`).filter((address) => !byAddress.has(address));
  const twoMessages = [...byAddress].filter(([, seen]) => seen.messageIds.size > 1);
  const copiesAgain = [...byAddress.values()].reduce((sum, seen) => sum + seen.copies - 1, 0);
  const hindi = new Set(
    ours()
      .filter((mail) => mail.subject.startsWith('न्यूज़लेटर'))
      .map((mail) => mail.to[0]),
  ).size;
  const figures = {
    subscribers,
    'mails received when the instance was killed': atKill,
    'killed after (s)': (killedAfterMs / 1000).toFixed(1),
    'send finished after (s)': (finishedMs / 1000).toFixed(1),
    'counts of the send': JSON.stringify(done.counts),
    'subscribers who got it': byAddress.size,
    'in Hindi': hindi,
    'handed over again (same Message-ID)': copiesAgain,
    'subscribers with two different messages': twoMessages.length,
  };
  console.log('\nnewsletter while an instance is killed');
  for (const [label, value] of Object.entries(figures)) console.log(`  ${label.padEnd(48)} ${value}`);

  assert.deepEqual(missing, [], 'every subscriber got the newsletter');
  assert.deepEqual(twoMessages, [], 'no subscriber got two different messages');
  assert.equal(done.counts.sent, subscribers, 'the send counts every mail sent, once');
  assert.equal(hindi, subscribers / 2, 'every Hindi subscriber got the Hindi edition');
  // Only the messages the killed instance had in flight may go again: a group of two per
  // connection (MAIL_BULK_CONNECTIONS, 4), whose outcomes are recorded together (mail/bulk.ts).
  assert.ok(copiesAgain <= 8, `at most the killed instance's messages in flight went again (${copiesAgain})`);
});
