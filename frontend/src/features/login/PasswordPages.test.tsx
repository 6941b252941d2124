import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setFormWaitMs } from '../../api/anonymous-form';
import { json, serveApi, unreachable } from '../../../test/api-fetch';
import { renderRoute } from '../../../test/render-route';

const token = 'T'.repeat(43);
const link = { purpose: 'reset', email: 'meena@example.org', name: 'Meena Devi', expires_at: '2030-01-01T10:30:00.000Z' };
const gone = () => json({ success: false, message: 'This link has expired or was already used. Ask for a new one on the login page.' }, 404);

describe('the login page', () => {
  it('leads to "Forgot password?"', async () => {
    const { router } = renderRoute('/login');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/forgot-password'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password?' })).toBeInTheDocument();
  });
});

describe('forgot password', () => {
  it('asks for the address before calling the server', async () => {
    const { requests } = serveApi({});
    renderRoute('/login/forgot-password');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Send the link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your e-mail address');
    expect(requests).toHaveLength(0);
  });

  it('sends the address and shows the server’s answer in place of the form', async () => {
    const { requests } = serveApi({
      'POST /api/request_password_reset.php': () => json({ success: true, message: 'If an account uses this address, a link is on its way.' }),
    });
    renderRoute('/login/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), ' meena@example.org ');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an account uses this address, a link is on its way.');
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(await requests[0]!.json()).toEqual({ email: 'meena@example.org', website: '', elapsed_ms: expect.any(Number) });
  });

  it('waits out the minimum time the server asks for, showing Sending…, instead of failing a fast person', async () => {
    setFormWaitMs(3000);
    const { requests } = serveApi({
      'POST /api/request_password_reset.php': () => json({ success: true, message: 'If an account uses this address, a link is on its way.' }),
    });
    renderRoute('/login/forgot-password');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'meena@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(requests).toHaveLength(0);
    expect(await screen.findByRole('status', {}, { timeout: 10_000 })).toHaveTextContent('a link is on its way');
    expect((await requests[0]!.json()).elapsed_ms).toBeGreaterThanOrEqual(3000);
  }, 20_000);

  it('says so when the server cannot be reached', async () => {
    serveApi({ 'POST /api/request_password_reset.php': unreachable });
    renderRoute('/login/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'meena@example.org');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Error connecting to server')).toBeInTheDocument();
  });
});

// The first render of a lazily loaded route can take seconds on a busy two-core machine.
describe('the page of a mailed link', { timeout: 20_000 }, () => {
  it('checks the link, takes its token out of the address, and sets the password', async () => {
    const { requests } = serveApi({
      'POST /api/check_password_link.php': () => json({ success: true, data: link }),
      'POST /api/reset_password.php': () => json({ success: true, message: 'Your password is set. You can log in with it now.' }),
    });
    const { router } = renderRoute(`/login/new-password#token=${token}`);
    expect(await screen.findByText('meena@example.org', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.hash).toBe('');
    expect(await requests[0]!.json()).toEqual({ token });

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('at least 12 characters');
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a long new password');
    await user.type(screen.getByLabelText('The same password again'), 'a long new passwort');
    await user.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The two passwords are not the same');
    expect(requests).toHaveLength(1);

    await user.clear(screen.getByLabelText('The same password again'));
    await user.type(screen.getByLabelText('The same password again'), 'a long new password');
    await user.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password is set.');
    expect(await requests[1]!.json()).toEqual({ token, new_password: 'a long new password' });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('welcomes an invited person by name', async () => {
    serveApi({ 'POST /api/check_password_link.php': () => json({ success: true, data: { ...link, purpose: 'invitation', name: 'Kiran' } }) });
    renderRoute(`/login/new-password#token=${token}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Kiran' })).toBeInTheDocument();
  });

  it('says at once that a link expired, and offers a new one', async () => {
    serveApi({ 'POST /api/check_password_link.php': gone });
    renderRoute(`/login/new-password#token=${token}`);
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('This link has expired or was already used.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/login/forgot-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('without a token, says where the page opens from', async () => {
    const { requests } = serveApi({});
    renderRoute('/login/new-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This page opens from the link in your e-mail.');
    expect(requests).toHaveLength(0);
  });
});
