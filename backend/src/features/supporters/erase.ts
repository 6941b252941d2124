// "Erase me": everything the site holds of an address goes, the same erasure as the admin's
// (registrations with every copy of them: mails, the lists' log, request records, limits), and
// with it the person's hours, certificates, nominee, consents, grievances, messages, event sign-ups,
// pledges, the newsletter subscription, links and sessions. Donation records, their receipts and
// Form 10BE certificates stay: the Income-tax Act asks for them (the mails that carried them go).
import type { Types } from 'mongoose';
import type { Services } from '../../services.js';
import { eraseCopies } from '../erasure/copies.js';
import { eraseEventRecords } from '../events/hours.js';
import type { MailKind } from '../mail/model.js';
import { VolunteerService } from '../volunteers/service.js';
import { sameAddress } from './hours.js';
import { keptByLaw, recordsKeptByLaw } from './records.js';

/** Every kind of mail to or about a person; their copies go with the person (the records the law keeps are not mails). */
const personalMailKinds: MailKind[] = [
  'volunteer-welcome',
  'volunteer-notice',
  'contact-notice',
  'reply',
  'donation-notice',
  'donation-receipt',
  'my-link',
  'volunteer-certificate',
  'event-signup',
  'event-promoted',
  'event-reminder',
  'event-cancelled',
  'rsvp-cancelled',
  'pledge-reminder',
  'pledge-stopped',
  'pledge-statement',
  'form10be',
];

export async function eraseSupporter(services: Services, email: string) {
  const { db } = services;
  const { models } = db;
  await new VolunteerService(services).erase({ email });
  const messages = await models.ContactMessage.find({ email: sameAddress(email) })
    .select('_id')
    .lean<{ _id: Types.ObjectId }[]>();
  const messageIds = messages.map((message) => message._id);
  if (messageIds.length) {
    await models.MessageReply.deleteMany({ message: { $in: messageIds } });
    await models.ContactMessage.deleteMany({ _id: { $in: messageIds } });
    for (const id of messageIds) await services.lists.messages.remove(id);
  }
  const hours = await models.VolunteerHours.find({ email }).select('_id').lean<{ _id: Types.ObjectId }[]>();
  await models.VolunteerHours.deleteMany({ email });
  await models.VolunteerCertificate.deleteMany({ email });
  await models.Nominee.deleteMany({ $or: [{ _id: email }, { email: sameAddress(email) }] });
  await models.ConsentWithdrawal.deleteMany({ email });
  await db.connection.db!.collection('consents').deleteMany({ email });
  // The newsletter: the subscription, its consent records and its mails.
  await services.subscriptions.erase(email);
  const grievances = await models.Grievance.find({ email }).select('_id').lean<{ _id: Types.ObjectId }[]>();
  await models.Grievance.deleteMany({ email });
  await models.MyLink.deleteMany({ email });
  const signups = await eraseEventRecords(services, email);
  // The pledges: a promise, not a gift (the gifts received are donation records, which stay).
  const pledges = await models.Pledge.find({ email }).select('_id').lean<{ _id: Types.ObjectId }[]>();
  await models.PledgeMonth.deleteMany({ pledge: { $in: pledges.map((pledge) => pledge._id) } });
  await models.Pledge.deleteMany({ email });
  const ids = [...messageIds, ...signups, ...pledges.map((pledge) => pledge._id), ...[...hours, ...grievances].map((record) => record._id)];
  await eraseCopies(services, { ids, email, mailKinds: personalMailKinds });
  // Last: the session that asked ends with the rest.
  await models.MySession.deleteMany({ email });
  return keptByLaw(await recordsKeptByLaw(services, email));
}
