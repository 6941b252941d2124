import type { Schemas } from '../../contract.js';
import { maskAddress, maskPan } from '../donations/views.js';
import type { Pledge, PledgeMonth } from './model.js';

export const toPledgeMonthView = (month: PledgeMonth): Schemas['PledgeMonth'] => ({
  month: month.month,
  due_on: month.dueOn,
  reference: month.reference,
  state: month.state,
  reminded_at: month.remindedAt?.toISOString() ?? null,
  paid_on: month.paidOn ?? null,
  donation_id: month.donation?.toHexString() ?? null,
});

/** A pledge as the admin sees it (PAN and address masked), with its months newest first. */
export function toPledgeView(pledge: Pledge, months: PledgeMonth[]): Schemas['Pledge'] {
  return {
    id: pledge._id.toHexString(),
    name: pledge.name,
    email: pledge.email,
    mobile: pledge.mobile,
    amount: pledge.amount,
    day: pledge.day,
    pan: maskPan(pledge.pan),
    address: maskAddress(pledge.address),
    lang: pledge.lang,
    status: pledge.status,
    created_at: pledge.createdAt.toISOString(),
    started_on: pledge.startedOn,
    stopped_at: pledge.stoppedAt?.toISOString() ?? null,
    stopped_by: pledge.stoppedBy ?? null,
    months: months
      .filter((month) => month.pledge.equals(pledge._id))
      .sort((a, b) => b.month.localeCompare(a.month))
      .map(toPledgeMonthView),
  };
}
