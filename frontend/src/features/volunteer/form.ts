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
};

export const genderOptions = ['Male', 'Female', 'Other'] as const;

export const interestOptions = [
  { value: 'teaching', label: 'Teaching' },
  { value: 'event', label: 'Event Management' },
  { value: 'fundraising', label: 'Fundraising' },
  { value: 'social', label: 'Social Work' },
] as const;

/** Every field the form asks for; gender is the only optional one. */
const requiredFields = ['name', 'email', 'mobile', 'address', 'interest', 'start_date', 'about'] as const;

export function missingRequiredFields(form: VolunteerForm): boolean {
  return requiredFields.some((field) => form[field].trim() === '');
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
  };
}
