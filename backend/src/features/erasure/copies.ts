// Erasing a person's records reaches every copy the site made of them: the mails made from the
// records (sent or not), the admin lists' log of recent writes, the Idempotency-Key records of
// the requests that saved them, and the limits and attempts keyed by their e-mail address.
import type { Types } from 'mongoose';
import { forgetRecordsThatSaved } from '../../idempotency/store.js';
import type { Services } from '../../services.js';
import type { MailKind } from '../mail/model.js';

export interface Erased {
  /** The records erased (a registration, a message): a copy names one of these ids. */
  ids: Types.ObjectId[];
  /** The person's e-mail address, when every record of it was erased: what is keyed by it goes too. */
  email?: string;
  /** The kinds of mail made from such records: those to or about the address go too (a record erased before). */
  mailKinds?: MailKind[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Removes the copies of erased records. A mail's key ends with the id of the record it was made
 * from (`volunteer-notice:<id>`), so the mails go whatever their state; a mail being sent this
 * moment is sent, and its outcome finds no mail to write to.
 */
export async function eraseCopies({ db }: Services, { ids, email, mailKinds = [] }: Erased): Promise<void> {
  const { OutboxMail, IdempotencyRecord, LimitCount, AttemptSlot } = db.models;
  if (ids.length) {
    const hex = ids.map((id) => id.toHexString());
    await OutboxMail.deleteMany({ key: { $regex: `:(${hex.join('|')})$` } });
    // The rows only: the erasure's own change (no row) tells the other instances to drop them.
    await db.connection.db!.collection('admin_list_changes').deleteMany({ row_id: { $in: hex }, row: { $exists: true } });
    await forgetRecordsThatSaved(IdempotencyRecord, ids);
  }
  if (email) {
    const address = escapeRegExp(email.trim().toLowerCase());
    if (mailKinds.length) {
      const same = { $regex: `^${address}$`, $options: 'i' };
      await OutboxMail.deleteMany({ kind: { $in: mailKinds }, $or: [{ to: same }, { 'replyTo.address': same }] });
    }
    // Login attempts, resets asked for, typed with this address: `login|<ip>|<email>`, `account|<email>`, `reset-email|<email>`.
    const keyed = { $regex: `\\|${address}(\\||$)` };
    await LimitCount.deleteMany({ _id: keyed });
    await AttemptSlot.deleteMany({ key: keyed });
  }
}
