// April's statement for a pledger: every gift received from their e-mail address in the past
// financial year, with its receipt, as a PDF made as receipts are (pdfkit, the same fonts).
import type { Services } from '../../services.js';
import { indianDate } from '../donations/financial-year.js';
import type { Donation, Receipt } from '../donations/model.js';
import { write } from '../donations/pdf-scripts.js';
import { field, pdfDocument, rupees } from '../donations/receipt-pdf.js';
import { currentSettings } from '../settings/service.js';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The financial year a statement sent on `today` (in April) is for: the one that just ended. */
export function pledgeStatementYear(today: string): string {
  const start = Number(today.slice(0, 4)) - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export interface StatementGift {
  donation: Donation;
  receipt: Receipt | null;
}

/** The received gifts of `fy` from an address (however its letters were typed), oldest first, with their receipts in force. */
export async function receivedGiftsOf(services: Services, email: string, fy: string): Promise<StatementGift[]> {
  const { Donation: donations, Receipt: receipts } = services.db.models;
  const gifts = await donations
    .find({ status: 'received', fy, email: { $regex: `^${escapeRegExp(email)}$`, $options: 'i' } })
    .sort({ receivedOn: 1, _id: 1 })
    .lean<Donation[]>();
  const issued = await receipts.find({ donation: { $in: gifts.map((gift) => gift._id) }, status: 'issued' }).lean<Receipt[]>();
  return gifts.map((donation) => ({ donation, receipt: issued.find((receipt) => receipt.donation.equals(donation._id)) ?? null }));
}

/** The statement as a PDF: the organisation, the donor, a line per gift and the total. */
export async function renderStatement(
  services: Services,
  donor: { name: string; email: string; pan: string },
  fy: string,
  gifts: StatementGift[],
): Promise<Buffer> {
  const { settings } = await currentSettings(services.db);
  const { doc, done } = pdfDocument({ Title: `Statement of donations ${fy}`, Author: settings.name });
  write(doc, settings.name, { bold: true, size: 18 });
  write(doc, settings.address, { size: 10 });
  write(doc, `PAN: ${settings.pan || '—'}`, { size: 10 });
  write(doc, `80G registration: ${settings.registration_80g || '—'}`, { size: 10 });
  doc.moveDown();
  doc.moveTo(50, doc.y).lineTo(545, doc.y).strokeColor('#2f7d32').stroke();
  doc.moveDown();
  write(doc, `Statement of donations received in the financial year ${fy}`, { bold: true, size: 14 });
  doc.moveDown(0.5);
  field(doc, 'Donor', donor.name);
  field(doc, 'E-mail', donor.email);
  field(doc, 'PAN of the donor', donor.pan);
  doc.moveDown(0.5);
  for (const { donation, receipt } of gifts) {
    const line = `${indianDate(donation.receivedOn)}   ${rupees(donation.amount)}   ${receipt ? `receipt ${receipt.number}` : 'no receipt in force'}   ${donation.reference}`;
    write(doc, line, { size: 10 });
  }
  doc.moveDown(0.5);
  const total = gifts.reduce((sum, gift) => sum + gift.donation.amount, 0);
  write(doc, `Total: ${rupees(total)} in ${gifts.length} donation${gifts.length === 1 ? '' : 's'}`, { bold: true, size: 12 });
  doc.moveDown();
  write(doc, 'Each donation has its own 80G receipt, mailed when it was received. This statement is for your records: it is not a receipt.', { size: 9 });
  doc.end();
  return done;
}
