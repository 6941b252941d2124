import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../../test/api-fetch';
import { pagedAdminList, queriesTo } from '../../../../test/list-pages';
import { renderRoute } from '../../../../test/render-route';
import { serveAdminApi, signInAsAdmin } from '../test-support';
import type { MediaImage } from './mediaApi';

function mediaImage(fields: Partial<MediaImage>): MediaImage {
  return {
    id: '65f1c0ffee0000000000cd01',
    url: '/api/image.php?id=65f1c0ffee0000000000cd01',
    width: 1200,
    height: 900,
    alt: 'Women at the seed bank',
    caption: '',
    name: 'seed-bank.jpg',
    bytes: 245_000,
    uploaded_at: '2026-03-05T10:00:00.000Z',
    used_in: [],
    ...fields,
  };
}

const seedBank = mediaImage({ used_in: [{ kind: 'text', id: '65f1c0ffee0000000000ab01', title: 'Seed bank opens' }] });
const spare = mediaImage({ id: '65f1c0ffee0000000000cd02', url: '/api/image.php?id=65f1c0ffee0000000000cd02', alt: '', name: 'spare.png' });

function openMedia(handlers: Parameters<typeof serveAdminApi>[0] = {}) {
  const served = serveAdminApi({ 'GET /api/get_media.php': pagedAdminList([seedBank, spare], (image) => [image.alt, image.name]), ...handlers });
  signInAsAdmin();
  renderRoute('/admin/dashboard?section=media');
  return served;
}

const card = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li')!;

describe('the media library', () => {
  it('is a section of the admin navigation, and shows thumbnails from the WebP variants with their alt text and where each is used', async () => {
    openMedia();
    expect(await screen.findByRole('heading', { level: 3, name: 'Women at the seed bank' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Admin sections' })).getByRole('link', { name: /Media/ })).toHaveAttribute('aria-current', 'page');
    const thumbnail = within(card('Women at the seed bank')).getByRole('img', { name: 'Women at the seed bank' });
    expect(thumbnail).toHaveAttribute('src', '/api/image.php?id=65f1c0ffee0000000000cd01&w=640');
    expect(thumbnail.getAttribute('srcset')).toContain('&w=320 320w');
    expect(within(card('Women at the seed bank')).getByRole('list', { name: 'Where Women at the seed bank is used' })).toHaveTextContent(
      'In the text of the post “Seed bank opens”',
    );
    expect(within(card('Women at the seed bank')).getByText('seed-bank.jpg · 1200 × 900 · 239.3 KB')).toBeInTheDocument();
    expect(within(card('spare.png')).getByText('Not used anywhere.')).toBeInTheDocument();
  });

  it('searches on the server from a labelled search box, and pages 25 at a time', async () => {
    const many = Array.from({ length: 30 }, (_, n) => mediaImage({ id: `65f1c0ffee0000000000f${String(n).padStart(3, '0')}`, alt: `Photo ${n}` }));
    const { requests } = serveAdminApi({ 'GET /api/get_media.php': pagedAdminList(many, (image) => [image.alt]) });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=media');
    expect(await screen.findAllByRole('heading', { level: 3 }, { timeout: 5000 })).toHaveLength(25);
    expect(screen.getByRole('navigation', { name: 'Pages of the media library' })).toHaveTextContent('Page 1 of 2');
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Search the media library' }), 'photo 7{Enter}');
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Photo 7']));
    expect(queriesTo(requests, '/api/get_media.php').at(-1)).toEqual({ limit: '25', page: '1', q: 'photo 7' });
  });

  it('edits the alt text and caption in a dialog, by keyboard, and reads the list again', async () => {
    const { requests } = openMedia({
      'POST /api/update_media.php': async (request) =>
        json({ success: true, message: 'Image details saved', data: { ...seedBank, ...(await request.json()) } }),
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 3, name: 'Women at the seed bank' });
    within(card('Women at the seed bank')).getByRole('button', { name: 'Edit Women at the seed bank' }).focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Edit image details' });
    expect(within(dialog).getByText('The alt text and caption change in every post that shows this photo.')).toBeInTheDocument();
    const alt = within(dialog).getByLabelText(/Alt text/);
    await user.clear(alt);
    await user.type(within(dialog).getByLabelText('Caption (optional)'), 'Hesal, March');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Describe the image in the alt text');
    await user.type(alt, 'Seed keepers of Hesal{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const saved = requests.find((request) => new URL(request.url).pathname === '/api/update_media.php')!;
    expect(await saved.json()).toEqual({ id: seedBank.id, alt: 'Seed keepers of Hesal', caption: 'Hesal, March', name: 'seed-bank.jpg' });
    expect(queriesTo(requests, '/api/get_media.php')).toHaveLength(2);
  });

  it('asks before deleting, names where the image is used, and deletes it there too when confirmed', async () => {
    const { requests } = openMedia({ 'POST /api/delete_media.php': () => json({ success: true, message: 'Image deleted' }) });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 3, name: 'Women at the seed bank' });
    await user.click(within(card('Women at the seed bank')).getByRole('button', { name: 'Delete Women at the seed bank' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this image?' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'It is used in these places, and will be removed from each:In the text of the post “Seed bank opens”',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete everywhere' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const deletion = requests.find((request) => new URL(request.url).pathname === '/api/delete_media.php')!;
    expect(await deletion.json()).toEqual({ id: seedBank.id, force: true });
    expect(await screen.findByText('Image deleted')).toBeInTheDocument();
  });

  it("shows the server's refusal when the image came into use meanwhile, and keeps the dialog", async () => {
    const refusal = 'This image is used in the text of the post “New post”. Delete it anyway to remove it from there too.';
    const { requests } = openMedia({ 'POST /api/delete_media.php': () => json({ success: false, message: refusal }, 409) });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 3, name: 'spare.png' });
    await user.click(within(card('spare.png')).getByRole('button', { name: 'Delete spare.png' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this image?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Delete this image?' })).toBeInTheDocument();
    const deletion = requests.find((request) => new URL(request.url).pathname === '/api/delete_media.php')!;
    expect(await deletion.json()).toEqual({ id: spare.id, force: false });
  });
});
