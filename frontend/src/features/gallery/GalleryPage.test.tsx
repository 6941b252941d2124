import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, serveApi, unreachable } from '../../../test/api-fetch';
import { pagedList, queriesTo } from '../../../test/list-pages';
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

const serveItems = (all: GalleryItem[]) => pagedList(all, (entry) => [entry.title, entry.caption ?? '']);

async function openGallery(answer: Parameters<typeof serveApi>[0][string], path = '/gallery') {
  const { requests } = serveApi({ 'GET /api/get_gallery.php': answer });
  const { router } = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Our Impact in Pictures' });
  return Object.assign(userEvent.setup(), { requests, router });
}

describe('public gallery', () => {
  it('shows cards with image variants, and fallbacks for missing image, title and caption', async () => {
    const { requests } = await openGallery(serveItems(items));
    await waitFor(() => expect(cardTitles()).toEqual(['Blood donation camp', 'Evening class', 'Saplings', 'Untitled']));
    expect(queriesTo(requests, '/api/get_gallery.php')).toEqual([{ limit: '12', page: '1' }]);
    const [withImage, , , blank] = screen.getAllByRole('article');
    const photo = within(withImage!).getByRole('img', { name: 'Blood donation camp' });
    expect(photo).toHaveAttribute('srcset', expect.stringContaining('&w=320 320w'));
    expect(within(withImage!).getByText('Ranchi, March')).toBeInTheDocument();
    expect(within(blank!).getByText('No description')).toBeInTheDocument();
    const fallback = within(blank!).getByRole('img');
    expect(fallback).toHaveAttribute('src', fallbackImage);
    expect(fallback).toHaveAccessibleName('Untitled (no image available)');
  });

  it('filters by program with the five spec filters and Women Empowerment', async () => {
    const user = await openGallery(serveItems(items));
    await screen.findAllByRole('article');
    const filters = screen.getByRole('group', { name: 'Filter images by program' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((button) => [button.textContent, button.dataset.filter]),
    ).toEqual([
      ['All Images', 'all'],
      ['Health Care', 'health'],
      ['Education', 'education'],
      ['Reforestation', 'reforestation'],
      ['Sustainable Farming', 'sustainable-farming'],
      ['Women Empowerment', 'women-empowerment'],
    ]);
    await user.click(within(filters).getByRole('button', { name: 'Health Care' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Blood donation camp']));
    expect(within(filters).getByRole('button', { name: 'Health Care' })).toHaveAttribute('aria-pressed', 'true');
    expect(queriesTo(user.requests, '/api/get_gallery.php').at(-1)).toEqual({ limit: '12', page: '1', category: 'health' });
    expect(user.router.state.location.href).toBe('/gallery?category=health');

    await user.click(within(filters).getByRole('button', { name: 'Sustainable Farming' }));
    expect(await screen.findByText('No images found')).toBeInTheDocument();
    expect(cardTitles()).toEqual([]);
    expect(screen.getByText('Try adjusting your filter to see more images.')).toBeInTheDocument();

    user.router.history.back();
    await waitFor(() => expect(cardTitles()).toEqual(['Blood donation camp']));
    await user.click(within(filters).getByRole('button', { name: 'All Images' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(4));

    await user.click(within(filters).getByRole('button', { name: 'Women Empowerment' }));
    await waitFor(() => expect(user.router.state.location.href).toBe('/gallery?category=women-empowerment'));
    expect(queriesTo(user.requests, '/api/get_gallery.php').at(-1)).toEqual({ limit: '12', page: '1', category: 'women-empowerment' });
  });

  it('pages through 12 images at a time, each page with its own URL', async () => {
    const many = Array.from({ length: 14 }, (_, n) => item({ id: String(n).padStart(24, '0'), category: 'education', title: `Class ${n + 1}` }));
    const user = await openGallery(serveItems(many), '/gallery?page=2');
    await waitFor(() => expect(cardTitles()).toEqual(['Class 13', 'Class 14']));
    const pages = screen.getByRole('navigation', { name: 'Gallery pages' });
    expect(within(pages).getByText('Page 2 of 2')).toBeInTheDocument();
    await user.click(within(pages).getByRole('link', { name: 'Previous' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(12));
    expect(user.router.state.location.href).toBe('/gallery');
  });

  it('shows the empty state when the gallery cannot be loaded', async () => {
    await openGallery(unreachable);
    expect(await screen.findByText('No images found')).toBeInTheDocument();
  });

  it('shows the empty state for an HTTP error', async () => {
    await openGallery(() => json({ success: false, message: 'Database unavailable' }, 503));
    expect(await screen.findByText('No images found')).toBeInTheDocument();
  });

  it('ends with links to donate and to get involved', async () => {
    await openGallery(() => json([]));
    expect(screen.getByRole('link', { name: 'Make a Donation' })).toHaveAttribute('href', '/donate');
    expect(screen.getByRole('link', { name: 'Get Involved' })).toHaveAttribute('href', '/contact');
  });
});
