// Form 10BE certificates as the income-tax portal gives them, made with pdfkit: a real PDF whose
// text names the reporting organisation's PAN, the donor's PAN (or Aadhaar number) and the
// financial year, and ZIP files of them, as an admin would download them.
import PDFDocument from 'pdfkit';
import { zipSync } from 'fflate';

export interface CertificateFixture {
  donorName: string;
  /** The donor's PAN, or their Aadhaar number (12 digits) for a certificate that names one. */
  pan?: string;
  aadhaar?: string;
  fy: string;
  amount?: number;
  organisationPan?: string;
}

export function form10bePdf(certificate: CertificateFixture): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: 'Form No. 10BE' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const assessmentYear = `${Number(certificate.fy.slice(0, 4)) + 1}-${String((Number(certificate.fy.slice(0, 4)) + 2) % 100).padStart(2, '0')}`;
  doc.fontSize(14).text('FORM NO. 10BE', { align: 'center' });
  doc.fontSize(10).text('[See rule 18AB]', { align: 'center' });
  doc.text('Certificate of donation under clause (ix) of sub-section (5) of section 80G', { align: 'center' });
  doc.moveDown();
  doc.text(`1. PAN of the reporting person: ${certificate.organisationPan ?? 'AAATJ4321K'}`);
  doc.text('2. Name of the reporting person: Jharkhand NGO');
  doc.text('3. Unique Registration Number: AAATJ4321KF20214');
  doc.text(`4. Unique Identification Number of the donor: ${certificate.pan ?? certificate.aadhaar?.replace(/(\d{4})(\d{4})(\d{4})/, '$1 $2 $3') ?? ''}`);
  doc.text(`5. ID Code: ${certificate.pan ? '1 - Permanent Account Number' : '2 - Aadhaar Number'}`);
  doc.text(`6. Name of the donor: ${certificate.donorName}`);
  doc.text(`7. Assessment Year: ${assessmentYear}`);
  doc.text(`8. Financial Year in which the donation is received: ${certificate.fy}`);
  doc.text(`9. Amount of donation (Indian rupees): ${certificate.amount ?? 1500}`);
  doc.end();
  return done;
}

/** A ZIP of files by name. */
export const zipOf = (files: Record<string, Buffer>) =>
  Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, new Uint8Array(bytes)]))));
