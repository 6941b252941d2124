import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, unreachable } from '../../../test/api-fetch';
import { renderRoute } from '../../../test/render-route';
import { useSession } from '../../stores/session';
import { fakeJwt, serveAdminApi, signInAsAdmin } from './test-support';

const stats = {
  blogs: 24,
  gallery_images: 1156,
  volunteers: 7,
  admins: 2,
  recent: [
    { kind: 'blog', action: 'created', title: 'Clean wells for Khunti', at: new Date(Date.now() - 5 * 60_000).toISOString() },
    { kind: 'gallery', action: 'updated', title: 'Health camp', at: '2024-01-15T10:00:00.000Z' },
    { kind: 'volunteer', action: 'created', title: 'Priya Kumari', at: new Date().toISOString() },
  ],
};

const pageViews = {
  days: 30,
  from: '2025-02-04',
  to: '2025-03-05',
  total: 1230,
  previous_total: 1000,
  direct: 1230,
  daily: Array.from({ length: 30 }, (_, index) => ({ date: new Date(Date.UTC(2025, 1, 4 + index)).toISOString().slice(0, 10), views: 41 })),
  top_pages: [{ path: '/', views: 1230 }],
  top_referrers: [],
};

function serveDashboard(data: object = stats) {
  return serveAdminApi({
    'GET /api/get_stats.php': () => json({ success: true, data }),
    'GET /api/get_analytics.php': () => json({ success: true, data: pageViews }),
    'GET /api/get_all_blogs.php': () => json({ success: true, data: [] }),
    'GET /api/get_gallery_images.php': () => json({ success: true, data: [] }),
    'POST /api/logout.php': () => json({ success: true, message: 'Logged out' }),
  });
}

function statCard(label: string) {
  return screen.getByText(label, { selector: '.stat-label' }).closest('li')!;
}

describe('the dashboard', () => {
  it('has the sidebar, the section title, the welcome line and a footer with this year', async () => {
    serveDashboard();
    signInAsAdmin();
    renderRoute('/admin/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard Overview' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Admin')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'Manage Blogs',
      'Manage Gallery',
      'Media',
      'Pages',
      'Events',
      'Donations',
      'Campaigns',
      'Monthly pledges',
      'Compliance',
      'Volunteers',
      'Newsletter',
      'Messages',
      'Users',
      'Analytics',
      'Settings',
      'Outbox',
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()}`);
    // No public header or footer around the admin area.
    expect(screen.queryByRole('link', { name: 'Donate Now' })).not.toBeInTheDocument();
  });

  it('shows the real figures under the spec labels, Page Views of the last 30 days against the 30 before', async () => {
    serveDashboard();
    signInAsAdmin();
    renderRoute('/admin/dashboard');
    await waitFor(() => expect(statCard('Total Blog Posts')).toHaveTextContent('24'));
    expect(statCard('Gallery Images')).toHaveTextContent('1,156');
    expect(statCard('Active Users')).toHaveTextContent('2');
    expect(statCard('Active Users')).toHaveTextContent('Accounts that can sign in');
    await waitFor(() => expect(statCard('Page Views')).toHaveTextContent('1,230'));
    expect(statCard('Page Views')).toHaveTextContent('Last 30 days · +23% against the 30 before');
  });

  it('lists the recent changes from the server', async () => {
    serveDashboard();
    signInAsAdmin();
    renderRoute('/admin/dashboard');
    const activity = await screen.findByRole('region', { name: 'Recent Activity' });
    await waitFor(() => expect(within(activity).getAllByRole('listitem')).toHaveLength(3));
    expect(activity).toHaveTextContent('New blog post: Clean wells for Khunti');
    expect(activity).toHaveTextContent('5 minutes ago');
    expect(activity).toHaveTextContent('Gallery image updated: Health camp');
    expect(activity).toHaveTextContent('15 Jan 2024');
    expect(activity).toHaveTextContent('New volunteer registration: Priya Kumari');
  });

  it('says so when nothing has happened yet', async () => {
    serveDashboard({ ...stats, recent: [] });
    signInAsAdmin();
    renderRoute('/admin/dashboard');
    expect(await screen.findByText(/No recent activity yet/)).toBeInTheDocument();
  });

  it('reports figures it could not load, and tries again', async () => {
    let calls = 0;
    serveAdminApi({
      'GET /api/get_stats.php': () => (++calls === 1 ? unreachable(new Request('http://localhost')) : json({ success: true, data: stats })),
    });
    signInAsAdmin();
    renderRoute('/admin/dashboard');
    expect((await screen.findByText('Error connecting to server')).closest('[role="alert"]')).not.toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(statCard('Total Blog Posts')).toHaveTextContent('24'));
  });

  it('Add New Blog Post opens the Add New Post form in Manage Blogs', async () => {
    serveDashboard();
    signInAsAdmin();
    const { router } = renderRoute('/admin/dashboard');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Add New Blog Post' }));
    expect(await screen.findByRole('dialog', { name: 'Add New Post' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Blogs' })).toBeInTheDocument();
    // The address keeps the section but forgets the dialog, so a reload does not reopen it.
    await waitFor(() => expect(router.state.location.search).toEqual({ section: 'blogs' }));
  });

  it('Upload to Gallery opens Upload Images in Manage Gallery', async () => {
    serveDashboard();
    signInAsAdmin();
    renderRoute('/admin/dashboard');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Upload to Gallery' }));
    expect(await screen.findByRole('dialog', { name: 'Upload Images' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Gallery' })).toBeInTheDocument();
  });

  it('View Analytics opens Analytics', async () => {
    serveDashboard();
    signInAsAdmin();
    renderRoute('/admin/dashboard');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'View Analytics' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Page views' })).toBeInTheDocument();
  });

  it.each([
    ['users', 'Users'],
    ['settings', 'Settings'],
  ])('the %s section is for admins only: an editor neither sees it in the sidebar nor opens it', async (section, title) => {
    serveDashboard();
    useSession.getState().login(fakeJwt(), 'editor', 'Ravi');
    renderRoute(`/admin/dashboard?section=${section}`);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText('You need an admin account to see this section.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).queryByRole('link', { name: title })).not.toBeInTheDocument();
    expect(screen.getByText('Welcome back, Ravi')).toBeInTheDocument();
  });

  it('Logout ends the session on the server, clears the stored session and returns to /login; the dashboard then redirects again', async () => {
    const { requests } = serveDashboard();
    signInAsAdmin();
    const token = useSession.getState().token;
    const { router } = renderRoute('/admin/dashboard');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const ended = requests.filter((request) => request.url.endsWith('/api/logout.php'));
    expect(ended.map((request) => [request.method, request.headers.get('Authorization')])).toEqual([['POST', `Bearer ${token}`]]);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userRole')).toBeNull();
    expect(useSession.getState().token).toBeNull();
    await router.navigate({ to: '/admin/dashboard' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('the menu toggle opens the sidebar drawer, and Escape or choosing a section closes it', async () => {
    serveDashboard();
    signInAsAdmin();
    renderRoute('/admin/dashboard');
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(document.querySelector('.admin-overlay')).not.toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('link', { name: 'Manage Gallery' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Gallery' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
