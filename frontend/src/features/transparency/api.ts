import type { PublicDocument } from '@ngo-site/shared';
import { apiClient } from '../../api/on-demand';
import { langQuery, type Lang } from '../../i18n/paths';

/** The transparency page's documents, as the browser reads them on a navigation within the site. */
export async function fetchDocuments(lang: Lang): Promise<PublicDocument[]> {
  const { data, response } = await (await apiClient()).GET('/api/get_documents.php', { params: { query: langQuery(lang) } });
  if (!data?.success) throw new Error(`Could not load the documents (HTTP ${response.status})`);
  return data.data;
}

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
