// A pledge's mails through the outbox, once each (their keys): the month's reminder, the
// confirmation of a stop, April's statement. What is not stored is made as each is sent: the
// signed stop link (a send-time token), the QR code image and the statement's PDF (files).
import type { Services } from '../../services.js';
import type { OutboxMail } from '../mail/model.js';
import { currentSettings } from '../settings/service.js';
import { tokenPlaceholder } from '../mail/send-time-tokens.js';
import type { MailFile } from '../mail/transport.js';
import { qrCid, reminderLetter, statementLetter } from './letters.js';
import { stopToken, upiIntent } from './links.js';
import type { Pledge, PledgeMonth } from './model.js';
import { qrPng } from './qr-png.js';
import { receivedGiftsOf, renderStatement } from './statement.js';

const reminderKey = (month: PledgeMonth) => `pledge-reminder:${month._id}`;
const statementKey = (email: string, fy: string) => `pledge-statement:${email}|${fy}`;
/** The "Stop this pledge" link's path, with its token (or the place the outbox signs it into). */
export const stopPledgePath = (token: string) => `/api/stop_pledge.php?token=${token}`;

/** The maker of the stop link's token (send-time-tokens.ts). */
const stopTokenMaker = 'pledge-stop';

export class PledgeMails {
  constructor(private readonly services: Services) {
    const { outbox } = services.mail;
    outbox.tokens.register(stopTokenMaker, ({ pledge }) => stopToken(services.config.jwtSecret, pledge!));
    outbox.attachAtSend('pledge-reminder', (mail) => this.qrCode(mail));
    outbox.attachAtSend('pledge-statement', (mail) => this.statementPdf(mail));
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
          stopUrl: this.services.mail.siteUrl(stopPledgePath(tokenPlaceholder('stop'))),
        },
        pledge.lang,
      ),
      tokens: { stop: { maker: stopTokenMaker, args: { pledge: pledge._id.toHexString() } } },
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

  /** The QR code of the month's UPI link. */
  private async qrCode(mail: OutboxMail): Promise<MailFile[]> {
    const month = await this.services.db.models.PledgeMonth.findById(mail.key.slice('pledge-reminder:'.length)).lean<PledgeMonth>();
    const upi = month && (await this.upiOf(month)).upi;
    return upi ? [{ filename: 'upi-qr.png', contentType: 'image/png', content: qrPng(upi.link), cid: qrCid }] : [];
  }

  /** The statement's PDF, made from the received gifts as they are when it is sent. */
  private async statementPdf(mail: OutboxMail): Promise<MailFile[]> {
    const [email, fy] = mail.key.slice('pledge-statement:'.length).split('|') as [string, string];
    const pledge = await this.latestPledge(email);
    const pdf = await renderStatement(
      this.services,
      { name: pledge?.name ?? '', email, pan: pledge?.pan ?? '' },
      fy,
      await receivedGiftsOf(this.services, email, fy),
    );
    return [{ filename: `donations-${fy}.pdf`, contentType: 'application/pdf', content: pdf }];
  }
}
