import type { Blog, BlogSummary } from '../../api/types';
import { langQuery, type Lang } from '../../i18n/paths';
import { fetchListPage, itemOrNull, pageQuery, type ListPage, type ListSearch } from '../listing/listing';
import { apiClient } from '../../api/on-demand';

/**
 * One page of 12 posts for the blog list, without their full text (`fields=summary`), searched
 * and filtered by the server. The spec's blog page shows an empty list when the fetch fails or the
 * answer is not a list, so failures are logged and become an empty page.
 */
export function fetchBlogPage(search: ListSearch, lang: Lang = 'en'): Promise<ListPage<BlogSummary>> {
  return fetchListPage<BlogSummary>('blog posts', async () =>
    (await apiClient()).GET('/api/get_blogs.php', { params: { query: { ...pageQuery(search), fields: 'summary', ...langQuery(lang) } } }),
  );
}

/** One post, or null when there is no post with that id. Other failures throw. */
export function fetchBlogPost(id: string, lang: Lang = 'en'): Promise<Blog | null> {
  return itemOrNull('the blog post', async () => (await apiClient()).GET('/api/get_blog.php', { params: { query: { id, ...langQuery(lang) } } }));
}
