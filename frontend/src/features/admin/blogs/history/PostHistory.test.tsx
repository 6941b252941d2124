import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BlogDocument } from '@ngo-site/shared';
import { json } from '../../../../../test/api-fetch';
import { renderRoute } from '../../../../../test/render-route';
import type { Blog } from '../../../../api/types';
import { formFields, requestTo, serveAdminApi, signInAsAdmin } from '../../test-support';
import { autosaveTimings } from './useAutosave';

const doc = (text: string): BlogDocument => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

const post: Blog = {
  id: '65f1c0ffee0000000000ab01',
  title: 'Clean wells for Khunti',
  excerpt: 'Six villages now draw safe water.',
  category: 'health',
  image_url: null,
  author: 'Asha Oraon',
  date: '2025-03-05',
  content: 'The full story.',
  body: doc('The full story.'),
  status: 'published',
  version: 4,
  created_at: '2025-03-05T10:00:00.000Z',
  updated_at: new Date(Date.now() - 86_400_000).toISOString(),
};
// Moments of today, which the notices say as a time of day ("10:42").
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const theirs = { version: 5, saved_by: { name: 'Ravi Munda', email: 'ravi@example.org' }, saved_at: minutesAgo(5) };
const clock = (iso: string) => new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
const bodyOf = async (request: Request) => (await request.json()) as Record<string, unknown>;

async function openEdit(handlers: Parameters<typeof serveAdminApi>[0] = {}) {
  const served = serveAdminApi({ 'GET /api/get_all_blogs.php': () => json({ success: true, data: [post] }), ...handlers });
  signInAsAdmin();
  renderRoute('/admin/dashboard?section=blogs');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Edit ${post.title}` }));
  return { ...served, user, dialog: screen.getByRole('dialog', { name: 'Edit Post' }) };
}

const saved = { idleMs: autosaveTimings.idleMs, maxMs: autosaveTimings.maxMs };
beforeEach(() => Object.assign(autosaveTimings, { idleMs: 30, maxMs: 200 }));
afterEach(() => Object.assign(autosaveTimings, saved));

const justNow = minutesAgo(1);

describe('the post form keeps what is typed', () => {
  it('autosaves a moment after typing, in its own slot, and says when', async () => {
    const { requests, user, dialog } = await openEdit({
      'POST /api/autosave_blog.php': () => json({ success: true, message: 'Draft saved', data: { post: post.id, version: 4, saved_at: justNow } }),
    });
    await user.type(within(dialog).getByLabelText('Title'), ' (update)');
    await waitFor(() => expect(within(dialog).getByText(`Draft saved at ${clock(justNow)}`)).toBeInTheDocument());
    // A slow machine may autosave between two keys too: the last autosave holds all that was typed.
    const lastAutosave = () =>
      requests
        .filter((request) => new URL(request.url).pathname === '/api/autosave_blog.php')
        .at(-1)!
        .clone();
    await waitFor(async () => expect(await bodyOf(lastAutosave())).toMatchObject({ post: post.id, version: 4, title: 'Clean wells for Khunti (update)' }));
    // Nothing was saved to the post itself.
    expect(requestTo(requests, '/api/update_blog.php')).toBeUndefined();
  });

  it('says when an autosave failed', async () => {
    const { user, dialog } = await openEdit({ 'POST /api/autosave_blog.php': () => json({ success: false, message: 'Blog post not found' }, 404) });
    await user.type(within(dialog).getByLabelText('Author'), 'x');
    expect(await within(dialog).findByText('Draft not saved: Blog post not found')).toBeInTheDocument();
  });

  it('fills the form from an autosave newer than the post, and Discard goes back to the post', async () => {
    const { requests, user, dialog } = await openEdit({
      'GET /api/get_blog_autosave.php': () =>
        json({
          success: true,
          data: { post: post.id, version: 4, saved_at: justNow, fields: { title: 'Half-typed title', body: JSON.stringify(doc('Half a story')) } },
        }),
      'POST /api/discard_blog_autosave.php': () => json({ success: true, message: 'The unsaved changes were discarded' }),
    });
    await waitFor(() => expect(within(dialog).getByLabelText('Title')).toHaveValue('Half-typed title'));
    expect(within(dialog).getByText(`Unsaved changes from ${clock(justNow)} were restored.`, { exact: false })).toBeInTheDocument();
    expect(await within(dialog).findByText('Half a story')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(within(dialog).getByLabelText('Title')).toHaveValue(post.title);
    expect(await within(dialog).findByText('The full story.')).toBeInTheDocument();
    await waitFor(() => expect(requestTo(requests, '/api/discard_blog_autosave.php')).toBeDefined());
    expect(await bodyOf(requestTo(requests, '/api/discard_blog_autosave.php')!)).toEqual({ post: post.id });
  });

  it('leaves an autosave older than the post alone', async () => {
    const { dialog } = await openEdit({
      'GET /api/get_blog_autosave.php': () =>
        json({ success: true, data: { post: post.id, version: 3, saved_at: '2025-03-01T00:00:00.000Z', fields: { title: 'Stale' } } }),
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(dialog).getByLabelText('Title')).toHaveValue(post.title);
    expect(within(dialog).queryByText(/were restored/)).not.toBeInTheDocument();
  });
});

describe('a save that meets a newer one', () => {
  const conflict = () => json({ success: false, message: 'This post was changed by someone else since you opened it', current: theirs }, 409);

  it('sends the version it opened, shows who saved meanwhile, and "Save mine anyway" sends over their version', async () => {
    let tries = 0;
    const { requests, user, dialog } = await openEdit({
      'POST /api/update_blog.php': () =>
        ++tries === 1 ? conflict() : json({ success: true, message: 'Blog post updated successfully', data: { ...post, version: 6 } }),
    });
    await user.clear(within(dialog).getByLabelText('Author'));
    await user.type(within(dialog).getByLabelText('Author'), 'Mine');
    await user.click(within(dialog).getByRole('button', { name: 'Update Post' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(`Ravi Munda (ravi@example.org) saved it at ${clock(theirs.saved_at)}`);
    expect(tries).toBe(1);
    expect((await formFields(requestTo(requests, '/api/update_blog.php')!)).version).toBe('4');
    await user.click(within(alert).getByRole('button', { name: 'Save mine anyway' }));
    expect(await screen.findByText('Blog post updated successfully')).toBeInTheDocument();
    const updates = requests.filter((request) => new URL(request.url).pathname === '/api/update_blog.php');
    expect(await formFields(updates[1]!)).toMatchObject({ version: '5', author: 'Mine' });
    expect(updates[0]!.headers.get('Idempotency-Key')).not.toBe(updates[1]!.headers.get('Idempotency-Key'));
  });

  it('"Load their version" drops what was typed and shows the post as saved now', async () => {
    const { user, dialog } = await openEdit({
      'POST /api/update_blog.php': conflict,
      'GET /api/preview_blog.php': () => json({ success: true, data: { ...post, title: 'Their title', version: 5, updated_at: theirs.saved_at } }),
    });
    await user.type(within(dialog).getByLabelText('Title'), ' mine');
    await user.click(within(dialog).getByRole('button', { name: 'Update Post' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Load their version' }));
    await waitFor(() => expect(within(screen.getByRole('dialog', { name: 'Edit Post' })).getByLabelText('Title')).toHaveValue('Their title'));
    expect(screen.queryByText(/changed by someone else/)).not.toBeInTheDocument();
  });
});

describe('leaving with unsaved changes', () => {
  it('asks before closing the form, and stays on Cancel', async () => {
    const { user, dialog } = await openEdit();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: `Edit ${post.title}` }));
    const form = screen.getByRole('dialog', { name: 'Edit Post' });
    await user.type(within(form).getByLabelText('Excerpt'), ' More.');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    const ask = screen.getByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('dialog', { name: 'Edit Post' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(within(screen.getByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks before the app navigates away from /admin/blog', async () => {
    serveAdminApi({ 'GET /api/preview_blog.php': () => json({ success: true, data: post }) });
    signInAsAdmin();
    const { router } = renderRoute(`/admin/blog?id=${post.id}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), '!');
    void router.navigate({ to: '/admin/dashboard', search: { section: 'blogs' } });
    const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/admin/blog');
  });
});

describe('revisions', () => {
  const rows = [
    { version: 4, title: post.title, saved_at: '2025-03-06T10:00:00.000Z', saved_by: { name: 'Asha Oraon', email: 'asha@example.org' } },
    { version: 3, title: 'Wells for Khunti', saved_at: '2025-03-05T10:00:00.000Z', saved_by: { name: 'Ravi Munda', email: 'ravi@example.org' } },
  ];
  const revision3 = {
    ...rows[1]!,
    excerpt: '',
    category: 'health',
    author: 'Ravi',
    date: '2025-03-05',
    status: 'published',
    content: 'The older story.',
    body: doc('The older story.'),
    title_hi: '',
    excerpt_hi: '',
    content_hi: '',
  };

  it('lists who saved each version, previews one as the page renders it, and restores it after a confirm', async () => {
    const { requests, user, dialog } = await openEdit({
      'GET /api/get_blog_revisions.php': () => json({ success: true, data: rows }),
      'GET /api/get_blog_revision.php': () => json({ success: true, data: revision3 }),
      'POST /api/restore_blog_revision.php': () =>
        json({ success: true, message: "Version 3 was restored as the post's newest version", data: { ...post, title: 'Wells for Khunti', version: 5 } }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Revisions' }));
    const list = await within(dialog).findByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/^Version 4 \(open here\) · Asha Oraon/), expect.stringMatching(/^Version 3 · Ravi Munda/)]);
    expect(within(list).getByRole('button', { name: 'Restore version 4' })).toBeDisabled();

    await user.click(within(list).getByRole('button', { name: 'Preview version 3' }));
    const preview = await screen.findByRole('dialog', { name: 'Version 3: Wells for Khunti' });
    expect(within(preview).getByText('The older story.').closest('.post-body')).not.toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Edit Post' })).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Restore version 3' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Restore version 3?' })).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText("Version 3 was restored as the post's newest version")).toBeInTheDocument();
    expect(await bodyOf(requestTo(requests, '/api/restore_blog_revision.php')!)).toEqual({ id: post.id, revision: 3, version: 4 });
    await waitFor(() => expect(within(screen.getByRole('dialog', { name: 'Edit Post' })).getByLabelText('Title')).toHaveValue('Wells for Khunti'));
  });
});
