import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/api-fetch';
import { renderRoute } from '../../../test/render-route';
import { useSession } from '../../stores/session';
import { fakeJwt, serveAdminApi, signInAsAdmin } from './test-support';

const emptyStats = { success: true, data: { blogs: 0, gallery_images: 0, volunteers: 0, admins: 1, recent: [] } };

describe('the admin guard', () => {
  it.each(['/admin/dashboard', '/admin/blog', '/admin/gallery', '/admin/dashboard?section=blogs'])(
    'sends a visitor without a session from %s to /login',
    async (path) => {
      const { router } = renderRoute(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    },
  );

  it('needs a role of the admin area (admin or editor), not just a token', async () => {
    useSession.getState().login(fakeJwt(), 'visitor');
    const { router } = renderRoute('/admin/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('drops a token whose time is up and sends the admin to /login', async () => {
    signInAsAdmin(fakeJwt({ expiresIn: -60 }));
    const { router } = renderRoute('/admin/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userRole')).toBeNull();
  });

  it('lets an admin in, and /admin opens the dashboard', async () => {
    serveAdminApi({ 'GET /api/get_stats.php': () => json(emptyStats) });
    signInAsAdmin();
    const { router } = renderRoute('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard Overview' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('ends the session and goes to /login when the server answers 401', async () => {
    serveAdminApi({
      'GET /api/get_stats.php': () => json({ success: false, message: 'Your session has expired. Please log in again' }, 401),
    });
    signInAsAdmin();
    const { router } = renderRoute('/admin/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(useSession.getState().token).toBeNull();
  });

  it('ends the session when an upload is refused with 401', async () => {
    serveAdminApi({
      'GET /api/get_gallery_images.php': () => json({ success: true, data: [] }),
      'POST /api/add_gallery_image.php': () => json({ success: false, message: 'Your session has expired' }, 401),
    });
    signInAsAdmin();
    const { router } = renderRoute('/admin/gallery');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Title/), 'Camp');
    await user.selectOptions(screen.getByLabelText(/^Category/), 'health');
    await user.upload(screen.getByLabelText(/^Images/), new File(['jpeg'], 'camp.jpg', { type: 'image/jpeg' }));
    await user.click(screen.getByRole('button', { name: 'Upload Images' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('follows a logout in another tab', async () => {
    serveAdminApi({ 'GET /api/get_stats.php': () => json(emptyStats) });
    signInAsAdmin();
    const { router } = renderRoute('/admin/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard Overview' });
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
