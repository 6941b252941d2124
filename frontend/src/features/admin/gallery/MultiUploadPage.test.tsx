import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, unreachable } from '../../../../test/api-fetch';
import { renderRoute } from '../../../../test/render-route';
import { formFields, requestTo, serveAdminApi, signInAsAdmin } from '../test-support';

const photos = [
  new File([new Uint8Array(2048)], 'camp-1.jpg', { type: 'image/jpeg' }),
  new File([new Uint8Array(3 * 1024 * 1024)], 'camp-2.png', { type: 'image/png' }),
];

async function fillIn({ title = 'Health camp', category = 'health', files = photos } = {}) {
  const user = userEvent.setup();
  const titleField = await screen.findByLabelText(/^Title/);
  if (title) await user.type(titleField, title);
  if (category) await user.selectOptions(screen.getByLabelText(/^Category/), category);
  if (files.length) await user.upload(screen.getByLabelText(/^Images/), files);
  return user;
}

function openPage(handlers: Parameters<typeof serveAdminApi>[0] = {}) {
  const served = serveAdminApi(handlers);
  signInAsAdmin();
  return { ...served, ...renderRoute('/admin/gallery') };
}

describe('/admin/gallery, several images at once', () => {
  it('has title, the category select, an optional caption, multiple image files and a link back', async () => {
    openPage();
    const files = await screen.findByLabelText(/^Images/);
    expect(files).toHaveAttribute('multiple');
    expect(files).toHaveAttribute('accept', 'image/*');
    expect(within(screen.getByLabelText(/^Category/)).getByRole('option', { name: 'Clean Water' })).toHaveValue('health');
    expect(screen.getByLabelText('Caption (optional)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', expect.stringMatching(/^\/admin\/dashboard/));
  });

  it('lists the chosen files by name and size, with previews from object URLs that are let go of', async () => {
    const revoked: string[] = [];
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
    const { unmount } = openPage();
    await fillIn();
    const list = screen.getByRole('list', { name: '2 images selected' });
    expect(within(list).getByText('camp-1.jpg')).toBeInTheDocument();
    expect(within(list).getByText('2 KB')).toBeInTheDocument();
    expect(within(list).getByText('camp-2.png')).toBeInTheDocument();
    expect(within(list).getByText('3 MB')).toBeInTheDocument();
    const previews = [...list.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(previews).toHaveLength(2);
    for (const src of previews) expect(src).toMatch(/^blob:/);
    unmount();
    expect(revoked).toEqual(expect.arrayContaining(previews));
    revoke.mockRestore();
  });

  it.each([
    ['no title', { title: '' }],
    ['no category', { category: '' }],
    ['no image', { files: [] }],
  ])('with %s it says Title, category, and at least one image are required', async (_, missing) => {
    const { requests } = openPage();
    const user = await fillIn(missing);
    await user.click(screen.getByRole('button', { name: 'Upload Images' }));
    expect(screen.getByText('Title, category, and at least one image are required')).toBeInTheDocument();
    expect(requestTo(requests, '/api/add_gallery_image.php')).toBeUndefined();
  });

  it("sends every file as images[], shows the server's Images added successfully! and clears the form", async () => {
    const { requests } = openPage({
      'POST /api/add_gallery_image.php': () => json({ success: true, message: 'Images added successfully!', data: [] }, 201),
    });
    const user = await fillIn();
    await user.type(screen.getByLabelText('Caption (optional)'), 'Ranchi, March');
    await user.click(screen.getByRole('button', { name: 'Upload Images' }));
    expect(await screen.findByText('Images added successfully!')).toBeInTheDocument();
    expect(await formFields(requestTo(requests, '/api/add_gallery_image.php')!)).toEqual({
      title: 'Health camp',
      category: 'health',
      caption: 'Ranchi, March',
      'images[]': ['camp-1.jpg (2048 bytes)', `camp-2.png (${3 * 1024 * 1024} bytes)`],
    });
    await waitFor(() => expect(screen.getByLabelText(/^Title/)).toHaveValue(''));
    expect(screen.queryByText('camp-1.jpg')).not.toBeInTheDocument();
  });

  it('shows Uploading... with the button disabled while the files are sent', async () => {
    let answer: (response: Response) => void = () => {};
    openPage({ 'POST /api/add_gallery_image.php': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Upload Images' }));
    expect(await screen.findByRole('button', { name: 'Uploading...' })).toBeDisabled();
    answer(json({ success: true, message: 'Saved', data: [] }, 201));
    expect(await screen.findByRole('button', { name: 'Upload Images' })).toBeEnabled();
    // Whatever the server says is what the admin reads: the page keeps no copy of its sentences.
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('a refused batch says Error adding images. with the server reason', async () => {
    openPage({
      'POST /api/add_gallery_image.php': () => json({ success: false, message: 'camp-2.png is too large. Each image must be at most 10 MB' }, 413),
    });
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Upload Images' }));
    expect(await screen.findByText('Error adding images. camp-2.png is too large. Each image must be at most 10 MB')).toBeInTheDocument();
    expect(screen.getByText('camp-1.jpg')).toBeInTheDocument();
  });

  it('a refusal without a message says Error adding images.', async () => {
    openPage({ 'POST /api/add_gallery_image.php': () => json({ success: false, message: '' }, 400) });
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Upload Images' }));
    expect(await screen.findByText('Error adding images.')).toBeInTheDocument();
  });

  it('says Error connecting to server when the server cannot be reached', async () => {
    openPage({ 'POST /api/add_gallery_image.php': unreachable });
    const user = await fillIn();
    await user.click(screen.getByRole('button', { name: 'Upload Images' }));
    expect(await screen.findByText('Error connecting to server')).toBeInTheDocument();
  });
});
