// A volunteer under 18 (DPDP Rules, 2025): nothing is registered until a parent or guardian
// confirms by the mailed link, and a link opened at once on two instances registers once.
import type supertest from 'supertest';
import { anotherInstance } from '../../../test/another-instance.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { dayInIndia } from '../donations/financial-year.js';
import { isUnder18 } from './guardian.js';

let t: TestApp;
let other: Awaited<ReturnType<typeof anotherInstance>>;
let second: ReturnType<typeof supertest>;

beforeAll(async () => {
  t = await startTestApp();
  other = await anotherInstance(t);
  second = other.request;
});
afterAll(async () => {
  await other?.stop();
  await t?.stop();
});

const yearsAgo = (years: number, days = 0) => {
  const today = dayInIndia(new Date());
  const day = new Date(Date.parse(`${Number(today.slice(0, 4)) - years}${today.slice(4)}`) + days * 86_400_000);
  return day.toISOString().slice(0, 10);
};
const minor = {
  name: 'Priya Kumari',
  email: 'priya@example.org',
  mobile: '9876543210',
  address: 'Lalpur, Ranchi',
  date_of_birth: yearsAgo(15),
  notice_version: 1,
};

describe('a volunteer under 18', () => {
  it('is 18 on their eighteenth birthday, not the day before', () => {
    expect(isUnder18('2008-06-15', '2026-06-14')).toBe(true);
    expect(isUnder18('2008-06-15', '2026-06-15')).toBe(false);
  });

  it('without a guardian is refused, with the legal sentence in the page’s language, and nothing is kept', async () => {
    const res = await t.request.post('/api/volunteer_save.php?lang=hi').send({ ...minor, date_of_birth: yearsAgo(18, 1) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('18 वर्ष से कम आयु के स्वयंसेवक के लिए माता-पिता या अभिभावक की सहमति ज़रूरी है: कृपया उनका नाम और ई-मेल पता दें, हम उनसे पुष्टि करने को कहेंगे।');
    expect(res.body.errors.map((error: { field: string }) => error.field)).toEqual(['guardian_name', 'guardian_email']);
    expect(await t.db.models.GuardianRequest.countDocuments()).toBe(0);
    expect(await t.db.models.Volunteer.countDocuments()).toBe(0);
  });

  it('with a guardian waits: nothing registered, the guardian mailed a link', async () => {
    const res = await t.request.post('/api/volunteer_save.php').send({ ...minor, guardian_name: 'Sunil Kumar', guardian_email: 'Sunil@Example.org' });
    expect(res.status, res.text).toBe(202);
    expect(await t.db.models.Volunteer.countDocuments()).toBe(0);
    const [mail] = await t.db.models.OutboxMail.find({ kind: 'guardian-consent' }).lean();
    expect(mail).toMatchObject({
      to: ['sunil@example.org'],
      sensitive: true,
      subject: 'Please confirm Priya Kumari’s registration as a volunteer'.replace('’', "'"),
    });
    expect(mail!.text).toContain('we keep the details of a volunteer under 18 only with a parent');
    expect(mail!.text).toMatch(/\/guardian-consent\?token=[0-9a-f]{24}\.\d+\.[\w-]{43}/);
  });

  it('is registered once when the guardian confirms, even from both instances at once; the consent recorded', async () => {
    const [mail] = await t.db.models.OutboxMail.find({ kind: 'guardian-consent' }).lean();
    const token = /token=([^\s]+)/.exec(mail!.text)![1]!;
    const answers = await Promise.all([
      t.request.post('/api/confirm_guardian_consent.php').send({ token, elapsed_ms: 5000 }),
      second.post('/api/confirm_guardian_consent.php').send({ token, elapsed_ms: 5000 }),
      t.request.post('/api/confirm_guardian_consent.php').send({ token, elapsed_ms: 5000 }),
    ]);
    for (const res of answers) expect(res.status, res.text).toBe(200);
    expect(answers[0]!.body.message).toBe("Thank you! Priya Kumari's registration as a volunteer is confirmed.");
    const volunteers = await t.db.models.Volunteer.find().lean();
    expect(volunteers).toHaveLength(1);
    expect(volunteers[0]).toMatchObject({ name: 'Priya Kumari', guardian_name: 'Sunil Kumar', guardian_confirmed_at: expect.any(Date) });
    expect(await t.db.models.Consent.find().lean()).toEqual([
      expect.objectContaining({
        email: 'priya@example.org',
        purpose: 'volunteer',
        notice: 'privacy-volunteer',
        version: 1,
        guardian: { name: 'Sunil Kumar', email: 'sunil@example.org' },
      }),
    ]);
    expect(await t.db.models.OutboxMail.countDocuments({ kind: 'volunteer-welcome', to: 'priya@example.org' })).toBe(1);
    expect(await t.db.models.GuardianRequest.countDocuments()).toBe(0);
  });

  it('a forged or altered link registers nothing', async () => {
    const res = await t.request.post('/api/confirm_guardian_consent.php').send({ token: `${'a'.repeat(24)}.9999999999.${'b'.repeat(43)}`, elapsed_ms: 5000 });
    expect(res.status).toBe(404);
  });
});

describe('an adult’s agreement to the notice', () => {
  it('is recorded with the notice’s version; a version the notice never had is refused', async () => {
    const adult = { ...minor, email: 'meena@example.org', date_of_birth: yearsAgo(30) };
    expect((await t.request.post('/api/volunteer_save.php').send({ ...adult, notice_version: 2 })).status).toBe(400);
    expect((await t.request.post('/api/volunteer_save.php').send(adult)).status).toBe(201);
    expect(await t.db.models.Consent.findOne({ email: 'meena@example.org' }).lean()).toMatchObject({ purpose: 'volunteer', version: 1, guardian: null });
  });
});
