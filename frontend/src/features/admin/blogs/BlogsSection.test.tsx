import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, unreachable } from '../../../../test/api-fetch';
import { pagedAdminList, queriesTo } from '../../../../test/list-pages';
import { renderRoute } from '../../../../test/render-route';
import type { Blog } from '../../../api/types';
import type { Editor } from '@tiptap/core';
import type { BlogDocument } from '@ngo-site/shared';
import { formFields, requestTo, serveAdminApi, signInAsAdmin } from '../test-support';

const doc = (text: string): BlogDocument => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

/** The post editor (real TipTap) labelled `name`, once its chunk has loaded. */
async function editorIn(container: HTMLElement, name: string): Promise<Editor> {
  const text = await within(container).findByRole('textbox', { name }, { timeout: 5000 });
  return (text as HTMLElement & { editor: Editor }).editor;
}

function blog(fields: Partial<Blog>): Blog {
  return {
    id: '65f1c0ffee0000000000ab01',
    title: 'Clean wells for Khunti',
    excerpt: 'Six villages now draw safe water.',
    category: 'health',
    image_url: '/api/image.php?id=65f1c0ffee0000000000cd01',
    author: 'Asha Oraon',
    date: '2025-03-05',
    content: 'The full story.',
    status: 'published',
    created_at: '2025-03-05T10:00:00.000Z',
    updated_at: '2025-03-05T10:00:00.000Z',
    ...fields,
  };
}

const wells = blog({ body: doc('The full story.') });
const school = blog({ id: '65f1c0ffee0000000000ab02', title: 'Evening school', category: '', author: '', date: '', image_url: null, content: '' });

function openBlogs(handlers: Parameters<typeof serveAdminApi>[0] = {}) {
  const served = serveAdminApi({ 'GET /api/get_all_blogs.php': () => json({ success: true, data: [wells, school] }), ...handlers });
  signInAsAdmin();
  renderRoute('/admin/dashboard?section=blogs');
  return served;
}

const row = (title: string) => screen.getByRole('rowheader', { name: title }).closest('tr')!;
const findRow = async (title: string) => (await screen.findByRole('rowheader', { name: title })).closest('tr')!;

describe('Manage Blogs', () => {
  it('shows Loading blogs... until the list arrives', async () => {
    let answer: (response: Response) => void = () => {};
    serveAdminApi({ 'GET /api/get_all_blogs.php': () => new Promise<Response>((resolve) => (answer = resolve)) });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=blogs');
    expect(await screen.findByText('Loading blogs...')).toBeInTheDocument();
    answer(json({ success: true, data: [] }));
    expect(await screen.findByText('No blogs found')).toBeInTheDocument();
    expect(screen.queryByText('Loading blogs...')).not.toBeInTheDocument();
  });

  it('reports a list it could not load', async () => {
    serveAdminApi({ 'GET /api/get_all_blogs.php': unreachable });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=blogs');
    expect(await screen.findByText('Error connecting to server')).toBeInTheDocument();
  });

  it('lists Title, Category (or a dash), Date, Author, Status and the actions', async () => {
    openBlogs();
    await screen.findByRole('table');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Title', 'Category', 'Date', 'Author', 'Status', 'Actions']);
    expect(
      within(row('Clean wells for Khunti'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Clean Water', '5 March 2025', 'Asha Oraon', 'Published', '']);
    expect(
      within(row('Evening school'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['-', '-', '-', 'Published', '']);
    for (const action of ['Preview', 'View', 'Edit', 'Delete']) {
      expect(within(row('Evening school')).getByRole('button', { name: `${action} Evening school` })).toBeInTheDocument();
    }
  });

  it('view opens the post read-only: title, author, date, category, image and content', async () => {
    openBlogs();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'View Clean wells for Khunti' }));
    const dialog = screen.getByRole('dialog', { name: 'Clean wells for Khunti' });
    expect(dialog).toHaveTextContent('Asha Oraon');
    expect(dialog).toHaveTextContent('5 March 2025');
    expect(dialog).toHaveTextContent('Clean Water');
    expect(within(dialog).getByRole('img', { name: 'Clean wells for Khunti' })).toHaveAttribute(
      'src',
      expect.stringContaining('/api/image.php?id=65f1c0ffee0000000000cd01'),
    );
    expect(dialog).toHaveTextContent('The full story.');
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('view shows the spec stand-ins for missing values', async () => {
    openBlogs();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'View Evening school' }));
    const dialog = screen.getByRole('dialog', { name: 'Evening school' });
    expect(dialog).toHaveTextContent('Anonymous');
    expect(dialog).toHaveTextContent('Unknown date');
    expect(dialog).toHaveTextContent('Uncategorized');
    expect(within(dialog).queryByRole('img', { name: 'Evening school' })).not.toBeInTheDocument();
  });

  it('Add New Post sends only the fields that were filled in, with the image, and reloads the list', async () => {
    let listed = [school];
    const { requests } = serveAdminApi({
      'GET /api/get_all_blogs.php': () => json({ success: true, data: listed }),
      'POST /api/add_blog.php': () => {
        listed = [blog({ id: '65f1c0ffee0000000000ab03', title: 'Seed bank opens' }), school];
        return json({ success: true, message: 'Blog added successfully', data: listed[0] }, 201);
      },
    });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=blogs');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add New Post' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Post' });
    await user.type(within(dialog).getByLabelText('Title'), '  Seed bank opens ');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'sustainable-farming');
    (await editorIn(dialog, 'Content')).commands.insertContent('Farmers share seeds.');
    await user.upload(within(dialog).getByLabelText('Image', { selector: 'input' }), new File(['jpeg-bytes'], 'seeds.jpg', { type: 'image/jpeg' }));
    expect(within(dialog).getByRole('img', { name: 'The chosen image' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    await user.click(within(dialog).getByRole('button', { name: 'Save Post' }));

    expect(await screen.findByText('Blog added successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'Seed bank opens' })).toBeInTheDocument();
    const sent = await formFields(requestTo(requests, '/api/add_blog.php')!);
    expect(sent).toEqual({
      title: 'Seed bank opens',
      category: 'sustainable-farming',
      body: JSON.stringify(doc('Farmers share seeds.')),
      image: 'seeds.jpg (10 bytes)',
    });
    expect(requestTo(requests, '/api/add_blog.php')!.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('shows Uploading... with the button disabled and the bytes sent while saving', async () => {
    let answer: (response: Response) => void = () => {};
    serveAdminApi({
      'GET /api/get_all_blogs.php': () => json({ success: true, data: [] }),
      'POST /api/add_blog.php': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=blogs');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add New Post' }));
    await user.type(screen.getByLabelText('Title'), 'Slow post');
    await user.click(screen.getByRole('button', { name: 'Save Post' }));
    const busy = await screen.findByRole('button', { name: 'Uploading...' });
    expect(busy).toBeDisabled();
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '100');
    answer(json({ success: false, message: '' }, 400));
    expect(await screen.findByText('Failed to save blog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Post' })).toBeEnabled();
  });

  it('shows the server message when a save is refused', async () => {
    openBlogs({ 'POST /api/add_blog.php': () => json({ success: false, message: 'Title must be at most 200 characters' }, 400) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add New Post' }));
    await user.click(screen.getByRole('button', { name: 'Save Post' }));
    expect(await screen.findByText('Title must be at most 200 characters')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add New Post' })).toBeInTheDocument();
  });

  it('turns a 413 without a message into a sentence about the size', async () => {
    openBlogs({ 'POST /api/add_blog.php': () => new Response('<html>413 Request Entity Too Large</html>', { status: 413 }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add New Post' }));
    await user.click(screen.getByRole('button', { name: 'Save Post' }));
    expect(await screen.findByText('This image is larger than the upload limit.')).toBeInTheDocument();
  });

  it('edit opens the form prefilled with a preview of the image and sends the id with the changes', async () => {
    const { requests } = openBlogs({
      'POST /api/update_blog.php': () => json({ success: true, message: 'Blog updated successfully', data: wells }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Clean wells for Khunti' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Post' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Clean wells for Khunti');
    expect(within(dialog).getByLabelText('Author')).toHaveValue('Asha Oraon');
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2025-03-05');
    expect(within(dialog).getByLabelText('Category')).toHaveValue('health');
    expect(within(dialog).getByLabelText('Excerpt')).toHaveValue('Six villages now draw safe water.');
    expect((await editorIn(dialog, 'Content')).getText()).toBe('The full story.');
    expect(within(dialog).getByRole('img', { name: "The post's current image" })).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Author'));
    await user.click(within(dialog).getByRole('button', { name: 'Update Post' }));
    expect(await screen.findByText('Blog updated successfully')).toBeInTheDocument();
    expect(await formFields(requestTo(requests, '/api/update_blog.php')!)).toEqual({
      id: wells.id,
      title: 'Clean wells for Khunti',
      excerpt: 'Six villages now draw safe water.',
      date: '2025-03-05',
      category: 'health',
    });
  });

  it('the optional Hindi version: prefilled on edit and sent with the post', async () => {
    const { requests } = openBlogs({
      'POST /api/update_blog.php': () => json({ success: true, message: 'Blog updated successfully', data: wells }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Clean wells for Khunti' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Post' });
    const hindi = within(dialog).getByRole('group', { name: 'Hindi version (optional)' });
    expect(within(hindi).getByLabelText('Hindi title')).toHaveValue('');
    expect(within(hindi).getByLabelText('Hindi title')).toHaveAttribute('lang', 'hi');
    await user.type(within(hindi).getByLabelText('Hindi title'), '  खूँटी के साफ़ कुएँ ');
    (await editorIn(hindi, 'Hindi content')).commands.insertContent('पूरी कहानी।');
    await user.click(within(dialog).getByRole('button', { name: 'Update Post' }));
    expect(await screen.findByText('Blog updated successfully')).toBeInTheDocument();
    expect(await formFields(requestTo(requests, '/api/update_blog.php')!)).toMatchObject({
      id: wells.id,
      title: 'Clean wells for Khunti',
      title_hi: 'खूँटी के साफ़ कुएँ',
      body_hi: JSON.stringify(doc('पूरी कहानी।')),
    });
  });

  it('delete asks "Delete this blog?" and does nothing on Cancel', async () => {
    const { requests } = openBlogs();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Evening school' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this blog?' });
    expect(confirm).toHaveTextContent('Evening school');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestTo(requests, '/api/delete_blog.php')).toBeUndefined();
  });

  it('the confirmation focuses Cancel; Escape closes it and returns focus to the Delete button', async () => {
    openBlogs();
    const user = userEvent.setup();
    const opener = await screen.findByRole('button', { name: 'Delete Evening school' });
    await user.click(opener);
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('a confirmed delete sends the id, shows the server message and reloads', async () => {
    let listed = [wells, school];
    const { requests } = serveAdminApi({
      'GET /api/get_all_blogs.php': () => json({ success: true, data: listed }),
      'POST /api/delete_blog.php': () => {
        listed = [wells];
        return json({ success: true, message: 'Blog deleted successfully' });
      },
    });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=blogs');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Evening school' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Blog deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Evening school' })).not.toBeInTheDocument());
    expect(await requestTo(requests, '/api/delete_blog.php')!.json()).toEqual({ id: school.id });
    // The Delete button went with its row; focus waits on the list's heading, not on the page.
    expect(screen.getByRole('heading', { level: 2, name: /^Blog posts/ })).toHaveFocus();
  });

  it('a refused delete shows Failed to delete blog when the server gives no message', async () => {
    openBlogs({ 'POST /api/delete_blog.php': () => json({ success: false, message: '' }, 404) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Evening school' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete blog')).toBeInTheDocument();
  });
});

describe('/admin/blog', () => {
  it('is the same form as a page, and returns to Manage Blogs after saving', async () => {
    const { requests } = serveAdminApi({
      'GET /api/get_all_blogs.php': () => json({ success: true, data: [] }),
      'POST /api/add_blog.php': () => json({ success: true, message: 'Blog added successfully', data: wells }, 201),
    });
    signInAsAdmin();
    const { router } = renderRoute('/admin/blog');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add New Post' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Title'), 'From the page');
    await user.click(screen.getByRole('button', { name: 'Save Post' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ section: 'blogs' }));
    expect(await formFields(requestTo(requests, '/api/add_blog.php')!)).toEqual({ title: 'From the page' });
  });

  it('edits the post named by ?id=', async () => {
    serveAdminApi({ 'GET /api/preview_blog.php': () => json({ success: true, data: wells }) });
    signInAsAdmin();
    renderRoute(`/admin/blog?id=${wells.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Post' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Title')).toHaveValue('Clean wells for Khunti');
  });
});

describe('Manage Blogs: drafts', () => {
  const draft = blog({ id: '65f1c0ffee0000000000ab09', title: 'Monsoon plans', status: 'draft', content: 'First paragraph.\n\nSecond paragraph.' });

  it('says which posts are drafts and has the server filter them by status, kept in the address', async () => {
    const { requests } = serveAdminApi({ 'GET /api/get_all_blogs.php': pagedAdminList([draft, wells], (post) => [post.title]) });
    signInAsAdmin();
    const { router } = renderRoute('/admin/dashboard?section=blogs');
    expect(within(await findRow('Monsoon plans')).getByText('Draft')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Drafts' }));
    expect(screen.getByRole('button', { name: 'Drafts' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Clean wells for Khunti' })).not.toBeInTheDocument());
    expect(screen.getByRole('rowheader', { name: 'Monsoon plans' })).toBeInTheDocument();
    expect(router.state.location.search).toMatchObject({ section: 'blogs', status: 'draft' });
    await user.click(screen.getByRole('button', { name: 'Published' }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Monsoon plans' })).not.toBeInTheDocument());
    expect(screen.getByRole('rowheader', { name: 'Clean wells for Khunti' })).toBeInTheDocument();
    expect(queriesTo(requests, '/api/get_all_blogs.php').map((query) => query.status)).toEqual([undefined, 'draft', 'published']);
  });

  it('searches the posts on the server within the status chosen, and says when nothing matches', async () => {
    const { requests } = serveAdminApi({ 'GET /api/get_all_blogs.php': pagedAdminList([draft, wells, school], (post) => [post.title, post.author]) });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=blogs&status=published');
    await findRow('Clean wells for Khunti');
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search posts' }), 'evening{Enter}');
    await waitFor(() => expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Evening school']));
    expect(queriesTo(requests, '/api/get_all_blogs.php').at(-1)).toEqual({ limit: '25', page: '1', q: 'evening', status: 'published' });
    await user.click(screen.getByRole('button', { name: 'Drafts' }));
    expect(await screen.findByText('No post matches this search or filter.')).toBeInTheDocument();
  });

  it("Preview opens the post's server-rendered page in a new tab through a signed link", async () => {
    const url = `/blog/${draft.id}?preview=1900000000.${'a'.repeat(43)}`;
    const { requests } = serveAdminApi({
      'GET /api/get_all_blogs.php': () => json({ success: true, data: [draft] }),
      'GET /api/get_blog_preview_link.php': () => json({ success: true, data: { url, expires_at: '2030-03-17T17:46:40.000Z' } }),
    });
    // jsdom opens no tabs: this stands in for the one the browser opens at the click.
    const tab = { opener: window as Window | null, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    try {
      signInAsAdmin();
      renderRoute('/admin/dashboard?section=blogs');
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Preview Monsoon plans' }));
      expect(open).toHaveBeenCalledWith('', '_blank');
      await waitFor(() => expect(tab.location.href).toBe(url));
      expect(tab.opener).toBeNull();
      expect(queriesTo(requests, '/api/get_blog_preview_link.php')).toEqual([{ id: draft.id }]);
    } finally {
      open.mockRestore();
    }
  });

  it('a new post saved as a draft sends status draft; publishing an edited draft sends status published', async () => {
    const { requests } = serveAdminApi({
      'GET /api/get_all_blogs.php': () => json({ success: true, data: [draft] }),
      'POST /api/add_blog.php': () => json({ success: true, message: 'Blog added successfully', data: draft }, 201),
      'POST /api/update_blog.php': () => json({ success: true, message: 'Blog updated successfully', data: { ...draft, status: 'published' } }),
    });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=blogs');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add New Post' }));
    let dialog = screen.getByRole('dialog', { name: 'Add New Post' });
    expect(within(dialog).getByLabelText('Status')).toHaveValue('published');
    await user.type(within(dialog).getByLabelText('Title'), 'Next drive');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'draft');
    await user.click(within(dialog).getByRole('button', { name: 'Save Post' }));
    expect(await screen.findByText('Blog added successfully')).toBeInTheDocument();
    expect(await formFields(requestTo(requests, '/api/add_blog.php')!)).toEqual({ title: 'Next drive', status: 'draft' });

    await user.click(await screen.findByRole('button', { name: 'Edit Monsoon plans' }));
    dialog = screen.getByRole('dialog', { name: 'Edit Post' });
    expect(within(dialog).getByLabelText('Status')).toHaveValue('draft');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'published');
    await user.click(within(dialog).getByRole('button', { name: 'Update Post' }));
    expect(await screen.findByText('Blog updated successfully')).toBeInTheDocument();
    expect(await formFields(requestTo(requests, '/api/update_blog.php')!)).toMatchObject({ id: draft.id, status: 'published' });
  });
});

describe('Manage Blogs: scheduled posts', () => {
  const later = blog({ id: '65f1c0ffee0000000000ab0a', title: 'Tree walk', publish_at: '2099-12-01T04:00:00.000Z' });

  it('shows a published post with a time ahead as Scheduled with its India time, and filters by it', async () => {
    const { requests } = serveAdminApi({ 'GET /api/get_all_blogs.php': pagedAdminList([later, wells], (post) => [post.title]) });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=blogs');
    const row = await findRow('Tree walk');
    expect(within(row).getByText('Scheduled')).toBeInTheDocument();
    expect(within(row).getByText(/1 Dec 2099, 9:30\s?am IST/i)).toBeInTheDocument();
    expect(within(await findRow('Clean wells for Khunti')).getByText('Published')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Scheduled' }));
    await waitFor(() => expect(queriesTo(requests, '/api/get_all_blogs.php').at(-1)).toMatchObject({ status: 'scheduled' }));
  });

  it('takes the publish time in India time and sends it with its offset; emptied, it sends an empty value that clears it', async () => {
    const { requests } = serveAdminApi({
      'GET /api/get_all_blogs.php': () => json({ success: true, data: [later] }),
      'POST /api/update_blog.php': () => json({ success: true, message: 'Blog post updated successfully', data: later }),
    });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=blogs');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Tree walk' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Post' });
    const field = within(dialog).getByLabelText('Publish at (India time, IST)');
    expect(field).toHaveValue('2099-12-01T09:30');
    await user.clear(field);
    await user.type(field, '2099-12-02T18:45');
    await user.click(within(dialog).getByRole('button', { name: 'Update Post' }));
    expect(await screen.findByText('Blog post updated successfully')).toBeInTheDocument();
    expect(await formFields(requestTo(requests, '/api/update_blog.php')!)).toMatchObject({ id: later.id, publish_at: '2099-12-02T18:45:00+05:30' });

    await user.click(await screen.findByRole('button', { name: 'Edit Tree walk' }));
    await user.clear(within(screen.getByRole('dialog', { name: 'Edit Post' })).getByLabelText('Publish at (India time, IST)'));
    await user.click(within(screen.getByRole('dialog', { name: 'Edit Post' })).getByRole('button', { name: 'Update Post' }));
    await waitFor(() => expect(requests.filter((request) => request.url.includes('/api/update_blog.php'))).toHaveLength(2));
    const last = requests.filter((request) => request.url.includes('/api/update_blog.php')).at(-1)!;
    expect(await formFields(last)).toMatchObject({ id: later.id, publish_at: '' });
  });
});
