import type { PublicDocument } from '@ngo-site/shared';
import { apiClient } from '../../api/on-demand';
import { langQuery, type Lang } from '../../i18n/paths';

/** The transparency page's documents, as the browser reads them on a navigation within the site. */
export async function fetchDocuments(lang: Lang): Promise<PublicDocument[]> {
  const { data, response } = await (await apiClient()).GET('/api/get_documents.php', { params: { query: langQuery(lang) } });
  if (!data?.success) throw new Error(`Could not load the documents (HTTP ${response.status})`);
  return data.data;
}
