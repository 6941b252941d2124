/** The subjects offered; the last makes the message a request about one's personal data, or a grievance (DPDP Rules, 2025). */
export const contactSubjects = [
  'General Inquiry',
  'Donation Question',
  'Volunteer Opportunity',
  'Partnership Proposal',
  'Press Inquiry',
  'Other',
  'Personal data request or complaint',
] as const;

export const officeHours = [
  { days: 'Monday - Friday', hours: '9:00 AM - 5:00 PM' },
  { days: 'Saturday', hours: '10:00 AM - 2:00 PM' },
  { days: 'Sunday', hours: 'Closed' },
] as const;

export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The privacy notice's version when its box is ticked, else ''. */
  notice_version: string;
}

export const emptyContactMessage: ContactMessage = { name: '', email: '', subject: '', message: '', notice_version: '' };
