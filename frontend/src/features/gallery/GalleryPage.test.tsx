import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, serveApi, unreachable } from '../../../test/api-fetch';
import { renderRoute } from '../../../test/render-route';
import type { GalleryItem } from '../../api/types';
import fallbackImage from '../../assets/gallery-fallback.svg';

function item(fields: Partial<GalleryItem> & Pick<GalleryItem, 'id' | 'category'>): GalleryItem {
  return {
    title: '',
    caption: '',
    image_url: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...fields,
  };
}

const items: GalleryItem[] = [
  item({ id: '1'.repeat(24), category: 'health', title: 'Blood donation camp', caption: 'Ranchi, March', image_url: `/api/image.php?id=${'1'.repeat(24)}` }),
  item({ id: '2'.repeat(24), category: 'education', title: 'Evening class' }),
  item({ id: '3'.repeat(24), category: 'reforestation', title: 'Saplings' }),
  item({ id: '4'.repeat(24), category: 'women-empowerment' }),
];

function cardTitles(): string[] {
  return screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent ?? '');
}

async function openGallery(answer: Parameters<typeof serveApi>[0][string]) {
  serveApi({ 'GET /api/get_gallery.php': answer });
  renderRoute('/gallery');
  await screen.findByRole('heading', { level: 1, name: 'Our Impact in Pictures' });
  return userEvent.setup();
}

describe('public gallery', () => {
  it('shows cards with image variants, and fallbacks for missing image, title and caption', async () => {
    await openGallery(() => json(items));
    expect(cardTitles()).toEqual(['Blood donation camp', 'Evening class', 'Saplings', 'Untitled']);
    const [withImage, , , blank] = screen.getAllByRole('article');
    const photo = within(withImage!).getByRole('img', { name: 'Blood donation camp' });
    expect(photo).toHaveAttribute('srcset', expect.stringContaining('&w=320 320w'));
    expect(within(withImage!).getByText('Ranchi, March')).toBeInTheDocument();
    expect(within(blank!).getByText('No description')).toBeInTheDocument();
    const fallback = within(blank!).getByRole('img');
    expect(fallback).toHaveAttribute('src', fallbackImage);
    expect(fallback).toHaveAccessibleName('Untitled (no image available)');
  });

  it('filters by program with the five spec filters', async () => {
    const user = await openGallery(() => json(items));
    const filters = screen.getByRole('group', { name: 'Filter images by program' });
    expect(within(filters).getAllByRole('button').map((button) => [button.textContent, button.dataset.filter])).toEqual([
      ['All Images', 'all'],
      ['Health Care', 'health'],
      ['Education', 'education'],
      ['Reforestation', 'reforestation'],
      ['Sustainable Farming', 'sustainable-farming'],
    ]);
    await user.click(within(filters).getByRole('button', { name: 'Health Care' }));
    expect(within(filters).getByRole('button', { name: 'Health Care' })).toHaveAttribute('aria-pressed', 'true');
    expect(cardTitles()).toEqual(['Blood donation camp']);

    await user.click(within(filters).getByRole('button', { name: 'Sustainable Farming' }));
    expect(cardTitles()).toEqual([]);
    expect(screen.getByText('No images found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your filter to see more images.')).toBeInTheDocument();

    await user.click(within(filters).getByRole('button', { name: 'All Images' }));
    expect(cardTitles()).toHaveLength(4);
  });

  it('shows the empty state when the gallery cannot be loaded', async () => {
    await openGallery(unreachable);
    expect(screen.getByText('No images found')).toBeInTheDocument();
  });

  it('shows the empty state for an HTTP error', async () => {
    await openGallery(() => json({ success: false, message: 'Database unavailable' }, 503));
    expect(screen.getByText('No images found')).toBeInTheDocument();
  });

  it('ends with links to donate and to get involved', async () => {
    await openGallery(() => json([]));
    expect(screen.getByRole('link', { name: 'Make a Donation' })).toHaveAttribute('href', '/donate');
    expect(screen.getByRole('link', { name: 'Get Involved' })).toHaveAttribute('href', '/contact');
  });
});
