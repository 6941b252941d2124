// Each month's reminder of a pledge, on two app instances that share one database and one clock
// (set by the test), one of them restarted mid-way: every pledge gets exactly one reminder a
// month on its day, with its own reference, a QR code and a stop link that ends it; a paused
// pledge gets none; nothing is sent before the day.
import { inflateSync } from 'node:zlib';
import { encode } from 'uqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondInstance, type SecondInstance } from '../../../test/app.js';
import { eventually, mailsTo, startMailTestApp, type MailTestApp } from '../../../test/mail.js';
import { makePledge, qrOf, referenceOf, stopLinkOf } from '../../../test/pledges.js';

/** The clock both instances read: real time moved to the day the test is at. */
let offset = 0;
const clock = () => new Date(Date.now() + offset);
const setDay = (isoInIndia: string) => {
  offset = Date.parse(isoInIndia) - Date.now();
};

let m: MailTestApp;
let second: SecondInstance;
const pledgers = Array.from({ length: 12 }, (_, index) => `monthly-${index}@example.org`);
const reminders = () => m.catcher.mails.filter((mail) => /^(Your monthly gift for|.* के लिए आपका मासिक दान)/.test(mail.subject));

beforeAll(async () => {
  setDay('2026-05-03T10:00:00+05:30');
  m = await startMailTestApp({ env: { CAMPAIGN_WORK_MS: '150' }, clock, storage: 'embedded' });
  second = await startSecondInstance(m.t, { clock });
  const settings = await m.t.request
    .post('/api/update_settings.php')
    .set('Authorization', `Bearer ${m.t.adminToken()}`)
    .send({ upi_id: 'ngo@okaxis', bank_details: 'Jharkhand NGO, A/c 1234567890, IFSC SBIN0001234' });
  expect(settings.status, settings.text).toBe(200);
}, 120_000);
afterAll(async () => {
  await second?.stop();
  await m?.stop();
});

describe('monthly pledge reminders', () => {
  it('sends one reminder a month per pledge on its day, across two instances and a restart', { timeout: 180_000 }, async () => {
    // Made on 3 May for the 5th, half of them on each instance, a third in Hindi.
    await Promise.all(
      pledgers.map((email, index) => makePledge(index % 2 ? second.request : m.t.request, { email, amount: 500 + index }, index % 3 === 0 ? 'hi' : undefined)),
    );
    const made = await m.t.db.models.Pledge.find({ email: { $in: pledgers } }).lean();
    expect(made).toHaveLength(pledgers.length);
    expect(made.every((pledge) => pledge.startedOn === '2026-05-03' && pledge.status === 'active')).toBe(true);

    // Not before the day: both instances look several times a second.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await m.t.db.models.PledgeMonth.countDocuments()).toBe(0);
    expect(reminders()).toHaveLength(0);

    // The 5th: every pledge is reminded once, while the second instance restarts.
    setDay('2026-05-05T00:05:00+05:30');
    await eventually(async () => reminders().length >= 3, 30_000, 'the first reminders');
    await second.stop();
    second = await startSecondInstance(m.t, { clock });
    await eventually(async () => reminders().length >= pledgers.length, 60_000, 'a reminder for every pledge');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    for (const email of pledgers) expect(mailsTo(m.catcher, email), email).toHaveLength(1);
    const may = await m.t.db.models.PledgeMonth.find({ month: '2026-05' }).lean();
    expect(may).toHaveLength(pledgers.length);
    expect(may.every((month) => month.state === 'reminded' && month.dueOn === '2026-05-05')).toBe(true);

    // Each reminder: its month's own reference, the amount, a QR code of the UPI link, a stop link.
    const first = mailsTo(m.catcher, pledgers[1]!)[0]!;
    const reference = referenceOf(first);
    expect(may.find((month) => month.reference === reference)?.amount).toBe(501);
    expect(first.subject).toBe('Your monthly gift for May 2026: ₹501');
    expect(first.text).toContain('ngo@okaxis');
    const upi = /upi:\/\/pay\?\S+/.exec(first.text)![0];
    expect(upi).toContain(`tn=${reference}`);
    expect(upi).toContain('am=501.00');
    const qr = qrOf(first)!;
    // The HTML shows the image the mail carries (the catcher's parser writes its cid: as the data).
    expect(first.html).toContain(`src="data:image/png;base64,${qr.content}"`);
    expect(pngModules(Buffer.from(qr.content, 'base64'))).toEqual(encode(upi, { ecc: 'M', border: 4 }).data.map((row) => row.map(Boolean)));
    expect(stopLinkOf(first)).toMatch(/^\/api\/stop_pledge\.php\?token=[0-9a-f]{24}\.[\w-]{43}$/);
    // The stored mail holds no token: it is signed as the mail is sent.
    const stored = await m.t.db.models.OutboxMail.findOne({ key: `pledge-reminder:${may[0]!._id}` }).lean();
    expect(stored?.text).toContain('{{token:stop}}');
    expect(stored?.text).not.toMatch(/token=[0-9a-f]{24}\./);
    const hindi = mailsTo(m.catcher, pledgers[0]!)[0]!;
    expect(hindi.subject).toBe('मई 2026 के लिए आपका मासिक दान: ₹500');

    // One donor stops from the link; an admin pauses another.
    const stop = await second.request.get(stopLinkOf(first)).set('Accept', 'text/html');
    expect(stop.status).toBe(303);
    expect(stop.headers.location).toBe('/donate/monthly?stopped=1');
    await m.catcher.waitFor((mail) => mail.to.includes(pledgers[1]!) && mail.subject === 'Your monthly pledge is stopped', 15_000);
    const paused = made.find((pledge) => pledge.email === pledgers[2])!;
    const pause = await m.t.request
      .post('/api/update_pledge.php')
      .set('Authorization', `Bearer ${m.t.adminToken()}`)
      .send({ id: paused._id.toHexString(), action: 'pause' });
    expect(pause.status, pause.text).toBe(200);

    // June: one more each, with a new reference; none for the stopped and the paused pledge.
    setDay('2026-06-05T08:00:00+05:30');
    await eventually(async () => reminders().length >= 2 * pledgers.length - 2, 60_000, "June's reminders");
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(reminders()).toHaveLength(2 * pledgers.length - 2);
    expect(mailsTo(m.catcher, pledgers[1]!).filter((mail) => mail.subject.startsWith('Your monthly gift'))).toHaveLength(1);
    expect(mailsTo(m.catcher, pledgers[2]!)).toHaveLength(1);
    const june = await m.t.db.models.PledgeMonth.find({ month: '2026-06' }).lean();
    expect(june).toHaveLength(pledgers.length - 2);
    expect(new Set([...may, ...june].map((month) => month.reference)).size).toBe(may.length + june.length);
  });
});

/** The dark and light modules of a one-bit greyscale PNG that qr-png.ts wrote (6 pixels a module). */
function pngModules(png: Buffer): boolean[][] {
  expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
  const size = png.readUInt32BE(16);
  let offset = 8;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    if (png.toString('ascii', offset + 4, offset + 8) === 'IDAT') data.push(png.subarray(offset + 8, offset + 8 + length));
    offset += length + 12;
  }
  const raw = inflateSync(Buffer.concat(data));
  const rowBytes = Math.ceil(size / 8) + 1;
  const modules = size / 6;
  return Array.from({ length: modules }, (_, y) =>
    Array.from({ length: modules }, (_, x) => {
      const pixel = x * 6;
      return (raw[y * 6 * rowBytes + 1 + (pixel >> 3)]! & (0x80 >> (pixel & 7))) === 0;
    }),
  );
}
