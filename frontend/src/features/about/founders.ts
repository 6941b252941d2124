import type { MessageKey } from '../../i18n/i18n';

export interface Founder {
  name: string;
  role: MessageKey;
  bio: MessageKey;
}

export const founders: Founder[] = [
  {
    name: 'Dr. Anjali Verma',
    role: 'Co-founder & Executive Director',
    bio: 'A public health doctor from Ranchi who spent a decade running rural health camps before starting the foundation to tackle the causes of illness: unsafe water and poverty.',
  },
  {
    name: 'Rohit Oraon',
    role: 'Co-founder & Director of Programs',
    bio: 'Grew up in a farming village near Gumla. An agronomist who leads our reforestation and sustainable farming work together with village committees.',
  },
  {
    name: 'Meera Singh',
    role: 'Co-founder & Head of Partnerships',
    bio: 'A former teacher from Patna who built our learning centres and now brings schools, companies and donors into partnerships with the communities we serve.',
  },
];

/** Initials stand in for portraits: no personal photos are published. */
export function initialsOf(name: string): string {
  return name
    .replace(/^Dr\.\s*/, '')
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}
