import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, serveApi } from '../../../test/api-fetch';
import { renderRoute } from '../../../test/render-route';

const id = 'e'.repeat(24);

describe('blog post page', () => {
  it('shows the full post with its image variants', async () => {
    const { requests } = serveApi({
      'GET /api/get_blog.php': () =>
        json({
          success: true,
          data: {
            id,
            title: 'Rain for the seed bank',
            excerpt: 'How a village kept its seeds.',
            category: 'sustainable-farming',
            image_url: `/api/image.php?id=${id}`,
            author: 'Rohit',
            date: '2025-06-30',
            content: 'First paragraph.\n\nSecond paragraph.',
            created_at: '2025-06-30T10:00:00.000Z',
            updated_at: '2025-06-30T10:00:00.000Z',
          },
        }),
    });
    renderRoute(`/blog/${id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Rain for the seed bank' })).toBeInTheDocument();
    expect(new URL(requests[0]!.url).searchParams.get('id')).toBe(id);
    expect(within(screen.getByRole('main')).getByText('Sustainable Farming')).toBeInTheDocument();
    expect(screen.getByText('30 June 2025')).toBeInTheDocument();
    expect(screen.getByText('Second paragraph.')).toBeInTheDocument();
    const image = screen.getByRole('img', { name: 'Rain for the seed bank' });
    expect(image).toHaveAttribute('srcset', expect.stringContaining(`/api/image.php?id=${id}&w=1280 1280w`));
    expect(document.title).toContain('Rain for the seed bank');
  });

  it('says the post was not found for an unknown id', async () => {
    serveApi({ 'GET /api/get_blog.php': () => json({ success: false, message: 'Blog not found' }, 404) });
    renderRoute(`/blog/${id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Post Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
  });

  it('says the post could not be loaded when the server fails', async () => {
    serveApi({ 'GET /api/get_blog.php': () => json({ success: false, message: 'Database unavailable' }, 503) });
    renderRoute(`/blog/${id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not load this post' })).toBeInTheDocument();
  });
});
