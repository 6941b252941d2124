import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, serveApi, unreachable } from '../../../test/api-fetch';
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
  post({ id: 'a'.repeat(24), title: 'Hand pumps for Khunti', excerpt: 'Five villages now have WATER all year.', category: 'health', author: 'Asha', date: '2025-03-05' }),
  post({ id: 'b'.repeat(24), title: 'A new learning centre', excerpt: 'Sixty children started classes.', category: 'education', author: 'Ravi', date: '2025-02-01' }),
  post({ id: 'c'.repeat(24), title: 'Planting season', excerpt: 'Saplings and clean water for the nursery.', category: 'reforestation', author: 'Meera', date: '2025-01-20' }),
  post({ id: 'd'.repeat(24) }),
];

function cardTitles(): string[] {
  return screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent ?? '');
}

async function openBlog(answer: Parameters<typeof serveApi>[0][string]) {
  const { requests } = serveApi({ 'GET /api/get_blogs.php': answer });
  const { router } = renderRoute('/blog');
  await screen.findByRole('heading', { level: 1, name: 'Blog & News' });
  return Object.assign(userEvent.setup(), { requests, router });
}

describe('blog list', () => {
  it('shows every post with the spec fallbacks for missing values', async () => {
    await openBlog(() => json(posts));
    expect(cardTitles()).toEqual(['Hand pumps for Khunti', 'A new learning centre', 'Planting season', 'Untitled']);
    const blank = screen.getAllByRole('article')[3]!;
    for (const text of ['Uncategorized', 'Untitled', 'No excerpt available', 'Anonymous', 'Unknown date']) {
      expect(within(blank).getByText(text)).toBeInTheDocument();
    }
    const first = screen.getAllByRole('article')[0]!;
    expect(within(first).getByText('5 March 2025')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Hand pumps for Khunti' })).toHaveAttribute('href', `/blog/${'a'.repeat(24)}`);
  });

  it('searches titles and excerpts, ignoring case', async () => {
    const user = await openBlog(() => json(posts));
    await user.type(screen.getByLabelText('Search posts'), 'water');
    expect(cardTitles()).toEqual(['Hand pumps for Khunti', 'Planting season']);
    await user.clear(screen.getByLabelText('Search posts'));
    await user.type(screen.getByLabelText('Search posts'), 'LEARNING');
    expect(cardTitles()).toEqual(['A new learning centre']);
  });

  it('filters by category, combined with the search', async () => {
    const user = await openBlog(() => json(posts));
    const filters = screen.getByRole('group', { name: 'Filter posts by category' });
    expect(within(filters).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'All',
      'Health',
      'Education',
      'Reforestation',
      'Sustainable Farming',
    ]);
    await user.click(within(filters).getByRole('button', { name: 'Reforestation' }));
    expect(within(filters).getByRole('button', { name: 'Reforestation' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(filters).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    expect(cardTitles()).toEqual(['Planting season']);

    await user.type(screen.getByLabelText('Search posts'), 'pumps');
    expect(cardTitles()).toEqual([]);
    expect(screen.getByText('No posts found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting the search term or category filter')).toBeInTheDocument();

    await user.click(within(filters).getByRole('button', { name: 'All' }));
    expect(cardTitles()).toEqual(['Hand pumps for Khunti']);
  });

  it('shows the empty state when the fetch fails', async () => {
    await openBlog(unreachable);
    expect(screen.getByText('No posts found')).toBeInTheDocument();
    expect(cardTitles()).toEqual([]);
  });

  it('shows the empty state for an error status or an answer that is not a list', async () => {
    await openBlog(() => json({ success: false, message: 'Database unavailable' }, 503));
    expect(screen.getByText('No posts found')).toBeInTheDocument();
  });

  it('opens a post from the list at once, without a second request', async () => {
    const user = await openBlog(() => json(posts));
    await user.click(screen.getByRole('link', { name: 'A new learning centre' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'A new learning centre' })).toBeInTheDocument();
    expect(user.router.state.location.pathname).toBe(`/blog/${'b'.repeat(24)}`);
    expect(user.requests.map((request) => new URL(request.url).pathname)).toEqual(['/api/get_blogs.php']);
  });
});
