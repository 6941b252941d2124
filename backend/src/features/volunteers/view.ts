import { toDay } from '../dates.js';
import type { Volunteer } from './model.js';

/** A registration as the admin's list answers it. */
export const toVolunteerView = (volunteer: Volunteer) => ({
  id: volunteer._id.toHexString(),
  name: volunteer.name,
  email: volunteer.email,
  mobile: volunteer.mobile,
  gender: volunteer.gender,
  interest: volunteer.interest,
  start_date: toDay(volunteer.start_date),
  address: volunteer.address,
  about: volunteer.about,
  created_at: volunteer.createdAt.toISOString(),
  ...(volunteer.withdrawnAt && { withdrawn_at: volunteer.withdrawnAt.toISOString() }),
});
