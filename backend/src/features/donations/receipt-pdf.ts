import { defaultLegalTexts } from '@ngo-site/shared';
import PDFDocument from 'pdfkit';
import { rupeesInWords } from './amount-words.js';
import { dayInIndia, indianDate } from './financial-year.js';
import type { Receipt } from './model.js';
import { registerFonts, write, type Doc } from './pdf-scripts.js';

const modeNames: Record<Receipt['mode'], string> = {
  upi: 'UPI (electronic)',
  bank: 'Bank transfer (electronic)',
  cash: 'Cash',
  cheque: 'Account payee cheque',
};
export const rupees = (amount: number) => `₹ ${new Intl.NumberFormat('en-IN').format(amount)}`;

export function field(doc: Doc, label: string, value: string) {
  const top = doc.y;
  write(doc, label, { size: 10, width: 150 });
  const labelBottom = doc.y;
  doc.y = top;
  write(doc, value || '—', { size: 11, x: 210, width: 335 });
  doc.x = 50;
  doc.y = Math.max(labelBottom, doc.y) + 6;
}

/** An A4 document with the fonts `write` uses, and its bytes once it is ended. */
export function pdfDocument(info: { Title: string; Author: string }): { doc: Doc; done: Promise<Buffer> } {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The 80G receipt as a PDF: what the income-tax rules ask a receipt to carry, from the receipt as issued. */
export function renderReceipt(receipt: Receipt): Promise<Buffer> {
  const { doc, done } = pdfDocument({ Title: `Receipt ${receipt.number}`, Author: receipt.issuer.name });
  const { issuer, donor } = receipt;

  write(doc, issuer.name, { bold: true, size: 18 });
  write(doc, issuer.address, { size: 10 });
  write(doc, `PAN: ${issuer.pan || '—'}`, { size: 10 });
  write(doc, `80G registration: ${issuer.registration80g || '—'}${issuer.registration80gDate ? ` dated ${indianDate(issuer.registration80gDate)}` : ''}`, {
    size: 10,
  });
  doc.moveDown();
  doc.moveTo(50, doc.y).lineTo(545, doc.y).strokeColor('#2f7d32').stroke();
  doc.moveDown();
  write(doc, issuer.receiptTitle || defaultLegalTexts.receipt_title, { bold: true, size: 14 });
  doc.moveDown(0.5);
  if (receipt.status === 'cancelled') {
    doc.fillColor('#b00020');
    write(doc, `CANCELLED on ${indianDate(dayInIndia(receipt.cancelledAt ?? receipt.issuedAt))}: ${receipt.cancelReason}`, { bold: true, size: 13 });
    write(doc, 'This receipt is not valid. A new receipt was issued in its place.', { size: 10 });
    doc.fillColor('black').moveDown(0.5);
  }

  field(doc, 'Receipt number', receipt.number);
  field(doc, 'Date of the receipt', indianDate(dayInIndia(receipt.issuedAt)));
  field(doc, 'Received with thanks from', donor.name);
  field(doc, 'Address of the donor', donor.address);
  field(doc, 'PAN of the donor', donor.pan);
  field(doc, 'Amount', rupees(receipt.amount));
  field(doc, 'Amount in words', rupeesInWords(receipt.amount));
  field(doc, 'Mode of payment', modeNames[receipt.mode]);
  field(doc, 'Transaction reference', receipt.reference);
  field(doc, 'Date of the donation', indianDate(receipt.receivedOn));
  field(doc, 'Type of donation', receipt.donationType);
  if (receipt.designation) field(doc, 'Towards', receipt.designation);
  doc.moveDown();

  const registration = issuer.registration80g
    ? ` under registration number ${issuer.registration80g}${issuer.registration80gDate ? ` dated ${indianDate(issuer.registration80gDate)}` : ''}`
    : '';
  write(doc, (issuer.receiptStatement || defaultLegalTexts.receipt_statement).replace('{registration}', registration), { size: 11 });
  if (!donor.pan) {
    doc.moveDown(0.5);
    write(doc, 'No PAN was given: the donation cannot be reported in Form 10BD in the donor’s name, which the deduction needs.', { size: 10 });
  }
  doc.moveDown(2);
  write(doc, `For ${issuer.name}`, { bold: true, size: 11 });
  write(doc, 'This receipt is issued electronically and needs no signature.', { size: 9 });
  doc.end();
  return done;
}
