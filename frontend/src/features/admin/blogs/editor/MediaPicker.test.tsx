import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/core';
import type { BlogDocument } from '@ngo-site/shared';
import { describe, expect, it } from 'vitest';
import { pagedAdminList, queriesTo } from '../../../../../test/list-pages';
import type { MediaImage } from '../../media/mediaApi';
import { serveAdminApi, signInAsAdmin } from '../../test-support';
import BodyEditor from './BodyEditor';

const photo = (n: number, fields: Partial<MediaImage> = {}): MediaImage => ({
  id: `65f1c0ffee0000000000c${String(n).padStart(3, '0')}`,
  url: `/api/image.php?id=65f1c0ffee0000000000c${String(n).padStart(3, '0')}`,
  width: 1600,
  height: 1200,
  alt: `Photo ${n}`,
  caption: '',
  name: `photo-${n}.jpg`,
  bytes: 100_000,
  uploaded_at: '2026-03-05T10:00:00.000Z',
  used_in: [],
  ...fields,
});

/** The real editor with the library served: 30 photos, the 8th with a caption, the 9th (a gallery image) without alt text. */
async function openImagePanel() {
  const library = Array.from({ length: 30 }, (_, n) => photo(n, n === 8 ? { caption: 'Hesal, March' } : n === 9 ? { alt: '', name: 'camp.jpg' } : {}));
  const served = serveAdminApi({ 'GET /api/get_media.php': pagedAdminList(library, (image) => [image.alt, image.name]) });
  signInAsAdmin();
  const seen: BlogDocument[] = [];
  const submitted: Event[] = [];
  render(
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submitted.push(event.nativeEvent);
      }}
    >
      <BodyEditor label="Content" onChange={(doc) => seen.push(doc)} />
    </form>,
  );
  const text = await screen.findByRole('textbox', { name: 'Content' });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Image' }));
  return { ...served, user, submitted, editor: (text as HTMLElement & { editor: Editor }).editor, last: () => seen.at(-1) };
}

describe("the Image button's media library", () => {
  it('offers "Choose from library" beside the upload, searches it, pages it, and inserts the chosen photo with its alt text, caption and size', async () => {
    const { user, requests, last, submitted } = await openImagePanel();
    await user.click(within(screen.getByRole('group', { name: 'Image' })).getByRole('button', { name: 'Choose from library' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose from the media library' });
    expect(await within(dialog).findAllByRole('button', { name: /^Choose / })).toHaveLength(25);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(dialog).getAllByRole('button', { name: /^Choose Photo/ })).toHaveLength(5));
    // Enter in the search box searches at once: it neither inserts nor submits the post's form.
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search the media library' }), 'photo 8{Enter}');
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('button', { name: /^Choose/ })
          .map((button) => button.getAttribute('aria-label')),
      ).toEqual(['Choose Photo 8']),
    );
    expect(queriesTo(requests, '/api/get_media.php').at(-1)).toEqual({ limit: '25', page: '1', q: 'photo 8' });
    expect(submitted).toEqual([]);
    expect(screen.getByRole('group', { name: 'Image' })).toBeInTheDocument();
    within(dialog).getByRole('button', { name: 'Choose Photo 8' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(last()?.content.find((block) => block.type === 'image')).toEqual({
      type: 'image',
      attrs: { id: photo(8).id, alt: 'Photo 8', caption: 'Hesal, March', width: 1600, height: 1200 },
    });
  });

  it('asks for alt text when the chosen image has none, then inserts it', async () => {
    const { user, last } = await openImagePanel();
    const panel = screen.getByRole('group', { name: 'Image' });
    await user.click(within(panel).getByRole('button', { name: 'Choose from library' }));
    await user.click(await screen.findByRole('button', { name: 'Choose camp.jpg' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('camp.jpg has no alt text yet: describe it, then Insert');
    expect(within(panel).queryByLabelText('Photo')).not.toBeInTheDocument();
    await user.type(within(panel).getByLabelText(/Alt text/), 'Health camp in Namkum');
    await user.click(within(panel).getByRole('button', { name: 'Insert' }));
    expect(last()?.content.find((block) => block.type === 'image')).toEqual({
      type: 'image',
      attrs: { id: photo(9).id, alt: 'Health camp in Namkum', width: 1600, height: 1200 },
    });
  });

  it('closes the library with Escape and keeps the Image panel open', async () => {
    const { user } = await openImagePanel();
    await user.click(screen.getByRole('button', { name: 'Choose from library' }));
    await screen.findAllByRole('button', { name: /^Choose Photo/ });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Image' })).toBeInTheDocument();
  });
});
