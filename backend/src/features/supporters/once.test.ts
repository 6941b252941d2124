// What must hold across backends, on the storage npm start uses: a link to /my opens one session
// however many requests use it at once on two instances, and one set of hours is certified once
// however many ask for the certificate at the same moment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondInstance, startTestApp, type SecondInstance, type TestApp } from '../../../test/app.js';
import type { Services } from '../../services.js';
import { issueMyLink } from './links.js';

let t: TestApp;
let second: SecondInstance;
beforeAll(async () => {
  t = await startTestApp({ storage: 'embedded' });
  second = await startSecondInstance(t);
});
afterAll(async () => {
  await second?.stop();
  await t?.stop();
});

const instances = () => [t.request, second.request];

describe('across two instances', () => {
  it('a link opens one session when twelve requests use it at once', async () => {
    for (let round = 0; round < 3; round++) {
      const { token } = await issueMyLink({ db: t.db, config: t.config } as unknown as Services, `racer${round}@example.org`);
      const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => instances()[index % 2]!.post('/api/open_my_session.php').send({ token })));
      expect(answers.map((res) => res.status).sort()).toEqual([200, ...Array<number>(11).fill(404)]);
      expect(await t.db.models.MySession.countDocuments({ email: `racer${round}@example.org` })).toBe(1);
    }
  });

  it('one set of hours is certified once when ten ask at the same moment', async () => {
    await t.request
      .post('/api/volunteer_save.php')
      .send({ name: 'Asha Kumari', email: 'asha@example.org', mobile: '9876543210', address: 'Lalpur, Ranchi' })
      .expect(201);
    const volunteer = (await t.db.models.Volunteer.findOne({ email: 'asha@example.org' }).lean())!;
    const admin = `Bearer ${t.adminToken()}`;
    await t.request
      .post('/api/add_volunteer_hours.php')
      .set('Authorization', admin)
      .send({ volunteer_id: volunteer._id.toHexString(), hours: 4, date: '2026-06-01' })
      .expect(201);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        instances()[index % 2]!.get(`/api/get_certificate.php?volunteer_id=${volunteer._id.toHexString()}&lang=en`).set('Authorization', admin),
      ),
    );
    for (const res of answers) expect(res.status).toBe(200);
    expect(new Set(answers.map((res) => res.headers['x-certificate-code'])).size).toBe(1);
    expect(await t.db.models.VolunteerCertificate.countDocuments({ email: 'asha@example.org' })).toBe(1);
  });
});
