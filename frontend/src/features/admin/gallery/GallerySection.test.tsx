import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, unreachable } from '../../../../test/api-fetch';
import { pagedAdminList, queriesTo } from '../../../../test/list-pages';
import { renderRoute } from '../../../../test/render-route';
import type { GalleryItem } from '../../../api/types';
import { formFields, requestTo, serveAdminApi, signInAsAdmin } from '../test-support';

function galleryItem(fields: Partial<GalleryItem>): GalleryItem {
  return {
    id: '65f1c0ffee0000000000ef01',
    title: 'Health camp',
    category: 'health',
    caption: 'A blood donation camp.',
    image_url: '/api/image.php?id=65f1c0ffee0000000000cd01',
    created_at: '2025-03-05T10:00:00.000Z',
    updated_at: '2025-03-05T10:00:00.000Z',
    ...fields,
  };
}

const camp = galleryItem({});
const bare = galleryItem({ id: '65f1c0ffee0000000000ef02', title: 'Planting day', category: 'reforestation', image_url: null, caption: '' });
const photo = () => new File(['jpeg-bytes'], 'camp.jpg', { type: 'image/jpeg' });

function openGallery(handlers: Parameters<typeof serveAdminApi>[0] = {}) {
  const served = serveAdminApi({ 'GET /api/get_gallery_images.php': () => json({ success: true, data: [camp, bare] }), ...handlers });
  signInAsAdmin();
  renderRoute('/admin/dashboard?section=gallery');
  return served;
}

const card = (title: string) => screen.getByRole('heading', { level: 3, name: title }).closest('li')!;

async function openUpload() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Upload Images' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Upload Images' }) };
}

describe('Manage Gallery', () => {
  it('shows a page of the server’s images with the total, and searches on the server', async () => {
    const many = Array.from({ length: 30 }, (_, n) =>
      galleryItem({ id: `65f1c0ffee0000000000f${String(n).padStart(3, '0')}`, title: `Picture ${n}`, caption: n === 7 ? 'Namkum camp' : '' }),
    );
    const { requests } = serveAdminApi({ 'GET /api/get_gallery_images.php': pagedAdminList(many, (item) => [item.title, item.caption ?? '']) });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=gallery');
    // Twenty-five cards with images take a moment to render on a busy machine.
    expect(await screen.findAllByRole('heading', { level: 3 }, { timeout: 5000 })).toHaveLength(25);
    expect(within(screen.getByRole('heading', { level: 2, name: /Gallery images/ })).getByText('30')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pages of images' })).toHaveTextContent('Page 1 of 2');
    const search = screen.getByRole('searchbox', { name: 'Search images' });
    await userEvent.setup().type(search, 'namkum{Enter}');
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Picture 7']));
    expect(queriesTo(requests, '/api/get_gallery_images.php').at(-1)).toEqual({ limit: '25', page: '1', q: 'namkum' });
    expect(screen.queryByRole('navigation', { name: 'Pages of images' })).not.toBeInTheDocument();
  });

  it('shows the images with title and category, and a placeholder icon where there is no image', async () => {
    openGallery();
    expect(await screen.findByRole('heading', { level: 3, name: 'Health camp' })).toBeInTheDocument();
    expect(within(card('Health camp')).getByRole('img', { name: 'Health camp' })).toHaveAttribute('src', expect.stringContaining('/api/image.php'));
    expect(within(card('Health camp')).getByText('Clean Water')).toBeInTheDocument();
    expect(within(card('Planting day')).getByRole('img', { name: 'No image' })).toBeInTheDocument();
  });

  it('offers preview and crop, edit and delete on each image (crop only where there is an image)', async () => {
    openGallery();
    await screen.findByRole('heading', { level: 3, name: 'Health camp' });
    for (const action of ['Preview and crop', 'Edit', 'Delete']) {
      expect(within(card('Health camp')).getByRole('button', { name: `${action} Health camp` })).toBeInTheDocument();
    }
    expect(within(card('Planting day')).queryByRole('button', { name: /Preview and crop/ })).not.toBeInTheDocument();
    // Keyboard users reach the actions with Tab (CSS shows them on :focus-within).
    const edit = within(card('Health camp')).getByRole('button', { name: 'Edit Health camp' });
    edit.focus();
    expect(edit).toHaveFocus();
  });

  it('says Failed to fetch gallery items when the server refuses the list', async () => {
    serveAdminApi({ 'GET /api/get_gallery_images.php': () => json({ success: false, message: '' }, 503) });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=gallery');
    expect(await screen.findByText('Failed to fetch gallery items')).toBeInTheDocument();
  });

  it('says Error connecting to server when the server cannot be reached', async () => {
    serveAdminApi({ 'GET /api/get_gallery_images.php': unreachable });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=gallery');
    expect(await screen.findByText('Error connecting to server')).toBeInTheDocument();
  });

  it('Upload Images has title, the category select, the image and an optional caption', async () => {
    openGallery();
    const { dialog } = await openUpload();
    expect(within(dialog).getByLabelText(/^Title/)).toBeRequired();
    const category = within(dialog).getByLabelText(/^Category/);
    expect(
      within(category)
        .getAllByRole('option')
        .map((option) => [option.getAttribute('value'), option.textContent]),
    ).toEqual([
      ['', 'Select category'],
      ['health', 'Clean Water'],
      ['education', 'Education'],
      ['reforestation', 'Reforestation'],
      ['sustainable-farming', 'Sustainable Farming'],
      ['women-empowerment', 'Women Empowerment'],
    ]);
    expect(within(dialog).getByLabelText(/^Image/)).toHaveAttribute('accept', 'image/*');
    expect(within(dialog).getByLabelText('Caption (optional)')).not.toBeRequired();
  });

  it('asks for every required field and an image before uploading', async () => {
    const { requests } = openGallery();
    const { user, dialog } = await openUpload();
    await user.type(within(dialog).getByLabelText(/^Title/), 'Camp');
    await user.selectOptions(within(dialog).getByLabelText(/^Category/), 'health');
    await user.click(within(dialog).getByRole('button', { name: 'Upload Image' }));
    expect(within(dialog).getByText('Please fill all required fields and select an image')).toBeInTheDocument();
    expect(requestTo(requests, '/api/add_gallery_image.php')).toBeUndefined();
  });

  it("uploads with Uploading... and the button disabled, then shows the server's Image added successfully! and reloads", async () => {
    let answer: (response: Response) => void = () => {};
    let listed = [bare];
    const { requests } = serveAdminApi({
      'GET /api/get_gallery_images.php': () => json({ success: true, data: listed }),
      'POST /api/add_gallery_image.php': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=gallery');
    const { user, dialog } = await openUpload();
    await user.type(within(dialog).getByLabelText(/^Title/), 'Health camp');
    await user.selectOptions(within(dialog).getByLabelText(/^Category/), 'health');
    await user.upload(within(dialog).getByLabelText(/^Image/), photo());
    await user.click(within(dialog).getByRole('button', { name: 'Upload Image' }));
    expect(await within(dialog).findByRole('button', { name: 'Uploading...' })).toBeDisabled();
    expect(await within(dialog).findByText('Processing...')).toBeInTheDocument();
    listed = [camp, bare];
    answer(json({ success: true, message: 'Image added successfully!', data: [camp] }, 201));
    expect(await screen.findByText('Image added successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'Health camp' })).toBeInTheDocument();
    expect(await formFields(requestTo(requests, '/api/add_gallery_image.php')!)).toEqual({
      title: 'Health camp',
      category: 'health',
      image: 'camp.jpg (10 bytes)',
    });
  });

  it.each([
    [
      415,
      { success: false, message: 'camp.jpg is not an image. Please choose an image file (JPEG, PNG, WebP, GIF or AVIF)' },
      'camp.jpg is not an image. Please choose an image file (JPEG, PNG, WebP, GIF or AVIF)',
    ],
    [415, null, 'This file is not a supported image.'],
    [413, null, 'This image is larger than the upload limit.'],
    [400, { success: false, message: '' }, 'Upload failed'],
  ])('a refused upload (%i) shows one clear sentence', async (status, body, text) => {
    openGallery({
      'POST /api/add_gallery_image.php': () => (body ? json(body, status) : new Response('<html>refused</html>', { status })),
    });
    const { user, dialog } = await openUpload();
    await user.type(within(dialog).getByLabelText(/^Title/), 'Camp');
    await user.selectOptions(within(dialog).getByLabelText(/^Category/), 'health');
    await user.upload(within(dialog).getByLabelText(/^Image/), photo());
    await user.click(within(dialog).getByRole('button', { name: 'Upload Image' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload Image' })).toBeEnabled();
  });

  it("Edit Image is prefilled, needs title and category, and shows the server's Image updated successfully!", async () => {
    const { requests } = openGallery({
      'POST /api/update_gallery_image.php': () => json({ success: true, message: 'Image updated successfully!', data: camp }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Health camp' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Image' });
    expect(within(dialog).getByLabelText(/^Title/)).toHaveValue('Health camp');
    expect(within(dialog).getByLabelText(/^Category/)).toHaveValue('health');
    expect(within(dialog).getByLabelText('Caption (optional)')).toHaveValue('A blood donation camp.');
    expect(within(dialog).getByRole('img', { name: 'The current image' })).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Title/));
    await user.click(within(dialog).getByRole('button', { name: 'Update Image' }));
    expect(within(dialog).getByText('Please fill all required fields')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Title/), 'Blood donation camp');
    await user.click(within(dialog).getByRole('button', { name: 'Update Image' }));
    expect(await screen.findByText('Image updated successfully!')).toBeInTheDocument();
    expect(await formFields(requestTo(requests, '/api/update_gallery_image.php')!)).toEqual({
      id: camp.id,
      title: 'Blood donation camp',
      category: 'health',
      caption: 'A blood donation camp.',
    });
  });

  it('a refused edit shows Update failed when the server gives no message', async () => {
    openGallery({ 'POST /api/update_gallery_image.php': () => json({ success: false, message: '' }, 400) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Health camp' }));
    await user.click(screen.getByRole('button', { name: 'Update Image' }));
    expect(await screen.findByText('Update failed')).toBeInTheDocument();
  });

  it("delete asks Are you sure you want to delete this image? and then shows the server's Image deleted successfully!", async () => {
    let listed = [camp, bare];
    const { requests } = serveAdminApi({
      'GET /api/get_gallery_images.php': () => json({ success: true, data: listed }),
      'POST /api/gallery_delete.php': () => {
        listed = [bare];
        return json({ success: true, message: 'Image deleted successfully!' });
      },
    });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=gallery');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Health camp' }));
    const confirm = screen.getByRole('dialog', { name: 'Are you sure you want to delete this image?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Image deleted successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'Health camp' })).not.toBeInTheDocument());
    expect(await requestTo(requests, '/api/gallery_delete.php')!.json()).toEqual({ id: camp.id });
    expect(screen.getByRole('heading', { level: 2, name: /^Gallery images/ })).toHaveFocus();
  });

  it.each([
    [{ success: false, message: 'Gallery item not found' }, 'Gallery item not found'],
    [{ success: false, message: '' }, 'Delete failed'],
  ])('a refused delete prefers the server message', async (body, text) => {
    openGallery({ 'POST /api/gallery_delete.php': () => json(body, 404) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Health camp' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});

describe('Preview and Crop', () => {
  async function openCrop() {
    const served = openGallery();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Preview and crop Health camp' }));
    return { ...served, user, dialog: screen.getByRole('dialog', { name: 'Preview and Crop' }) };
  }

  it('has a labelled zoom slider from 1 to 3 in steps of 0.1, and the image in the crop area', async () => {
    const { dialog } = await openCrop();
    const zoom = within(dialog).getByRole('slider', { name: 'Zoom' });
    expect(zoom).toHaveAttribute('min', '1');
    expect(zoom).toHaveAttribute('max', '3');
    expect(zoom).toHaveAttribute('step', '0.1');
    expect(zoom).toHaveValue('1');
    fireEvent.change(zoom, { target: { value: '2.3' } });
    expect(within(dialog).getByText('2.3×')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Health camp' })).toHaveAttribute('src', camp.image_url);
    for (const name of ['Cancel', 'Apply to image', 'Crop & Save']) expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
  });

  it('Cancel closes it', async () => {
    const { user, dialog } = await openCrop();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says Failed to crop image when the crop cannot be made, and uploads nothing', async () => {
    // jsdom draws no images: the crop area is never measured, so cropping fails as it would
    // in a browser with an image that did not load.
    const { user, dialog, requests } = await openCrop();
    await user.click(within(dialog).getByRole('button', { name: 'Crop & Save' }));
    expect(await within(dialog).findByText('Failed to crop image')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Apply to image' }));
    expect(await within(dialog).findByText('Failed to crop image')).toBeInTheDocument();
    expect(requestTo(requests, '/api/update_gallery_image.php')).toBeUndefined();
    expect(within(dialog).queryByText('Cropped Preview')).not.toBeInTheDocument();
  });
});
