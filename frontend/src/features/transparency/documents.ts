import type { PublicDocument } from '@ngo-site/shared';

// What the transparency page shows of its documents. Kept apart from api.ts, which every page's
// router names (its texts would go to every Hindi page's part of the catalogue).

export type DocumentKind = PublicDocument['kind'];

/** The kinds in the order the page lists a year's documents, with their headings. */
export const documentKinds = [
  { kind: 'annual-report', label: 'Annual report' },
  { kind: 'audited-accounts', label: 'Audited accounts' },
  { kind: 'fc-accounts', label: 'Foreign contribution accounts' },
  { kind: 'registration', label: 'Registration' },
  { kind: 'other', label: 'Other' },
] as const satisfies readonly { kind: DocumentKind; label: string }[];

/** The documents by financial year, newest first (the server's order kept within a year). */
export function byYear(documents: PublicDocument[]): [fy: string, documents: PublicDocument[]][] {
  const years = new Map<string, PublicDocument[]>();
  for (const document of documents) years.set(document.fy, [...(years.get(document.fy) ?? []), document]);
  return [...years].sort(([a], [b]) => b.localeCompare(a));
}
