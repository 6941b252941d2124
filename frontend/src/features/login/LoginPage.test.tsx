import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, serveApi, unreachable } from '../../../test/api-fetch';
import { renderRoute } from '../../../test/render-route';
import { useSession } from '../../stores/session';

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(await screen.findByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login screen', () => {
  it('shows the title, labelled fields and an empty error area', async () => {
    renderRoute('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(document.title).toContain('Admin Login');
  });

  it('asks for both fields without calling the server', async () => {
    const { requests } = serveApi({});
    renderRoute('/login');
    await fillAndSubmit('admin@example.org', '');
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(requests).toHaveLength(0);
  });

  it('shows the server message for wrong credentials', async () => {
    serveApi({ 'POST /api/login.php': () => json({ success: false, message: 'Invalid email or password' }, 401) });
    renderRoute('/login');
    await fillAndSubmit('admin@example.org', 'wrong');
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(useSession.getState().token).toBeNull();
  });

  it('falls back to Login failed when the server gives no message', async () => {
    serveApi({ 'POST /api/login.php': () => json({ success: false, message: '' }, 401) });
    renderRoute('/login');
    await fillAndSubmit('admin@example.org', 'wrong');
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
  });

  it('reports a network failure', async () => {
    serveApi({ 'POST /api/login.php': unreachable });
    renderRoute('/login');
    await fillAndSubmit('admin@example.org', 'secret');
    expect(await screen.findByText('Error connecting to server')).toBeInTheDocument();
  });

  it('reports an answer that is not JSON', async () => {
    serveApi({ 'POST /api/login.php': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    renderRoute('/login');
    await fillAndSubmit('admin@example.org', 'secret');
    expect(await screen.findByText('Error connecting to server')).toBeInTheDocument();
  });

  it('stores token and userRole and goes to the admin dashboard on success', async () => {
    const { requests } = serveApi({
      'POST /api/login.php': () => json({ success: true, token: 'jwt-token', role: 'admin', message: 'Login successful' }),
    });
    const { router } = renderRoute('/login');
    await fillAndSubmit('admin@example.org', 'secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(localStorage.getItem('token')).toBe('jwt-token');
    expect(localStorage.getItem('userRole')).toBe('admin');
    expect(await requests[0]!.json()).toEqual({ email: 'admin@example.org', password: 'secret' });
  });
});
