import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Database } from '../../database.js';
import { currentSettings } from '../settings/service.js';
import type { Sender } from './compose.js';
import { contactNotice, volunteerNotice, volunteerWelcome, type ContactFields, type VolunteerFields } from './letters.js';
import { mailSettingsId, type MailLang } from './model.js';
import { BulkMailQueue } from './bulk.js';
import type { RequestLoad } from '../../jobs/worker.js';
import { Claims, upsert } from '../../invariants/claims.js';
import { Outbox, type NewMail } from './outbox.js';
import { seededMaker, seededToken } from './send-time-tokens.js';

/**
 * The mail of the site, as the features use it: every mail goes through the outbox, and the
 * notices of new messages and volunteers go to the addresses chosen in the admin (every admin
 * account when none is chosen).
 */
export class Mailer {
  readonly outbox: Outbox;
  /** Bulk mail (newsletters): one mail per recipient, at the rate of the settings. */
  readonly bulk: BulkMailQueue;

  constructor(
    private readonly config: Config,
    private readonly db: Database,
    readonly logger: Logger,
    requests?: RequestLoad,
  ) {
    this.outbox = new Outbox(db.models.OutboxMail, db.models.JobLease, new Claims(db.models.Claim), config.mail, logger, () => this.sender());
    this.outbox.tokens.register(seededMaker, ({ purpose, seed }) => seededToken(config.jwtSecret, purpose!, seed!));
    this.bulk = new BulkMailQueue(db.models, config.mail, logger, async () => (await this.sender()).name, requests);
  }

  start() {
    this.outbox.worker?.start();
    this.bulk.worker?.start();
    this.outbox.sweeper.start();
  }

  async stop() {
    await Promise.all([this.outbox.worker?.stop(), this.bulk.worker?.stop(), this.outbox.sweeper.stop()]);
    this.outbox.close();
    this.bulk.close();
  }

  /** An address of the site, for links in mails. */
  siteUrl(path: string): string {
    return `${this.config.publicUrl}${path}`;
  }

  /** The organisation's name, postal address and e-mail, at the foot of every mail. */
  async sender(): Promise<Sender> {
    const { settings } = await currentSettings(this.db);
    return { name: settings.name, address: settings.address, email: settings.email };
  }

  /** Where replies to the organisation's own mails go: its e-mail of the settings, when it has one. */
  async organisationReplyTo(): Promise<{ name: string; address: string } | null> {
    const { name, email } = await this.sender();
    return email ? { name, address: email } : null;
  }

  /** The addresses chosen for the notices (empty: none chosen). */
  async chosenRecipients(): Promise<string[]> {
    const stored = await this.db.models.SiteSettings.findById(mailSettingsId).lean();
    const notify = (stored?.values as { notify?: unknown } | undefined)?.notify;
    return Array.isArray(notify) ? notify.filter((address): address is string => typeof address === 'string') : [];
  }

  async chooseRecipients(notify: string[]): Promise<void> {
    const unique = [...new Set(notify.map((address) => address.toLowerCase()))];
    await upsert(this.db.models.SiteSettings, { _id: mailSettingsId }, { $set: { values: { notify: unique } } });
  }

  /** Who gets the notices now: the chosen addresses, or every admin account that is in use. */
  async noticeRecipients(): Promise<string[]> {
    const chosen = await this.chosenRecipients();
    if (chosen.length) return chosen;
    const admins = await this.db.models.AdminUser.find({ role: 'admin', invited: { $ne: true } }, { email: 1 })
      .sort({ createdAt: 1 })
      .lean();
    return admins.map((admin) => admin.email);
  }

  enqueue(mail: NewMail) {
    return this.outbox.enqueue(mail);
  }

  /** A notice to the notice recipients (none queued when there are none). */
  private async notice(mail: Omit<NewMail, 'to'>) {
    const to = await this.noticeRecipients();
    if (to.length) await this.enqueue({ ...mail, to });
  }

  /** A new contact message: a notice to the admins, whose replies go straight to the sender. */
  async contactReceived(message: ContactFields & { id: string }) {
    await this.notice({
      key: `contact-notice:${message.id}`,
      kind: 'contact-notice',
      replyTo: { name: message.name, address: message.email },
      letter: contactNotice(message, this.siteUrl('/admin/dashboard?section=messages')),
    });
  }

  /** A new volunteer: a welcome in the language of their page, and a notice to the admins. */
  async volunteerRegistered(volunteer: VolunteerFields & { id: string }, lang: MailLang) {
    const { name } = await this.sender();
    await this.enqueue({
      key: `volunteer-welcome:${volunteer.id}`,
      kind: 'volunteer-welcome',
      to: [volunteer.email],
      replyTo: await this.organisationReplyTo(),
      letter: volunteerWelcome(volunteer, lang, name),
    });
    await this.notice({
      key: `volunteer-notice:${volunteer.id}`,
      kind: 'volunteer-notice',
      replyTo: { name: volunteer.name, address: volunteer.email },
      letter: volunteerNotice(volunteer, lang, this.siteUrl('/admin/dashboard?section=volunteers')),
    });
  }
}
