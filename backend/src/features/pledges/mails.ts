// A pledge's mails through the outbox, once each (their keys): the month's reminder, the
// confirmation of a stop, April's statement. What must not be stored is added as each is sent
// (Outbox.completeAtSend): the signed stop link, the QR code image, the statement's PDF.
import type { Services } from '../../services.js';
import type { OutboxMail } from '../mail/model.js';
import { currentSettings } from '../settings/service.js';
import { qrCid, reminderLetter, statementLetter, stopLinkPlaceholder } from './letters.js';
import { stopToken, upiIntent } from './links.js';
import type { Pledge, PledgeMonth } from './model.js';
import { qrPng } from './qr-png.js';
import { receivedGiftsOf, renderStatement } from './statement.js';

const reminderKey = (month: PledgeMonth) => `pledge-reminder:${month._id}`;
const statementKey = (email: string, fy: string) => `pledge-statement:${email}|${fy}`;
const htmlEscapes: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };

export class PledgeMails {
  constructor(private readonly services: Services) {
    const { outbox } = services.mail;
    outbox.completeAtSend('pledge-reminder', (mail) => this.completeReminder(mail));
    outbox.completeAtSend('pledge-statement', (mail) => this.completeStatement(mail));
  }

  private async upiOf(month: Pick<PledgeMonth, 'amount' | 'reference'>) {
    const { settings } = await currentSettings(this.services.db);
    return { settings, upi: settings.upi_id ? { id: settings.upi_id, link: upiIntent(settings.upi_id, settings.name, month.amount, month.reference) } : null };
  }

  /** The month's reminder: the amount, its reference, the UPI link and QR code, the bank's details and the stop link. */
  async reminder(pledge: Pledge, month: PledgeMonth) {
    const { settings, upi } = await this.upiOf(month);
    await this.services.mail.enqueue({
      key: reminderKey(month),
      kind: 'pledge-reminder',
      to: [pledge.email],
      replyTo: await this.services.mail.organisationReplyTo(),
      letter: reminderLetter(
        {
          name: pledge.name,
          amount: month.amount,
          month: month.month,
          reference: month.reference,
          upi,
          bankDetails: settings.bank_details,
          org: settings.name,
        },
        pledge.lang,
      ),
    });
  }

  async statement(email: string, fy: string) {
    const gifts = await receivedGiftsOf(this.services, email, fy);
    const pledge = await this.latestPledge(email);
    if (!gifts.length || !pledge) return;
    const { settings } = await currentSettings(this.services.db);
    const amount = gifts.reduce((sum, gift) => sum + gift.donation.amount, 0);
    await this.services.mail.enqueue({
      key: statementKey(email, fy),
      kind: 'pledge-statement',
      to: [email],
      replyTo: await this.services.mail.organisationReplyTo(),
      letter: statementLetter({ name: pledge.name, fy, amount, count: gifts.length, org: settings.name }, pledge.lang),
    });
  }

  private latestPledge(email: string) {
    return this.services.db.models.Pledge.findOne({ email }).sort({ createdAt: -1 }).lean<Pledge>();
  }

  /** The stop link signed now, and the QR code of the month's UPI link. */
  private async completeReminder(mail: OutboxMail) {
    const monthId = mail.key.slice('pledge-reminder:'.length);
    const month = await this.services.db.models.PledgeMonth.findById(monthId).lean<PledgeMonth>();
    const url = this.services.mail.siteUrl(`/api/stop_pledge.php?token=${month ? stopToken(this.services.config.jwtSecret, month.pledge.toHexString()) : ''}`);
    const upi = month ? (await this.upiOf(month)).upi : null;
    return {
      text: mail.text.replaceAll(stopLinkPlaceholder, url),
      html: mail.html.replaceAll(
        stopLinkPlaceholder,
        url.replace(/[&"<>]/g, (character) => htmlEscapes[character]!),
      ),
      files: upi ? [{ filename: 'upi-qr.png', contentType: 'image/png', content: qrPng(upi.link), cid: qrCid }] : [],
    };
  }

  /** The statement's PDF, made from the received gifts as they are when it is sent. */
  private async completeStatement(mail: OutboxMail) {
    const [email, fy] = mail.key.slice('pledge-statement:'.length).split('|') as [string, string];
    const pledge = await this.latestPledge(email);
    const pdf = await renderStatement(
      this.services,
      { name: pledge?.name ?? '', email, pan: pledge?.pan ?? '' },
      fy,
      await receivedGiftsOf(this.services, email, fy),
    );
    return { text: mail.text, html: mail.html, files: [{ filename: `donations-${fy}.pdf`, contentType: 'application/pdf', content: pdf }] };
  }
}
