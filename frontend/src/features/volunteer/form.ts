import type { VolunteerApplication } from './api';

export interface VolunteerForm {
  name: string;
  email: string;
  mobile: string;
  gender: '' | 'Male' | 'Female' | 'Other';
  interest: '' | 'teaching' | 'event' | 'fundraising' | 'social';
  start_date: string;
  address: string;
  about: string;
  /** 'true' when "send me news" is ticked. */
  newsletter: string;
  date_of_birth: string;
  guardian_name: string;
  guardian_email: string;
  /** The privacy notice's version when its box is ticked, else ''. */
  notice_version: string;
}

export const emptyVolunteerForm: VolunteerForm = {
  name: '',
  email: '',
  mobile: '',
  gender: '',
  interest: '',
  start_date: '',
  address: '',
  about: '',
  newsletter: '',
  date_of_birth: '',
  guardian_name: '',
  guardian_email: '',
  notice_version: '',
};

export const genderOptions = ['Male', 'Female', 'Other'] as const;

export const interestOptions = [
  { value: 'teaching', label: 'Teaching' },
  { value: 'event', label: 'Event Management' },
  { value: 'fundraising', label: 'Fundraising' },
  { value: 'social', label: 'Social Work' },
] as const;

/** Every field the form asks for; gender is optional, and the guardian's details are asked of one under 18 only. */
const requiredFields = ['name', 'email', 'mobile', 'address', 'interest', 'start_date', 'about', 'date_of_birth', 'notice_version'] as const;

/** Today as YYYY-MM-DD in India, where the organisation works (UTC+5:30 all year). */
export const todayInIndia = (now = new Date()) => new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);

/** Under 18 on `today` (the server decides the same way); false while no date of birth is given. */
export function isUnder18(dateOfBirth: string, today = todayInIndia()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return false;
  return `${Number(dateOfBirth.slice(0, 4)) + 18}${dateOfBirth.slice(4)}` > today;
}

/** Whether the guardian's fields are asked: always until a date of birth says the volunteer is 18 or over (so they are there without the script). */
export const asksGuardian = (form: Pick<VolunteerForm, 'date_of_birth'>) => !/^\d{4}-\d{2}-\d{2}$/.test(form.date_of_birth) || isUnder18(form.date_of_birth);

export function missingRequiredFields(form: VolunteerForm): boolean {
  const guardian = isUnder18(form.date_of_birth) ? (['guardian_name', 'guardian_email'] as const) : [];
  return [...requiredFields, ...guardian].some((field) => form[field].trim() === '');
}

/** The API takes only filled-in optional fields (an empty gender is not one of its values). */
export function toApplication(form: VolunteerForm): VolunteerApplication {
  return {
    name: form.name.trim(),
    email: form.email.trim(),
    mobile: form.mobile.trim(),
    address: form.address.trim(),
    ...(form.gender && { gender: form.gender }),
    ...(form.interest && { interest: form.interest }),
    ...(form.start_date && { start_date: form.start_date }),
    ...(form.about.trim() && { about: form.about.trim() }),
    ...(form.newsletter === 'true' && { newsletter: true }),
    ...(form.date_of_birth && { date_of_birth: form.date_of_birth }),
    ...(isUnder18(form.date_of_birth) && { guardian_name: form.guardian_name.trim(), guardian_email: form.guardian_email.trim() }),
    ...(form.notice_version && { notice_version: Number(form.notice_version) }),
  };
}
