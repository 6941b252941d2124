import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, serveApi, unreachable } from '../../../test/api-fetch';
import { setFormWaitMs } from '../../api/anonymous-form';
import { renderRoute } from '../../../test/render-route';

type Answer = Parameters<typeof serveApi>[0][string];

async function openForm(answer: Answer = () => json({ success: true, message: 'Volunteer registered successfully!' }, 201)) {
  const served = serveApi({ 'POST /api/volunteer_save.php': answer });
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
  const user = userEvent.setup();
  renderRoute('/volunteer');
  await screen.findByRole('heading', { level: 1 });
  return { user, alert, requests: served.requests };
}

async function fillEverything(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Full Name/), 'Sunita Devi');
  await user.type(screen.getByLabelText(/^Email Address/), 'sunita@example.org');
  await user.type(screen.getByLabelText(/Mobile Number/), '+91 98765 43210');
  await user.selectOptions(screen.getByLabelText(/Gender/), 'Female');
  await user.selectOptions(screen.getByLabelText(/Area of Interest/), 'teaching');
  await user.type(screen.getByLabelText(/Available From/), '2025-09-01');
  await user.type(screen.getByLabelText(/^Address/), 'Lalpur, Ranchi');
  await user.type(screen.getByLabelText(/Tell us about yourself/), 'Retired teacher.');
  await user.type(screen.getByLabelText(/Date of birth/), '1962-04-12');
  await user.click(screen.getByLabelText(/I have read the privacy notice/));
}

const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Register as Volunteer' }));

describe('volunteer registration', { timeout: 15_000 }, () => {
  it('offers the spec genders and interests', async () => {
    await openForm();
    expect(
      within(screen.getByLabelText(/Gender/))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['', 'Male', 'Female', 'Other']);
    expect(
      within(screen.getByLabelText(/Area of Interest/))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['', 'teaching', 'event', 'fundraising', 'social']);
  });

  it('asks to fill all required fields without calling the server', async () => {
    const { user, requests } = await openForm();
    await submit(user);
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill all required fields');

    await fillEverything(user);
    await user.clear(screen.getByLabelText(/Mobile Number/));
    await submit(user);
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill all required fields');
    expect(requests).toHaveLength(0);
  });

  it("registers, alerts the server's success sentence, clears the form and the error", async () => {
    const { user, alert, requests } = await openForm();
    await submit(user);
    await fillEverything(user);
    await submit(user);

    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('Volunteer registered successfully!'));
    expect(await requests[0]!.json()).toEqual({
      name: 'Sunita Devi',
      email: 'sunita@example.org',
      mobile: '+91 98765 43210',
      gender: 'Female',
      interest: 'teaching',
      start_date: '2025-09-01',
      address: 'Lalpur, Ranchi',
      about: 'Retired teacher.',
      date_of_birth: '1962-04-12',
      notice_version: 1,
      website: '',
      elapsed_ms: expect.any(Number),
    });
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('');
    expect(screen.getByLabelText(/Tell us about yourself/)).toHaveValue('');
    expect(screen.getByRole('status')).toHaveTextContent('Volunteer registered successfully!');
  });

  it('a fast person waits out the minimum time the server asks for, seeing Sending…, and is never refused for it', async () => {
    // Filled in at once (however slow this machine is, the form is sent well within the wait).
    setFormWaitMs(6000);
    const { alert, requests } = await openForm();
    const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill(/Full Name/, 'Sunita Devi');
    fill(/^Email Address/, 'sunita@example.org');
    fill(/Mobile Number/, '9876543210');
    fill(/Area of Interest/, 'teaching');
    fill(/Available From/, '2025-09-01');
    fill(/^Address/, 'Lalpur, Ranchi');
    fill(/Tell us about yourself/, 'Retired teacher.');
    fill(/Date of birth/, '1962-04-12');
    fireEvent.click(screen.getByLabelText(/I have read the privacy notice/));
    fireEvent.click(screen.getByRole('button', { name: 'Register as Volunteer' }));
    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(requests).toHaveLength(0);
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('Volunteer registered successfully!'), { timeout: 10_000 });
    expect((await requests[0]!.json()).elapsed_ms).toBeGreaterThanOrEqual(6000);
    expect(screen.getByRole('button', { name: 'Register as Volunteer' })).toBeEnabled();
  }, 20_000);

  it('shows the server message when it refuses the registration', async () => {
    const { user, alert } = await openForm(() => json({ success: false, message: 'Please enter a valid mobile number' }, 400));
    await fillEverything(user);
    await submit(user);
    expect(await screen.findByText('Please enter a valid mobile number')).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('Sunita Devi');
  });

  it('falls back to Registration failed when the server gives no message', async () => {
    const { user } = await openForm(() => json({ success: false, message: '' }, 503));
    await fillEverything(user);
    await submit(user);
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
  });

  it('asks a volunteer under 18 for a parent or guardian, sends them, and says the guardian must confirm', async () => {
    const guardianAsked = 'Thank you! We have e-mailed your parent or guardian: your registration is kept once they confirm it within 7 days.';
    const { user, alert, requests } = await openForm(() => json({ success: true, message: guardianAsked }, 202));
    await fillEverything(user);
    // An adult is asked for no guardian; a date of birth under 18 asks for one.
    expect(screen.queryByLabelText(/Name of a parent or guardian/)).not.toBeInTheDocument();
    const born = `${new Date().getFullYear() - 15}-06-01`;
    await user.clear(screen.getByLabelText(/Date of birth/));
    await user.type(screen.getByLabelText(/Date of birth/), born);
    expect(screen.getByRole('group', { name: /A parent or guardian/ })).toBeInTheDocument();
    await submit(user);
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill all required fields');
    await user.type(screen.getByLabelText(/Name of a parent or guardian/), 'Sunil Devi');
    await user.type(screen.getByLabelText(/E-mail of a parent or guardian/), 'sunil@example.org');
    await submit(user);
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith(guardianAsked));
    expect(await requests[0]!.json()).toMatchObject({
      date_of_birth: born,
      guardian_name: 'Sunil Devi',
      guardian_email: 'sunil@example.org',
      notice_version: 1,
    });
  });

  it('reports a network failure', async () => {
    const { user } = await openForm(unreachable);
    await fillEverything(user);
    await submit(user);
    expect(await screen.findByText('Error connecting to server')).toBeInTheDocument();
  });
});
