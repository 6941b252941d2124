import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, serveApi } from '../../test/api-fetch';
import { renderRoute } from '../../test/render-route';

// What the forms say when the service worker (public/sw.js) keeps what was sent offline: its 202
// answer naming the kept form's key, then its message to the page once the form reached the server
// (the volunteer form, the contact form and the payment report).
// The worker itself runs in Chromium only (e2e/offline.test.ts); here it is an event target.

const worker = Object.assign(new EventTarget(), { startMessages: () => undefined });
beforeEach(() => Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true }));
afterEach(() => Reflect.deleteProperty(navigator, 'serviceWorker'));

const kept = () => json({ success: true, queued: true, message: 'kept' }, 202, { 'X-Kept-Offline': 'key-1' });
const workerSays = (data: object) => worker.dispatchEvent(new MessageEvent('message', { data }));
const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function sendVolunteerForm(path: string, labels: Record<string, RegExp>) {
  serveApi({ 'POST /api/volunteer_save.php': kept });
  const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
  renderRoute(path);
  await screen.findByRole('heading', { level: 1 });
  for (const [value, label] of Object.entries(labels)) fill(label, value);
  fireEvent.change(screen.getAllByRole('combobox')[1]!, { target: { value: 'teaching' } });
  // The agreement to the privacy notice.
  fireEvent.click(document.querySelector<HTMLInputElement>('input[name="notice_version"]')!);
  fireEvent.submit(screen.getByLabelText(labels['sunita@example.org']!).closest('form')!);
  return alert;
}

describe('a form kept offline', { timeout: 15_000 }, () => {
  it('the volunteer form says at once that it is kept, then that it was sent, with no alert', async () => {
    const alert = await sendVolunteerForm('/volunteer', {
      'Sunita Devi': /Full Name/,
      'sunita@example.org': /^Email Address/,
      '+91 98765 43210': /Mobile Number/,
      '2030-09-01': /Available From/,
      'Lalpur, Ranchi': /^Address/,
      'Retired teacher.': /Tell us about yourself/,
      '1962-04-12': /Date of birth/,
    });
    expect(await screen.findByRole('status')).toHaveTextContent('No connection: your form is kept on this phone and will be sent when it is back online.');
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('');
    workerSays({ type: 'kept-form-sent', key: 'another-key', ok: true, message: '' });
    expect(screen.getByRole('status')).toHaveTextContent(/kept on this phone/);
    workerSays({ type: 'kept-form-sent', key: 'key-1', ok: true, message: 'Volunteer registered successfully!' });
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Your form has now been sent.'));
    expect(alert).not.toHaveBeenCalled();
  });

  it('says so in Hindi on a Hindi page, and the refusal the server gave later', async () => {
    await sendVolunteerForm('/hi/volunteer', {
      'Sunita Devi': /पूरा नाम/,
      'sunita@example.org': /^ईमेल/,
      '+91 98765 43210': /मोबाइल/,
      '2030-09-01': /कब से/,
      'Lalpur, Ranchi': /^पता/,
      'Retired teacher.': /अपने बारे में/,
      '1962-04-12': /जन्म तिथि/,
    });
    expect(await screen.findByRole('status')).toHaveTextContent('कनेक्शन नहीं है: आपका फ़ॉर्म इस फ़ोन पर रखा है');
    workerSays({ type: 'kept-form-sent', key: 'key-1', ok: false, message: 'Please fill all required fields' });
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('आपका फ़ॉर्म नहीं भेजा जा सका'));
  });

  it('the contact form says it is kept, keeps the form on screen empty, then says it was sent', async () => {
    serveApi({ 'POST /api/contact_save.php': kept });
    renderRoute('/contact');
    await screen.findByLabelText('Your Name');
    fill(/Your Name/, 'Priya');
    fill(/Email Address/, 'priya@example.org');
    fill(/Subject/, 'Other');
    fill(/^Message/, 'Hello.');
    fireEvent.submit(screen.getByLabelText(/^Message/).closest('form')!);
    expect(await screen.findByRole('status')).toHaveTextContent(/kept on this phone/);
    expect(screen.getByLabelText(/Your Name/)).toHaveValue('');
    expect(screen.queryByRole('heading', { name: 'Message Sent' })).toBeNull();
    workerSays({ type: 'kept-form-sent', key: 'key-1', ok: true, message: 'Message sent successfully' });
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Your form has now been sent.'));
  });

  it('the payment report thanks and says it is kept, then that it was sent', async () => {
    serveApi({ 'POST /api/donation_save.php': kept });
    renderRoute('/donate');
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'I have paid' }));
    const form = within(await screen.findByRole('form', { name: 'Tell us about your payment' }));
    for (const [label, value] of [
      [/Your Name/, 'Priya Kumari'],
      [/Email Address/, 'priya@example.org'],
      [/Transaction reference/, '412345678901'],
    ] as const)
      fireEvent.change(form.getByLabelText(label), { target: { value } });
    fireEvent.submit(screen.getByRole('form', { name: 'Tell us about your payment' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/Thank you!.*kept on this phone/);
    workerSays({ type: 'kept-form-sent', key: 'key-1', ok: true, message: 'Thank you!' });
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Your form has now been sent.'));
  });
});
