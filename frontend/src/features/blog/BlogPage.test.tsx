import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, serveApi, unreachable } from '../../../test/api-fetch';
import { pagedList, queriesTo } from '../../../test/list-pages';
import { renderRoute } from '../../../test/render-route';
import type { Blog } from '../../api/types';

function post(fields: Partial<Blog> & Pick<Blog, 'id'>): Blog {
  return {
    title: '',
    excerpt: '',
    category: '',
    image_url: null,
    author: '',
    date: '',
    content: '',
    status: 'published',
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...fields,
  };
}

const posts: Blog[] = [
  post({
    id: 'a'.repeat(24),
    title: 'Hand pumps for Khunti',
    excerpt: 'Five villages now have WATER all year.',
    category: 'health',
    author: 'Asha',
    date: '2025-03-05',
  }),
  post({
    id: 'b'.repeat(24),
    title: 'A new learning centre',
    excerpt: 'Sixty children started classes.',
    category: 'education',
    author: 'Ravi',
    date: '2025-02-01',
  }),
  post({
    id: 'c'.repeat(24),
    title: 'Planting season',
    excerpt: 'Saplings and clean water for the nursery.',
    category: 'reforestation',
    author: 'Meera',
    date: '2025-01-20',
  }),
  post({ id: 'd'.repeat(24) }),
];

function cardTitles(): string[] {
  return screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent ?? '');
}

const servePosts = (all: Blog[]) => pagedList(all, (post) => [post.title, post.excerpt]);

async function openBlog(answer: Parameters<typeof serveApi>[0][string], path = '/blog') {
  const { requests } = serveApi({ 'GET /api/get_blogs.php': answer });
  const { router } = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Blog & News' });
  return Object.assign(userEvent.setup(), { requests, router });
}

const listQueries = (requests: Request[]) => queriesTo(requests, '/api/get_blogs.php');

describe('blog list', () => {
  it('shows a page of post summaries with the spec fallbacks for missing values', async () => {
    const { requests } = await openBlog(servePosts(posts));
    expect(await screen.findAllByRole('article')).toHaveLength(4);
    expect(cardTitles()).toEqual(['Hand pumps for Khunti', 'A new learning centre', 'Planting season', 'Untitled']);
    expect(listQueries(requests)).toEqual([{ limit: '12', page: '1', fields: 'summary' }]);
    const blank = screen.getAllByRole('article')[3]!;
    for (const text of ['Uncategorized', 'Untitled', 'No excerpt available', 'Anonymous', 'Unknown date']) {
      expect(within(blank).getByText(text)).toBeInTheDocument();
    }
    const first = screen.getAllByRole('article')[0]!;
    expect(within(first).getByText('5 March 2025')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Hand pumps for Khunti' })).toHaveAttribute('href', `/blog/${'a'.repeat(24)}`);
    expect(screen.queryByRole('navigation', { name: 'Blog pages' })).not.toBeInTheDocument();
  });

  it('asks the server to search once typing pauses, and keeps the search in the URL', async () => {
    const user = await openBlog(servePosts(posts));
    await screen.findAllByRole('article');
    await user.type(screen.getByLabelText('Search posts'), 'water');
    await waitFor(() => expect(cardTitles()).toEqual(['Hand pumps for Khunti', 'Planting season']));
    expect(listQueries(user.requests).at(-1)).toEqual({ limit: '12', page: '1', q: 'water', fields: 'summary' });
    expect(user.router.state.location.search).toEqual({ q: 'water' });
    await user.clear(screen.getByLabelText('Search posts'));
    await user.type(screen.getByLabelText('Search posts'), 'LEARNING{Enter}');
    await waitFor(() => expect(cardTitles()).toEqual(['A new learning centre']));
    // Typing never asked for each letter.
    expect(listQueries(user.requests).length).toBeLessThanOrEqual(4);
  });

  it('filters by category on the server, combined with the search', async () => {
    const user = await openBlog(servePosts(posts));
    await screen.findAllByRole('article');
    const filters = screen.getByRole('group', { name: 'Filter posts by category' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All', 'Health', 'Education', 'Reforestation', 'Sustainable Farming', 'Women Empowerment']);
    await user.click(within(filters).getByRole('button', { name: 'Reforestation' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Planting season']));
    expect(within(filters).getByRole('button', { name: 'Reforestation' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(filters).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    expect(listQueries(user.requests).at(-1)).toMatchObject({ category: 'reforestation' });

    await user.type(screen.getByLabelText('Search posts'), 'pumps{Enter}');
    expect(await screen.findByText('No posts found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting the search term or category filter')).toBeInTheDocument();

    await user.click(within(filters).getByRole('button', { name: 'All' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Hand pumps for Khunti']));

    // Women Empowerment posts are reachable by a filter of their own, not only under All.
    await user.click(within(filters).getByRole('button', { name: 'Women Empowerment' }));
    await waitFor(() => expect(listQueries(user.requests).at(-1)).toMatchObject({ category: 'women-empowerment' }));
  });

  it('pages through 12 at a time with a URL for each page, and the back button returns', async () => {
    const many = Array.from({ length: 30 }, (_, n) => post({ id: String(n).padStart(24, '0'), title: `Post ${n + 1}`, category: 'health' }));
    const user = await openBlog(servePosts(many));
    await waitFor(() => expect(cardTitles()).toHaveLength(12));
    const pages = screen.getByRole('navigation', { name: 'Blog pages' });
    expect(within(pages).getByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(within(pages).getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(cardTitles()[0]).toBe('Post 13'));
    expect(user.router.state.location.href).toBe('/blog?page=2');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    user.router.history.back();
    await waitFor(() => expect(cardTitles()[0]).toBe('Post 1'));
    expect(user.router.state.location.href).toBe('/blog');
  });

  it('a result clicked before typing pauses opens, and the search does not pull the visitor back', async () => {
    serveApi({
      'GET /api/get_blogs.php': servePosts(posts),
      'GET /api/get_blog.php': () => json({ success: true, data: { ...posts[0]!, content: 'Five villages.' } }),
    });
    const { router } = renderRoute('/blog');
    const user = userEvent.setup();
    await screen.findAllByRole('article');
    await user.type(screen.getByLabelText('Search posts'), 'pumps');
    await user.click(screen.getByRole('link', { name: 'Hand pumps for Khunti' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hand pumps for Khunti' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(router.state.location.pathname).toBe(`/blog/${'a'.repeat(24)}`);
  });

  it('opens a shared page URL with its search and category', async () => {
    const many = Array.from({ length: 15 }, (_, n) => post({ id: String(n).padStart(24, '0'), title: `Well ${n + 1}`, category: 'health' }));
    const user = await openBlog(servePosts(many), '/blog?page=2&q=well&category=health');
    await waitFor(() => expect(cardTitles()).toEqual(['Well 13', 'Well 14', 'Well 15']));
    expect(listQueries(user.requests)).toEqual([{ limit: '12', page: '2', q: 'well', category: 'health', fields: 'summary' }]);
    expect(screen.getByLabelText('Search posts')).toHaveValue('well');
    expect(screen.getByRole('button', { name: 'Health' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('ignores page numbers and categories in the URL that make no sense', async () => {
    const user = await openBlog(servePosts(posts), '/blog?page=-3&category=No%20such%20thing');
    await screen.findAllByRole('article');
    expect(listQueries(user.requests)).toEqual([{ limit: '12', page: '1', fields: 'summary' }]);
  });

  it('asks for any well-formed program id in the URL: programs are content, one added later has its posts', async () => {
    const user = await openBlog(servePosts(posts), '/blog?category=clean-air');
    expect(await screen.findByText('No posts found')).toBeInTheDocument();
    expect(listQueries(user.requests)).toEqual([{ limit: '12', page: '1', category: 'clean-air', fields: 'summary' }]);
  });

  it('shows the empty state when the fetch fails', async () => {
    await openBlog(unreachable);
    expect(await screen.findByText('No posts found')).toBeInTheDocument();
    expect(cardTitles()).toEqual([]);
  });

  it('shows the empty state for an error status or an answer that is not a list', async () => {
    await openBlog(() => json({ success: false, message: 'Database unavailable' }, 503));
    expect(await screen.findByText('No posts found')).toBeInTheDocument();
  });

  it('opens a post from the list, which loads it in full', async () => {
    const { requests } = serveApi({
      'GET /api/get_blogs.php': servePosts(posts),
      'GET /api/get_blog.php': () => json({ success: true, data: { ...posts[1]!, content: 'Sixty children, two teachers.' } }),
    });
    const { router } = renderRoute('/blog');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'A new learning centre' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'A new learning centre' })).toBeInTheDocument();
    expect(screen.getByText('Sixty children, two teachers.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/blog/${'b'.repeat(24)}`);
    expect(requests.map((request) => new URL(request.url).pathname)).toEqual(['/api/get_blogs.php', '/api/get_blog.php']);
  });
});
