// Form 10BE certificates imported as two admins on two backends would: the same ZIP at the same
// moment, then again. Each certificate is stored once and each donor mailed once, with the PDF
// attached, through a real SMTP server; the rest is listed, and can be assigned by hand.
import type supertest from 'supertest';
import { anotherInstance } from '../../../test/another-instance.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesSpec } from '../../../test/app.js';
import { form10bePdf, zipOf } from '../../../test/form10be.js';
import { eventually, mailsTo, startMailTestApp, type MailTestApp } from '../../../test/mail.js';
import { pdfText } from '../../../test/pdf.js';

let m: MailTestApp;
let other: Awaited<ReturnType<typeof anotherInstance>>;
let second: ReturnType<typeof supertest>;
const organisationPan = 'AAATJ4321K';

const donors = [
  { name: 'Asha Kumari', email: 'asha@example.org', pan: 'ABCPK1234F', lang: 'en' },
  { name: 'Ravi Munda', email: 'Ravi.Munda@example.org', pan: 'BCDPM2345G', lang: 'hi' },
  { name: 'Sunita Devi', email: 'sunita@example.org', pan: 'CDEPD3456H', lang: 'en' },
] as const;

beforeAll(async () => {
  m = await startMailTestApp();
  other = await anotherInstance(m.t);
  second = other.request;
  const admin = `Bearer ${m.t.adminToken()}`;
  await m.t.request.post('/api/update_settings.php').set('Authorization', admin).send({ pan: organisationPan }).expect(200);
  // Each donor's gift of 2025-26, confirmed: its receipt is what Form 10BD (and so Form 10BE) is made of.
  for (const [index, donor] of donors.entries()) {
    const { email, pan, name, lang } = donor;
    const created = await m.t.db.models.Donation.create({
      name,
      email,
      pan,
      address: 'Ranchi 834001',
      amount: 1000 + index,
      reference: `TENBE${index}00001`,
      referenceKey: `TENBE${index}00001`,
      fy: '2025-26',
      lang,
      status: 'pending',
    });
    await m.t.request
      .post('/api/update_donation.php')
      .set('Authorization', admin)
      .send({ id: created._id.toHexString(), status: 'received', received_on: '2025-08-15' })
      .expect(200);
  }
});
afterAll(async () => {
  await other?.stop();
  await m?.stop();
});

const admin = () => `Bearer ${m.t.adminToken()}`;
const importFiles = (request: ReturnType<typeof supertest>, files: [Buffer, string, string][]) => {
  const req = request.post('/api/import_form10be.php').set('Authorization', admin());
  for (const [bytes, filename, contentType] of files) req.attach('files', bytes, { filename, contentType });
  return req;
};
const certificateMails = () => m.t.db.models.OutboxMail.find({ kind: 'form10be' }).lean();

describe('a ZIP of Form 10BE certificates', () => {
  let zip: Buffer;

  beforeAll(async () => {
    zip = zipOf({
      ...Object.fromEntries(
        await Promise.all(
          donors.map(
            async (donor) => [`10BE_${donor.pan}.pdf`, await form10bePdf({ donorName: donor.name, pan: donor.pan, fy: '2025-26', organisationPan })] as const,
          ),
        ),
      ),
      '10BE_ZZZPZ9999Z.pdf': await form10bePdf({ donorName: 'Someone Else', pan: 'ZZZPZ9999Z', fy: '2025-26', organisationPan }),
      '10BE_aadhaar.pdf': await form10bePdf({ donorName: 'Asha Kumari', aadhaar: '234567890123', fy: '2025-26', organisationPan }),
      'readme.txt': Buffer.from('Downloaded from the income-tax portal'),
    });
  });

  it('imported four times at once on two instances: each certificate stored once, each donor mailed once, the rest listed', async () => {
    const answers = await Promise.all([
      importFiles(m.t.request, [[zip, 'form10be.zip', 'application/zip']]),
      importFiles(second, [[zip, 'form10be.zip', 'application/zip']]),
      importFiles(m.t.request, [[zip, 'form10be.zip', 'application/zip']]),
      importFiles(second, [[zip, 'form10be.zip', 'application/zip']]),
    ]);
    for (const res of answers) {
      expect(res.status, res.text).toBe(200);
      expectMatchesSpec(res, 'importForm10be');
      expect(res.body.matched.map((one: { donor: { email: string } }) => one.donor.email).sort()).toEqual(
        donors.map((donor) => donor.email.toLowerCase()).sort(),
      );
      expect(res.body.unmatched).toHaveLength(2);
      expect(res.body.unreadable).toEqual([{ filename: 'form10be.zip/readme.txt', reason: 'not a PDF or a ZIP file' }]);
    }
    // Each file was imported by exactly one of the four; the others found it imported.
    const firstTimes = answers
      .flatMap((res) => [...res.body.matched, ...res.body.unmatched])
      .filter((one: { already_imported: boolean }) => !one.already_imported);
    expect(firstTimes).toHaveLength(5);
    expect(await m.t.db.models.Form10beCertificate.countDocuments()).toBe(5);
    expect(await certificateMails()).toHaveLength(3);

    for (const donor of donors) {
      const [mail, ...more] = await eventually(
        async () => {
          const got = mailsTo(m.catcher, donor.email.toLowerCase()).filter((mail) => mail.subject.includes('10BE'));
          return got.length ? got : undefined;
        },
        20_000,
        `the certificate of ${donor.name}`,
      );
      expect(mail!.subject).toBe(donor.lang === 'hi' ? '2025-26 के लिए आपका फ़ॉर्म 10BE दान प्रमाणपत्र' : 'Your Form 10BE certificate of donation for 2025-26');
      expect(more).toEqual([]);
      expect(mail!.attachments).toHaveLength(1);
      expect(mail!.attachments[0]).toMatchObject({ filename: 'form-10be-2025-26.pdf', contentType: 'application/pdf' });
      expect((await pdfText(Buffer.from(mail!.attachments[0]!.content, 'base64'))).text).toContain(donor.pan);
    }
    // Sent, the outbox lets go of the attachment's bytes: the certificate keeps them.
    await eventually(
      async () => (await certificateMails()).every((mail) => mail.state === 'sent' && mail.attachments.length === 0),
      10_000,
      'the attachments dropped',
    );
    for (const donor of donors) expect(mailsTo(m.catcher, donor.email.toLowerCase()).filter((mail) => mail.subject.includes('10BE'))).toHaveLength(1);
  });

  it('imported again (the PDFs on their own this time): answered as before, nothing sent again', async () => {
    const pdf = await form10bePdf({ donorName: donors[0].name, pan: donors[0].pan, fy: '2025-26', organisationPan });
    const res = await importFiles(second, [
      [zip, 'again.zip', 'application/zip'],
      [pdf, 'asha.pdf', 'application/pdf'],
    ]);
    expect(res.status, res.text).toBe(200);
    expect(res.body.matched.map((one: { already_imported: boolean }) => one.already_imported)).toEqual([true, true, true, false]);
    // pdfkit stamps each PDF with its time of making: this one is another file, kept, for a donor
    // and year mailed already.
    expect(res.body.matched).toHaveLength(4);
    expect(await certificateMails()).toHaveLength(3);
  });

  it('lists what did not match, with why, and assigns it by hand: mailed once, its Aadhaar number remembered', async () => {
    const list = await m.t.request.get('/api/get_form10be.php?status=unmatched&fy=2025-26').set('Authorization', admin());
    expectMatchesSpec(list, 'listForm10be');
    const reasons = Object.fromEntries(list.body.data.map((one: { id_type: string; reason: string }) => [one.id_type, one.reason]));
    expect(reasons).toEqual({ pan: 'no donor of 2025-26 has this PAN or Aadhaar number', aadhaar: 'no donor of 2025-26 has this PAN or Aadhaar number' });
    const aadhaar = list.body.data.find((one: { id_type: string }) => one.id_type === 'aadhaar');
    expect(aadhaar.id_number).toBe('••••••••0123');

    const assigned = await Promise.all([
      m.t.request.post('/api/assign_form10be.php').set('Authorization', admin()).send({ id: aadhaar.id, email: 'ASHA@example.org' }),
      second.post('/api/assign_form10be.php').set('Authorization', admin()).send({ id: aadhaar.id, email: 'asha@example.org' }),
    ]);
    expect(assigned.map((res) => res.status).sort()).toContain(200);
    const mails = await m.t.db.models.OutboxMail.find({ kind: 'form10be', to: 'asha@example.org' }).lean();
    expect(mails.filter((mail) => mail.key === 'form10be:2025-26:aadhaar:234567890123')).toHaveLength(1);

    // Next year's certificate naming that Aadhaar number matches by itself.
    const next = await form10bePdf({ donorName: 'Asha Kumari', aadhaar: '234567890123', fy: '2026-27', organisationPan });
    const res = await importFiles(m.t.request, [[next, '10BE_2026.pdf', 'application/pdf']]);
    expect(res.body.matched).toEqual([
      expect.objectContaining({ fy: '2026-27', donor: { name: 'Asha Kumari', email: 'asha@example.org', matched_by: 'aadhaar' } }),
    ]);
  });
});
