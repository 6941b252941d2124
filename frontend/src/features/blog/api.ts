import { api } from '../../api/client';
import type { Blog } from '../../api/types';

/**
 * Posts from the last list, by id. The list carries every post in full, so opening a post from it
 * needs no second request and the post shows the moment it is chosen.
 */
const postsFromList = new Map<string, Blog>();

/**
 * All posts. The spec's blog page shows an empty list when the fetch fails or the answer is not a
 * list, so failures are logged and become [].
 */
export async function fetchBlogPosts(): Promise<Blog[]> {
  try {
    const { data, response } = await api.GET('/api/get_blogs.php');
    if (!Array.isArray(data)) {
      console.warn(`Could not load blog posts (HTTP ${response.status})`);
      return [];
    }
    // Without fields=summary every post comes whole.
    const posts = data as Blog[];
    postsFromList.clear();
    for (const post of posts) postsFromList.set(post.id, post);
    return posts;
  } catch (error) {
    console.warn('Could not load blog posts', error);
    return [];
  }
}

/** One post, or null when there is no post with that id. Other failures throw. */
export async function fetchBlogPost(id: string): Promise<Blog | null> {
  const listed = postsFromList.get(id);
  if (listed) return listed;
  const { data, response } = await api.GET('/api/get_blog.php', { params: { query: { id } } });
  if (data?.success) return data.data;
  if (response.status === 404 || response.status === 400) return null;
  throw new Error(`Could not load the blog post (HTTP ${response.status})`);
}
