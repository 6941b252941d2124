// Certificates of hours: two hours an admin recorded and a three-hour event check-in certify five,
// in English and Hindi. The PDF's text (PDF.js) and its rendering read back (pdftoppm, tesseract)
// hold the name and hours; the Hindi reads back only because it is shaped (a control drawn
// letter by letter does not); the QR code opens /verify/<code>, which says "revoked" once it is.
import jsQR from 'jsqr';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesSpec } from '../../../test/app.js';
import { eventually, mailsTo, startMailTestApp, type MailTestApp } from '../../../test/mail.js';
import { pdfText } from '../../../test/pdf.js';
import { renderFirstPage } from '../../../test/rendered-pdf.js';
import { registerFonts, write } from '../donations/pdf-scripts.js';

let m: MailTestApp;
beforeAll(async () => {
  m = await startMailTestApp({ env: { PUBLIC_URL: 'https://ngo.example' } });
  await m.t.request
    .post('/api/update_settings.php')
    .set('Authorization', admin())
    .send({ name: 'Jharkhand NGO', registration_80g: 'AAATJ1234CF20214', certificate_signatory: 'Sushila Kerketta', certificate_signatory_title: 'Secretary' })
    .expect(200);
});
afterAll(() => m?.stop());

const admin = () => `Bearer ${m.t.adminToken()}`;
const binary = (res: import('superagent').Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};
const certificate = (volunteerId: string, lang: 'en' | 'hi') =>
  m.t.request.get(`/api/get_certificate.php?volunteer_id=${volunteerId}&lang=${lang}`).set('Authorization', admin()).buffer(true).parse(binary);

async function volunteerWithHours() {
  await m.t.request
    .post('/api/volunteer_save.php')
    .send({ name: 'Priya Kumari', email: 'priya@example.org', mobile: '9876543210', address: 'Harmu, Ranchi', interest: 'teaching' })
    .expect(201);
  const volunteer = (await m.t.db.models.Volunteer.findOne({ email: 'priya@example.org' }).lean())!;
  const id = volunteer._id.toHexString();
  const added = await m.t.request
    .post('/api/add_volunteer_hours.php')
    .set('Authorization', admin())
    .send({ volunteer_id: id, hours: 2, date: '2026-04-12', note: 'Maths class at Namkum', program: 'education' });
  expect(added.status, added.text).toBe(201);
  expectMatchesSpec(added, 'addVolunteerHours');
  // An event's check-in: three hours of a tree planting (its start to its end).
  await m.t.request
    .post('/api/add_volunteer_hours.php')
    .set('Authorization', admin())
    .send({ volunteer_id: id, hours: 3, date: '2026-05-03', note: 'Tree planting at Morabadi', program: 'reforestation' })
    .expect(201);
  return id;
}

describe('a certificate of hours', () => {
  let volunteerId: string;
  let code: string;

  it('certifies five hours in English: the name and hours read back from the PDF and from its rendering', async () => {
    volunteerId = await volunteerWithHours();
    const res = await certificate(volunteerId, 'en');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    code = res.headers['x-certificate-code'] as string;
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const { text } = await pdfText(res.body);
    expect(text).toContain('Priya Kumari');
    expect(text).toContain('gave 5 hours as a volunteer with Jharkhand NGO between 12 April 2026 and 3 May 2026.');
    expect(text).toContain('Programs: Reforestation Project, Education for All');
    expect(text).toContain('Sushila Kerketta');
    expect(text).toContain(code);
    const page = await renderFirstPage(res.body);
    expect(page.text).toContain('Priya Kumari');
    expect(page.text).toMatch(/gave 5 hours/);
    // The QR code opens the certificate's own page.
    const qr = jsQR(page.pixels.data, page.pixels.width, page.pixels.height);
    expect(qr?.data).toBe(`https://ngo.example/verify/${code}`);
  });

  it('is the same certificate while the hours stay the same', async () => {
    const again = await certificate(volunteerId, 'en');
    expect(again.headers['x-certificate-code']).toBe(code);
  });

  it('certifies the same in Hindi, shaped: conjuncts and matras read back from its rendering', async () => {
    const res = await certificate(volunteerId, 'hi');
    expect(res.status).toBe(200);
    expect(res.headers['x-certificate-code']).not.toBe(code);
    const page = await renderFirstPage(res.body);
    for (const words of ['स्वयंसेवा प्रमाणपत्र', 'यह प्रमाणित किया जाता है कि', 'घंटे स्वयंसेवा की', 'शिक्षा']) expect(page.text).toContain(words);
    expect(page.text).toContain('Priya Kumari');
    expect(page.text).toMatch(/\b5 घंटे/);
  });

  it('is checked at /verify/<code>: name, hours, period and organisation, nothing else; "revoked" once revoked', async () => {
    const check = await m.t.request.get(`/api/verify_certificate.php?code=${code}`);
    expect(check.status).toBe(200);
    expectMatchesSpec(check, 'verifyCertificate');
    expect(check.body.data).toEqual({
      code,
      name: 'Priya Kumari',
      hours: 5,
      period_from: '2026-04-12',
      period_to: '2026-05-03',
      organisation: 'Jharkhand NGO',
      status: 'valid',
      revoked_on: null,
    });
    expect(JSON.stringify(check.body)).not.toMatch(/priya@|9876543210|Harmu/);
    const revoked = await m.t.request.post('/api/revoke_certificate.php').set('Authorization', admin()).send({ code, reason: 'Issued to the wrong person' });
    expect(revoked.status).toBe(200);
    const after = await m.t.request.get(`/api/verify_certificate.php?code=${code}`);
    expect(after.body.data).toMatchObject({ status: 'revoked', revoked_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect((await m.t.request.post('/api/revoke_certificate.php').set('Authorization', admin()).send({ code, reason: 'Again' })).status).toBe(409);
    // The same hours are certified anew, under a new code.
    const fresh = await certificate(volunteerId, 'en');
    expect(fresh.headers['x-certificate-code']).not.toBe(code);
  });

  it('is mailed to the volunteer with its verification page', async () => {
    const res = await m.t.request.post('/api/mail_certificate.php').set('Authorization', admin()).send({ volunteer_id: volunteerId, lang: 'hi' });
    expect(res.status, res.text).toBe(200);
    expectMatchesSpec(res, 'mailCertificate');
    await eventually(async () => mailsTo(m.catcher, 'priya@example.org').some((mail) => mail.subject === 'आपका स्वयंसेवा प्रमाणपत्र'));
    const mail = mailsTo(m.catcher, 'priya@example.org').find((caught) => caught.subject === 'आपका स्वयंसेवा प्रमाणपत्र')!;
    expect(mail.text).toContain(`https://ngo.example/verify/${res.body.data.code}`);
    expect(mail.text).toContain('https://ngo.example/hi/my');
  });

  it('shows each person’s total and the hours by program for a date range', async () => {
    const all = await m.t.request.get(`/api/get_volunteer_hours.php?volunteer_id=${volunteerId}`).set('Authorization', admin());
    expectMatchesSpec(all, 'listVolunteerHours');
    expect(all.body.data).toMatchObject({ total: 5, people: [{ volunteer_id: volunteerId, name: 'Priya Kumari', hours: 5 }] });
    expect(all.body.data.programs).toEqual([
      { program: 'reforestation', hours: 3 },
      { program: 'education', hours: 2 },
    ]);
    expect(all.body.data.entries).toHaveLength(2);
    const april = await m.t.request.get('/api/get_volunteer_hours.php?from=2026-04-01&to=2026-04-30').set('Authorization', admin());
    expect(april.body.data).toMatchObject({ total: 2, programs: [{ program: 'education', hours: 2 }] });
    const entry = all.body.data.entries.find((line: { program: string }) => line.program === 'education');
    const corrected = await m.t.request
      .post('/api/update_volunteer_hours.php')
      .set('Authorization', admin())
      .send({ id: entry.id, hours: 2.5, note: 'Stayed longer' });
    expect(corrected.body.data).toMatchObject({ hours: 2.5, note: 'Stayed longer' });
    expect((await m.t.request.post('/api/delete_volunteer_hours.php').set('Authorization', admin()).send({ id: entry.id })).status).toBe(200);
    const left = await m.t.request.get('/api/get_volunteer_hours.php').set('Authorization', admin());
    expect(left.body.data.total).toBe(3);
  });
});

describe('reading Devanagari back from a rendering', () => {
  it('fails for the same words drawn letter by letter, without shaping', async () => {
    const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 50 });
    registerFonts(doc);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
    write(doc, 'स्वयंसेवा प्रमाणपत्र', { size: 28 });
    doc.moveDown();
    doc.font('deva').fontSize(28);
    let x = 50;
    const y = doc.y;
    for (const letter of 'स्वयंसेवा प्रमाणपत्र') {
      doc.text(letter, x, y, { lineBreak: false });
      x += doc.widthOfString(letter) + 1;
    }
    doc.end();
    const page = await renderFirstPage(await done);
    // The shaped line reads back once; the letters drawn one by one do not make the words again.
    expect(page.text.split('स्वयंसेवा प्रमाणपत्र').length - 1).toBe(1);
  });
});
