// 9. Newsletter: a post sent to thousands of confirmed subscribers through the outbox's bulk queue,
// on the production topology (nginx, two backends, one database) with a local SMTP server that only
// counts, against nodemailer sending the same mails from a bare script (the same connections, as
// fast as they go) in the same run; the post list while it goes (through nginx, and signed in,
// which the backends answer themselves); the backends' memory; and the rate of the settings held
// over both instances.
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { connectDatabase } from '../../../backend/src/database.js';
import type { BenchContext } from '../context.js';
import { fetchBytes, json, postForm } from '../http.js';
import { runLoad, type LoadJob, type LoadResult } from '../load.js';
import { startMailSink } from '../mail-sink.js';
import { benchPort } from '../ports.js';
import { perSecond } from '../report.js';
import { need, type SectionOutput } from '../section.js';
import { startBenchTopology } from '../topology.js';

/** Connections each backend keeps to the SMTP server for bulk mail (MAIL_BULK_CONNECTIONS, its default). */
const connectionsPerBackend = 4;
const megabyte = 1024 * 1024;

/** A backend's resident memory, from the kernel (Linux). */
function residentBytes(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return line ? Number(line.replace(/\D+/g, '')) * 1024 : Number.NaN;
}

function bareMailer(job: Record<string, unknown>): Promise<{ seconds: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('../mail-worker.mjs', import.meta.url), { workerData: job });
    worker.once('message', (message: { ok: true; result: { seconds: number } } | { ok: false; error: string }) => {
      void worker.terminate();
      if (message.ok) resolve(message.result);
      else reject(new Error(message.error));
    });
    worker.once('error', reject);
  });
}

export async function newsletter(context: BenchContext, out: SectionOutput): Promise<void> {
  const subscribers = context.quick ? 2000 : 5000;
  const sink = await startMailSink(benchPort(95));
  const topology = await startBenchTopology('newsletter', 500, {
    env: { SMTP_URL: sink.url, MAIL_POLL_MS: '200', MAIL_BULK_CONNECTIONS: String(connectionsPerBackend) },
  });
  const database = await connectDatabase(topology.mongoUrl, { timeoutMs: 5000 });
  try {
    const admin = { Authorization: `Bearer ${topology.token}`, 'Content-Type': 'application/json' };
    const call = async (path: string, body: unknown) =>
      fetchBytes(`${topology.baseUrl}${path}`, { method: 'POST', headers: admin, body: JSON.stringify(body) });
    const now = new Date();
    const addresses = Array.from({ length: subscribers }, (_, index) => `reader-${index}@example.org`);
    const subscribe = (emails: string[]) =>
      database.models.Subscriber.insertMany(
        emails.map((email, index) => ({ email, lang: index % 4 ? 'en' : 'hi', state: 'subscribed', confirmedAt: now })),
        { ordered: false },
      );
    const paragraphs = Array.from({ length: 12 }, (_, index) => `Paragraph ${index + 1}: the pump works again in Khunti, and the school has water.`).join(
      '\n\n',
    );
    const post = await postForm(`${topology.baseUrl}/api/add_blog.php`, topology.token, {
      title: 'Wells of Khunti',
      title_hi: 'खूंटी के कुएँ',
      content: paragraphs,
      content_hi: paragraphs,
    });
    need(post.status === 201, `add_blog.php answered ${post.status}`);
    const postId = json<{ data: { id: string } }>(post).data.id;
    // The rate of the settings, over both instances: the first few subscribers, sent at 1,200 a minute.
    const perMinute = 1200;
    const limited = context.quick ? 200 : 400;
    await subscribe(addresses.slice(0, limited));
    need((await call('/api/update_newsletter_settings.php', { per_minute: perMinute })).status === 200, 'the rate could not be set');
    sink.reset();
    need((await call('/api/send_newsletter.php', { post_id: postId })).status === 202, 'the rate-limited send could not start');
    need(await sink.waitFor(limited, 600_000), 'the rate-limited send did not finish');
    const times = sink.received.map((mail) => mail.at).sort((a, b) => a - b);
    const measuredPerMinute = ((times.length - 1) / ((times.at(-1)! - times[0]!) / 1000)) * 60;
    const rateRatio = measuredPerMinute / perMinute;

    // Then every subscriber, as fast as the SMTP server takes them.
    await subscribe(addresses.slice(limited));
    need((await call('/api/update_newsletter_settings.php', { per_minute: 0 })).status === 200, 'the rate could not be set');

    /** Seconds from each send's request to its first mail: the recipients being listed. */
    const prepared: number[] = [];
    /** One send of the post to every subscriber: its time until the SMTP server had every mail, and the backends' memory meanwhile. */
    const send = async () => {
      sink.reset();
      const pids = topology.backends.map((backend) => backend.child?.pid);
      const before = pids.map(residentBytes);
      const peak = [...before];
      const sampler = setInterval(() => pids.forEach((pid, index) => (peak[index] = Math.max(peak[index]!, residentBytes(pid)))), 250);
      const started = performance.now();
      // Sent before (the rate's send): `again` each time.
      const res = await call('/api/send_newsletter.php', { post_id: postId, again: true });
      need(res.status === 202, `send_newsletter.php answered ${res.status}: ${res.body.toString()}`);
      const complete = await sink.waitFor(subscribers, 600_000);
      const seconds = (performance.now() - started) / 1000;
      const firstAt = Math.min(...sink.received.map((mail) => mail.at));
      prepared.push((firstAt - started) / 1000);
      clearInterval(sampler);
      need(complete, `only ${sink.received.length} of ${subscribers} mails arrived within 10 minutes`);
      const copies = new Map<string, number>();
      for (const mail of sink.received) copies.set(mail.to, (copies.get(mail.to) ?? 0) + 1);
      return { seconds, growth: Math.max(...peak.map((value, index) => value - before[index]!)), copies };
    };

    // The bare script's mails are the post's English edition, for the same addresses.
    const bareJob = async () => {
      const edition = (await database.models.NewsletterSend.findOne({ post: postId }).lean())!.editions.en;
      sink.reset();
      const { seconds } = await bareMailer({
        smtpUrl: sink.url,
        connections: connectionsPerBackend * topology.backends.length,
        from: '"Bench" <no-reply@example.org>',
        subject: edition.subject,
        html: edition.html,
        text: edition.text,
        place: '%%unsubscribe-url%%',
        recipients: addresses,
      });
      need(sink.received.length === subscribers, `the bare script delivered ${sink.received.length} of ${subscribers}`);
      return seconds;
    };

    // Rounds of the outbox's send and the bare script's, back to back; each round's ratio, and the
    // median of those kept, so a busy moment on the machine moves both sides of one ratio.
    const rounds = context.quick ? 1 : 3;
    const outboxRuns: Awaited<ReturnType<typeof send>>[] = [];
    const bareRuns: number[] = [];
    for (let round = 0; round < rounds; round++) {
      outboxRuns.push(await send());
      bareRuns.push(await bareJob());
    }
    const roundRatios = outboxRuns.map((run, round) => bareRuns[round]! / run.seconds).sort((a, b) => a - b);
    const throughputRatio = roundRatios[Math.floor(roundRatios.length / 2)]!;
    const middleRound = outboxRuns.findIndex((run, round) => bareRuns[round]! / run.seconds === throughputRatio);
    const outbox = outboxRuns[middleRound]!.seconds;
    const bare = bareRuns[middleRound]!;
    const twice = outboxRuns.flatMap((run) => [...run.copies.values()]).filter((count) => count !== 1).length;
    const growth = Math.max(...outboxRuns.map((run) => run.growth));

    // The post list with no send, then during one: each round's pair back to back, the median of
    // the pairs' ratios kept. Two kinds of reads: a visitor's, which nginx answers from its
    // short cache (competing with the send for the CPU only), and a signed-in one (never cached),
    // which the backends answer themselves, and which their bulk sender lets go first.
    const seconds = context.quick ? 2 : 3;
    const kinds = {
      public: { url: `${topology.baseUrl}/api/get_blogs.php`, concurrency: 8, maxSeconds: seconds, maxRequests: 200_000 },
      signedIn: {
        url: `${topology.baseUrl}/api/get_blogs.php`,
        headers: { Authorization: `Bearer ${topology.token}` },
        concurrency: 8,
        maxSeconds: seconds,
        maxRequests: 200_000,
      },
    } satisfies Record<string, LoadJob>;
    const reads = { public: { idle: [] as LoadResult[], busy: [] as LoadResult[] }, signedIn: { idle: [] as LoadResult[], busy: [] as LoadResult[] } };
    const mailsDuring: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const kind of ['public', 'signedIn'] as const) reads[kind].idle.push(await runLoad(kinds[kind]));
      sink.reset();
      need((await call('/api/send_newsletter.php', { post_id: postId, again: true })).status === 202, 'a send for the reads could not start');
      // Measured while mails are going out, not while the recipients are being listed.
      need(await sink.waitFor(50, 60_000), 'the send for the reads did not start');
      for (const kind of ['public', 'signedIn'] as const) {
        const before = sink.received.length;
        reads[kind].busy.push(await runLoad(kinds[kind]));
        mailsDuring.push(sink.received.length - before);
      }
      need(await sink.waitFor(subscribers, 600_000), 'the send for the reads did not finish');
    }
    const medianPair = ({ idle, busy }: { idle: LoadResult[]; busy: LoadResult[] }) => {
      const ratios = busy.map((result, round) => result.rps / idle[round]!.rps);
      const ratio = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
      const round = ratios.indexOf(ratio);
      for (const result of busy) need(result.statuses['200'] === result.requests, `get_blogs.php during a send answered ${JSON.stringify(result.statuses)}`);
      return { ratio, quiet: idle[round]!, during: busy[round]! };
    };
    const publicReads = medianPair(reads.public);
    const signedInReads = medianPair(reads.signedIn);

    out.rows.push(
      {
        measure: `a newsletter to ${subscribers.toLocaleString('en-US')} subscribers, two backends (mails/s)`,
        value: perSecond(subscribers / outbox),
        baseline: `${perSecond(subscribers / bare)} nodemailer bare`,
        ratio: throughputRatio,
        target: '≥ 0.5x',
        met: throughputRatio >= 0.5,
      },
      {
        measure: '  subscribers who got other than one copy',
        value: String(twice),
        target: '0',
        met: twice === 0,
      },
      {
        measure: "  a backend's memory growth while sending",
        value: `${(growth / megabyte).toFixed(1)} MB`,
        target: '≤ 50 MB',
        met: growth <= 50 * megabyte,
      },
      {
        measure: 'get_blogs.php through nginx during a send',
        value: perSecond(publicReads.during.rps),
        baseline: `${perSecond(publicReads.quiet.rps)} idle`,
        ratio: publicReads.ratio,
        target: '≥ 0.9x',
        met: publicReads.ratio >= 0.9,
      },
      {
        measure: '  the same signed in (the backends answer it)',
        value: perSecond(signedInReads.during.rps),
        baseline: `${perSecond(signedInReads.quiet.rps)} idle`,
        ratio: signedInReads.ratio,
        target: '≥ 0.9x',
        met: signedInReads.ratio >= 0.9,
      },
      {
        measure: `the rate with ${perMinute.toLocaleString('en-US')} a minute set (${limited} mails)`,
        value: `${Math.round(measuredPerMinute).toLocaleString('en-US')}/min`,
        baseline: `${perMinute.toLocaleString('en-US')}/min set`,
        ratio: rateRatio,
        target: 'within 10%',
        met: Math.abs(rateRatio - 1) <= 0.1,
      },
    );
    out.notes.push(
      `rounds (outbox / bare, from the request to the last mail the SMTP server took): ${outboxRuns.map((run, round) => `${run.seconds.toFixed(1)} s / ${bareRuns[round]!.toFixed(1)} s`).join(', ')}; the outbox lists the recipients, then sends on ${connectionsPerBackend} connections per backend; the bare script uses ${connectionsPerBackend * topology.backends.length}; the median round's ratio kept`,
    );
    for (const kind of ['public', 'signedIn'] as const) {
      out.notes.push(
        `get_blogs.php ${kind === 'public' ? 'through nginx' : 'signed in'}, idle / during a send, per round: ${reads[kind].idle.map((result, round) => `${Math.round(result.rps)} / ${Math.round(reads[kind].busy[round]!.rps)}`).join(', ')}`,
      );
    }
    out.notes.push(
      `mails sent during each read run (public, signed in, per round): ${mailsDuring.join(', ')}; the sender waits, up to 250 ms a mail, for a moment the backend answers no request`,
    );
    out.notes.push(`the recipients listed (the send's first mail after) ${prepared.map((value) => `${value.toFixed(1)} s`).join(' and ')}`);
    out.notes.push('the SMTP server (smtp-server, in this process) only counts what it takes; a quarter of the subscribers read Hindi');
    out.data = {
      subscribers,
      outboxSeconds: outboxRuns.map((run) => run.seconds),
      bareSeconds: bareRuns,
      memoryGrowthBytes: outboxRuns.map((run) => run.growth),
      reads: Object.fromEntries(
        Object.entries(reads).map(([kind, { idle, busy }]) => [kind, { idle: idle.map((r) => Math.round(r.rps)), busy: busy.map((r) => Math.round(r.rps)) }]),
      ),
      mailsDuringReads: mailsDuring,
      rate: { perMinute, measuredPerMinute, mails: times.length },
    };
  } finally {
    await database.close().catch(() => undefined);
    await topology.stop();
    await sink.close();
  }
}
