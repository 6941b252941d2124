// Requests about one's personal data and grievances (DPDP Rules, 2025): each is answered within
// 90 days. recordDataRequest is how any part of the site raises one (the contact form's subject,
// an admin recording one received by post, and the supporter's own page).
import { dataRequestDays, type Lang } from '@ngo-site/shared';
import { Types } from 'mongoose';
import type { Schemas } from '../../contract.js';
import type { Database } from '../../database.js';
import { insertOnce } from '../../invariants/claims.js';
import { dayInIndia } from '../donations/financial-year.js';
import { normalisedEmail } from './consent.js';
import type { DataRequest } from './model.js';

const dayMs = 24 * 60 * 60 * 1000;

/** Whole days from `from` to `to` (YYYY-MM-DD each). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / dayMs);

export interface NewDataRequest {
  kind: DataRequest['kind'];
  name: string;
  email: string;
  message: string;
  source: DataRequest['source'];
  lang?: Lang;
  receivedAt?: Date;
  /** Its id when the caller has one already (a retried request finds it recorded). */
  id?: Types.ObjectId;
}

/** Records a request or grievance with its deadline, 90 days on; once per id. */
export async function recordDataRequest(db: Database, request: NewDataRequest): Promise<DataRequest> {
  const _id = request.id ?? new Types.ObjectId();
  const receivedAt = request.receivedAt ?? new Date();
  await insertOnce(db.models.DataRequest, {
    _id,
    kind: request.kind,
    name: request.name,
    email: normalisedEmail(request.email),
    message: request.message,
    source: request.source,
    lang: request.lang ?? 'en',
    receivedAt,
    dueOn: dayInIndia(new Date(receivedAt.getTime() + dataRequestDays * dayMs)),
    status: 'open',
  });
  return (await db.models.DataRequest.findById(_id).lean<DataRequest>())!;
}

/** A request as the admin's inbox shows it on `today` (India). */
export function toDataRequestView(request: DataRequest, today: string): Schemas['DataRequest'] {
  const daysLeft = daysBetween(today, request.dueOn);
  return {
    id: request._id.toHexString(),
    kind: request.kind,
    name: request.name,
    email: request.email,
    message: request.message,
    source: request.source,
    received_at: request.receivedAt.toISOString(),
    due_on: request.dueOn,
    days_left: daysLeft,
    overdue: request.status === 'open' && daysLeft < 0,
    status: request.status,
    note: request.note,
    closed_at: request.closedAt?.toISOString() ?? null,
  };
}
