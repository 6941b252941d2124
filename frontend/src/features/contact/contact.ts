export const contactSubjects = ['General Inquiry', 'Donation Question', 'Volunteer Opportunity', 'Partnership Proposal', 'Press Inquiry', 'Other'] as const;

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
}

export const emptyContactMessage: ContactMessage = { name: '', email: '', subject: '', message: '' };
