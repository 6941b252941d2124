// Bulk mail claimed per recipient over two app instances on one database, against a real SMTP
// server: every recipient gets exactly one copy, also when both instances work on one chunk at
// the same moment (a lease taken over from a live instance), when a run is cut off half-way and
// another instance carries on, and the rate of the settings holds over both instances together.
import { Types } from 'mongoose';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startMailTestApp, type MailTestApp } from '../../../test/mail.js';
import { createApp, createLogger, requestListener } from '../../app.js';
import { connectDatabase, type Database } from '../../database.js';
import { Lifecycle } from '../../http/lifecycle.js';
import { BulkMailQueue } from './bulk.js';
import type { MessageTemplate } from './raw-message.js';

let m: MailTestApp;
let secondDb: Database;
let second: ReturnType<typeof supertest>;
const lifecycle = new Lifecycle();

beforeAll(async () => {
  // PostgreSQL storage where it is installed (what npm start uses): concurrent writers race there.
  m = await startMailTestApp({ env: { MAIL_BULK_CONNECTIONS: '3' }, storage: 'embedded' });
  // The second instance has its own connection to the database, as a second backend would.
  secondDb = await connectDatabase(m.t.db.url, { timeoutMs: m.t.config.databaseTimeoutMs });
  second = supertest(requestListener(createApp(m.t.config, { db: secondDb, lifecycle, logger: createLogger({ logLevel: 'silent' }) })));
  // No rate: as fast as the server takes them.
  await m.t.request.post('/api/update_newsletter_settings.php').set('Authorization', `Bearer ${m.t.adminToken()}`).send({ per_minute: 0 }).expect(200);
});
afterAll(async () => {
  await lifecycle.stop();
  await secondDb?.close();
  await m?.stop();
});

/** A queue of its own (no worker started), driven by hand, with a purpose that mails `batch` to the given addresses. */
function handDrivenQueue(db: Database, addresses: string[]) {
  const queue = new BulkMailQueue(db.models, m.t.config.mail, createLogger({ logLevel: 'silent' }), async () => 'Test');
  const templates = new Map<string, MessageTemplate>();
  queue.register('test', {
    recipients: async () => addresses.map((to, index) => ({ id: `r${index}`, to, lang: 'en' })),
    compose: async (batch, mail) => {
      const template = templates.get(batch) ?? { subject: `Batch ${batch}`, text: `batch ${batch} to %%to%%`, html: '<p>%%to%%</p>', place: '%%to%%' };
      templates.set(batch, template);
      return { to: mail.to, template, fills: { text: mail.to, html: mail.to }, headers: { 'List-Unsubscribe': '<https://example.org/u>' } };
    },
    bounced: async () => undefined,
  });
  return queue;
}

/** What a run of the queue does with each chunk of a batch in turn, whoever else holds their leases. */
async function workOnEveryChunk(queue: BulkMailQueue, batch: string, signal: AbortSignal) {
  const found = (await m.t.db.models.BulkBatch.findById(batch).lean())!;
  const inside = queue as unknown as {
    workOnChunk(batch: unknown, chunk: number, purpose: unknown, signal: AbortSignal): Promise<string>;
    purposes: Map<string, unknown>;
  };
  for (let chunk = 0; chunk < found.chunks && !signal.aborted; chunk++) await inside.workOnChunk(found, chunk, inside.purposes.get('test'), signal);
}

const admin = () => `Bearer ${m.t.adminToken()}`;

async function subscribers(count: number, tag: string) {
  await m.t.db.models.Subscriber.insertMany(
    Array.from({ length: count }, (_, index) => ({
      email: `${tag}-${index}@example.org`,
      name: '',
      lang: index % 3 ? 'en' : 'hi',
      state: 'subscribed',
      confirmedAt: new Date(),
    })),
  );
}

async function post() {
  const created = await m.t.db.models.Blog.create({
    title: `Camp ${new Types.ObjectId().toHexString()}`,
    content: 'Hello',
    status: 'published',
    title_hi: 'शिविर',
  });
  return created._id.toHexString();
}

const copiesByAddress = (subject: (text: string) => boolean) => {
  const copies = new Map<string, number>();
  for (const mail of m.catcher.mails) if (mail.listUnsubscribe && subject(mail.text)) copies.set(mail.to[0]!, (copies.get(mail.to[0]!) ?? 0) + 1);
  return copies;
};

async function until(batch: string, state: 'done') {
  return eventually(
    async () => {
      const found = await m.t.db.models.BulkBatch.findById(batch).lean();
      return found?.state === state ? found : undefined;
    },
    60_000,
    `batch ${batch} ${state}`,
  );
}

describe('bulk mail over two instances', () => {
  it('sends each of 600 recipients exactly one copy, from both instances', async () => {
    await subscribers(600, 'both');
    const postId = await post();
    // The send is made on the second instance; both workers take chunks.
    const res = await second.post('/api/send_newsletter.php').set('Authorization', admin()).send({ post_id: postId });
    expect(res.status, res.text).toBe(202);
    const batch = await until(res.body.data.id, 'done');
    expect(batch.total).toBe(600);
    expect(batch.tally).toEqual({ sent: 600, failed: 0, bounced: 0 });
    const copies = copiesByAddress((text) => text.includes(postId));
    expect(copies.size).toBe(600);
    expect([...copies.values()].every((count) => count === 1)).toBe(true);
    expect(await m.t.db.models.BulkOutcome.countDocuments({ batch: res.body.data.id })).toBe(600);
  });

  it('sends each once when three instances work on one chunk at the same moment (leases lost): the claim of each mail decides', async () => {
    const addresses = Array.from({ length: 120 }, (_, index) => `race-${index}@example.org`);
    const queues = [handDrivenQueue(m.t.db, addresses), handDrivenQueue(secondDb, addresses), handDrivenQueue(secondDb, addresses)];
    const batch = `race${Date.now()}`;
    await queues[0]!.create(batch, 'test', addresses.length);
    await queues[0]!.run(new AbortController().signal);
    expect((await m.t.db.models.BulkBatch.findById(batch).lean())!.state).toBe('sending');
    // All three work through the same chunks at once, as if each had their leases.
    for (let round = 0; round < 20 && (await m.t.db.models.BulkOutcome.countDocuments({ batch })) < addresses.length; round++) {
      await Promise.all(queues.map((queue) => workOnEveryChunk(queue, batch, new AbortController().signal)));
    }
    await eventually(async () => m.catcher.mails.filter((mail) => mail.subject === `Batch ${batch}`).length >= addresses.length, 15_000, 'every mail');
    const received = m.catcher.mails.filter((mail) => mail.subject === `Batch ${batch}`).map((mail) => mail.to[0]);
    expect(received.sort()).toEqual([...addresses].sort());
    for (const queue of queues) queue.close();
  });

  it('carries on where a run was cut off, on the other instance, sending nothing twice', async () => {
    const addresses = Array.from({ length: 200 }, (_, index) => `resume-${index}@example.org`);
    const [first, other] = [handDrivenQueue(m.t.db, addresses), handDrivenQueue(secondDb, addresses)];
    const batch = `resume${Date.now()}`;
    await first.create(batch, 'test', addresses.length);
    await first.run(new AbortController().signal);
    // The first instance is cut off after about 50 mails (its run aborted, as a stop does).
    const cut = new AbortController();
    const cutting = eventually(async () => m.catcher.mails.filter((mail) => mail.subject === `Batch ${batch}`).length >= 50, 15_000, '50 mails').then(() =>
      cut.abort(),
    );
    await Promise.all([workOnEveryChunk(first, batch, cut.signal), cutting]);
    const before = await m.t.db.models.BulkOutcome.countDocuments({ batch });
    expect(before).toBeLessThan(addresses.length);
    for (let round = 0; round < 50; round++) {
      if ((await m.t.db.models.BulkBatch.findById(batch).lean())!.state === 'done') break;
      await other.run(new AbortController().signal);
    }
    expect((await m.t.db.models.BulkBatch.findById(batch).lean())!.tally).toEqual({ sent: 200, failed: 0, bounced: 0 });
    await eventually(async () => m.catcher.mails.filter((mail) => mail.subject === `Batch ${batch}`).length >= 200, 15_000, 'every mail');
    const received = m.catcher.mails.filter((mail) => mail.subject === `Batch ${batch}`).map((mail) => mail.to[0]);
    expect(received.sort()).toEqual([...addresses].sort());
    first.close();
    other.close();
  });
});
