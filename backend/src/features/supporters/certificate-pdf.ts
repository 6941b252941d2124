// The certificate of hours as a PDF (A4, landscape), in English or Hindi: the organisation's mark,
// name and registration; the person, the hours, the period and the programs; the signatory of the
// settings; the verification code with its QR code. Devanagari is shaped by pdfkit's font engine
// (conjuncts and matras); certificates.test.ts reads a rendering of it back.
import PDFDocument from 'pdfkit';
import { encode } from 'uqr';
import { registerFonts, write, type Doc } from '../donations/pdf-scripts.js';
import type { VolunteerCertificate } from './model.js';

const words = {
  en: {
    title: 'Certificate of Volunteering',
    certify: 'This is to certify that',
    gave: (hours: string, org: string, from: string, to: string) => `gave ${hours} hours as a volunteer with ${org} between ${from} and ${to}.`,
    programs: (names: string) => `Programs: ${names}`,
    registration: (text: string) => `Registration: ${text}`,
    for: (org: string) => `For ${org}`,
    issued: (day: string) => `Issued on ${day}`,
    verify: 'Verify this certificate at',
    code: 'Verification code',
    revoked: (day: string) => `REVOKED on ${day}: this certificate is not valid.`,
  },
  hi: {
    title: 'स्वयंसेवा प्रमाणपत्र',
    certify: 'यह प्रमाणित किया जाता है कि',
    gave: (hours: string, org: string, from: string, to: string) => `ने ${from} से ${to} के बीच ${org} के साथ ${hours} घंटे स्वयंसेवा की।`,
    programs: (names: string) => `कार्यक्रम: ${names}`,
    registration: (text: string) => `पंजीकरण: ${text}`,
    for: (org: string) => `${org} की ओर से`,
    issued: (day: string) => `जारी करने की तिथि: ${day}`,
    verify: 'इस प्रमाणपत्र की जाँच करें:',
    code: 'सत्यापन कोड',
    revoked: (day: string) => `${day} को रद्द: यह प्रमाणपत्र मान्य नहीं है।`,
  },
};

const locales = { en: 'en-IN', hi: 'hi-IN' };
const longDay = (lang: 'en' | 'hi', day: string) =>
  new Intl.DateTimeFormat(locales[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
const hoursText = (hours: number) => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(hours);

const green = '#1d5c3a';

/** The organisation's mark of the site's header (components/Logo.tsx): a sapling in a circle. */
function drawMark(doc: Doc, x: number, y: number, size: number) {
  doc
    .save()
    .translate(x, y)
    .scale(size / 36);
  doc.circle(18, 18, 18).fill(green);
  doc.path('M18 28V16').lineWidth(2.4).lineCap('round').stroke('#f6f1e7');
  doc.path('M18 18c-5 0-8-3-8-8 5 0 8 3 8 8z').fill('#8fd19e');
  doc.path('M18 15c0-5 3-8 8-8 0 5-3 8-8 8z').fill('#e0a526');
  doc.restore();
}

function drawQr(doc: Doc, text: string, x: number, y: number, size: number) {
  const { data } = encode(text, { border: 2 });
  const cell = size / data.length;
  doc.save().rect(x, y, size, size).fill('white');
  data.forEach((row, top) =>
    row.forEach((dark, left) => {
      if (dark) doc.rect(x + left * cell, y + top * cell, cell, cell).fill('black');
    }),
  );
  doc.restore();
}

export function renderCertificate(certificate: VolunteerCertificate, url: string): Promise<Buffer> {
  const lang = certificate.lang;
  const say = words[lang];
  const org = certificate.organisation;
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 50, info: { Title: say.title, Author: org.name } });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width;
  const height = doc.page.height;
  const inner = { x: 60, width: width - 120 };
  const centred = (text: string, options: { bold?: boolean; size?: number } = {}) =>
    write(doc, text, { ...options, x: inner.x, width: inner.width, align: 'center' });

  doc
    .rect(25, 25, width - 50, height - 50)
    .lineWidth(3)
    .stroke(green);
  doc
    .rect(32, 32, width - 64, height - 64)
    .lineWidth(0.8)
    .stroke(green);
  drawMark(doc, width / 2 - 24, 45, 48);
  doc.y = 100;
  doc.fillColor(green);
  centred(org.name, { bold: true, size: 18 });
  doc.fillColor('black');
  if (org.registration) centred(say.registration(org.registration.split('\n')[0]!), { size: 9 });
  doc.moveDown(0.8);
  doc.fillColor(green);
  centred(say.title, { bold: true, size: 28 });
  doc.fillColor('black');
  doc.moveDown(0.5);
  if (certificate.revokedAt) {
    doc.fillColor('#b00020');
    centred(say.revoked(longDay(lang, certificate.revokedAt.toISOString().slice(0, 10))), { bold: true, size: 13 });
    doc.fillColor('black');
  }
  centred(say.certify, { size: 13 });
  doc.moveDown(0.3);
  centred(certificate.name, { bold: true, size: 24 });
  doc.moveDown(0.3);
  centred(say.gave(hoursText(certificate.hours), org.name, longDay(lang, certificate.periodFrom), longDay(lang, certificate.periodTo)), { size: 13 });
  if (certificate.programs.length) {
    doc.moveDown(0.3);
    centred(say.programs(certificate.programs.join(', ')), { size: 11 });
  }

  // The signatory at the bottom left, the code and its QR code at the bottom right.
  const bottom = height - 160;
  doc
    .moveTo(80, bottom + 40)
    .lineTo(300, bottom + 40)
    .lineWidth(0.8)
    .stroke('black');
  doc.y = bottom + 46;
  if (org.signatory) write(doc, org.signatory, { bold: true, size: 11, x: 80, width: 260 });
  if (org.signatoryTitle) write(doc, org.signatoryTitle, { size: 10, x: 80, width: 260 });
  write(doc, say.for(org.name), { size: 10, x: 80, width: 260 });
  write(doc, say.issued(longDay(lang, certificate.issuedAt.toISOString().slice(0, 10))), { size: 9, x: 80, width: 260 });

  const qrSize = 96;
  const qrX = width - 80 - qrSize;
  drawQr(doc, url, qrX, bottom - 10, qrSize);
  doc.y = bottom - 6;
  write(doc, say.code, { size: 9, x: qrX - 250, width: 240, align: 'right' });
  write(doc, certificate._id, { bold: true, size: 13, x: qrX - 250, width: 240, align: 'right' });
  doc.moveDown(0.3);
  write(doc, say.verify, { size: 9, x: qrX - 250, width: 240, align: 'right' });
  write(doc, url, { size: 9, x: qrX - 250, width: 240, align: 'right' });
  doc.end();
  return done;
}
