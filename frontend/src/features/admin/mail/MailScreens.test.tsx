import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../../test/api-fetch';
import { renderRoute } from '../../../../test/render-route';
import { requestTo, serveAdminApi, signInAsAdmin } from '../test-support';
import type { MailStatus, OutboxMail } from './api';

const status = (fields: Partial<MailStatus> = {}): MailStatus => ({
  configured: true,
  from: 'no-reply@ngo.example',
  server: 'smtp.ngo.example:587 (STARTTLS when offered)',
  dkim: { enabled: true, selector: 'site2025', domain: 'ngo.example' },
  notify: [],
  notify_to: ['admin@ngo.example'],
  outbox: { queued: 0, failed: 1, sent_last_day: 4 },
  last_sent_at: '2025-03-05T10:00:00.000Z',
  last_error: null,
  ...fields,
});
const mail = (fields: Partial<OutboxMail> = {}): OutboxMail => ({
  id: '65f1c0ffee0000000000bb01',
  kind: 'test',
  to: ['admin@ngo.example'],
  subject: 'Test e-mail from Jharkhand NGO',
  state: 'queued',
  attempts: 0,
  created_at: '2025-03-05T10:00:00.000Z',
  next_attempt_at: '2025-03-05T10:00:00.000Z',
  sent_at: null,
  last_error: null,
  smtp_response: null,
  resendable: false,
  ...fields,
});
const settings = () => json({ success: false, message: 'Not found' }, 404);

describe('Settings, E-mail', { timeout: 20_000 }, () => {
  it('says where mail goes, and follows a test e-mail until the SMTP server answered', async () => {
    let polls = 0;
    const { requests } = serveAdminApi({
      'GET /api/get_settings.php': settings,
      'GET /api/get_mail_status.php': () => json({ success: true, data: status() }),
      'POST /api/send_test_mail.php': () =>
        json({ success: true, message: 'Test e-mail queued for me@ngo.example', data: mail({ to: ['me@ngo.example'] }) }, 202),
      'GET /api/get_outbox.php': () =>
        json({
          success: true,
          data: [mail({ to: ['me@ngo.example'], ...(++polls > 1 ? { state: 'sent', attempts: 1, smtp_response: '250 2.0.0 Ok: queued as 4F2' } : {}) })],
        }),
    });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=settings');
    const panel = await screen.findByRole('region', { name: 'E-mail' }, { timeout: 5000 });
    // The panel is drawn before the mail status arrives: wait for the status, not only the panel.
    await waitFor(() => expect(within(panel).getAllByRole('status')[0]).toHaveTextContent('Mail goes out through smtp.ngo.example:587'), { timeout: 5000 });
    expect(panel).toHaveTextContent('signed with DKIM for ngo.example (selector site2025)');
    expect(panel).toHaveTextContent('Now: admin@ngo.example');

    const user = userEvent.setup();
    await user.type(within(panel).getByLabelText('Send a test e-mail to'), 'me@ngo.example');
    await user.click(within(panel).getByRole('button', { name: 'Send a test e-mail' }));
    expect(await within(panel).findByText(/^Queued for me@ngo.example/)).toBeInTheDocument();
    expect(
      await within(panel).findByText(/^Sent to me@ngo.example\. The SMTP server answered: “250 2\.0\.0 Ok: queued as 4F2”/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await requestTo(requests, '/api/send_test_mail.php')!.json()).toEqual({ to: 'me@ngo.example' });
  });

  it('says plainly that mail is not being delivered without an SMTP server, and offers no test', async () => {
    serveAdminApi({
      'GET /api/get_settings.php': settings,
      'GET /api/get_mail_status.php': () =>
        json({ success: true, data: status({ configured: false, server: null, outbox: { queued: 3, failed: 0, sent_last_day: 0 } }) }),
    });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=settings');
    const panel = await screen.findByRole('region', { name: 'E-mail' }, { timeout: 5000 });
    expect(panel).toHaveTextContent('Mail is not being delivered: no SMTP server is set up (SMTP_URL)');
    expect(panel).toHaveTextContent('3 waiting');
    expect(within(panel).queryByRole('button', { name: 'Send a test e-mail' })).not.toBeInTheDocument();
  });

  it('saves who gets the notices', async () => {
    const { requests } = serveAdminApi({
      'GET /api/get_settings.php': settings,
      'GET /api/get_mail_status.php': () => json({ success: true, data: status() }),
      'POST /api/update_mail_settings.php': () => json({ success: true, message: 'Saved', data: status({ notify: ['office@ngo.example'] }) }),
    });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=settings');
    const panel = await screen.findByRole('region', { name: 'E-mail' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.type(within(panel).getByLabelText(/^Send the notices/), 'office@ngo.example\nhead@ngo.example, office@ngo.example');
    await user.click(within(panel).getByRole('button', { name: 'Save recipients' }));
    await waitFor(() => expect(requestTo(requests, '/api/update_mail_settings.php')).toBeDefined());
    expect(await requestTo(requests, '/api/update_mail_settings.php')!.json()).toEqual({ notify: ['office@ngo.example', 'head@ngo.example'] });
  });
});

describe('Outbox', { timeout: 20_000 }, () => {
  it('lists each mail with its state and the SMTP answer, and sends a failed one again', async () => {
    const failed = mail({
      id: '65f1c0ffee0000000000bb02',
      kind: 'volunteer-welcome',
      to: ['ravi@example.org'],
      state: 'failed',
      attempts: 1,
      resendable: true,
      smtp_response: '550 No such mailbox',
      last_error: 'EENVELOPE: No such mailbox',
    });
    const { requests } = serveAdminApi({
      'GET /api/get_mail_status.php': () => json({ success: true, data: status() }),
      'GET /api/get_outbox.php': () => json({ success: true, data: [failed, mail({ state: 'sent', attempts: 1, smtp_response: '250 Ok' })] }),
      'POST /api/resend_mail.php': () => json({ success: true, message: 'Queued to be sent again', data: { ...failed, state: 'queued', resendable: false } }),
    });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=outbox');
    expect(await screen.findByRole('heading', { level: 1, name: 'Outbox' }, { timeout: 5000 })).toBeInTheDocument();
    const row = (await screen.findAllByRole('row')).find((candidate) => candidate.textContent?.includes('ravi@example.org'))!;
    expect(row).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('550 No such mailbox — EENVELOPE: No such mailbox');
    await userEvent.setup().click(within(row).getByRole('button', { name: /^Send again\s*to ravi@example\.org$/ }));
    await waitFor(() => expect(requestTo(requests, '/api/resend_mail.php')).toBeDefined());
    expect(await requestTo(requests, '/api/resend_mail.php')!.json()).toEqual({ id: failed.id });
    expect(screen.getByRole('link', { name: /^Outbox/ })).toHaveAttribute('aria-current', 'page');
  });
});

describe('a reply under a message', { timeout: 20_000 }, () => {
  it('is sent by e-mail and shows in the thread', async () => {
    const message = {
      id: '65f1c0ffee0000000000cc01',
      name: 'Priya',
      email: 'priya@example.org',
      subject: 'Trees',
      message: 'Can we plant?',
      read: true,
      created_at: '2025-03-05T10:00:00.000Z',
      lang: 'hi',
    };
    const reply = {
      id: '65f1c0ffee0000000000cc02',
      message_id: message.id,
      body: 'Yes, on Saturday.',
      author: 'Admin',
      created_at: '2025-03-05T11:00:00.000Z',
      mail: mail({ kind: 'reply', state: 'sent' }),
    };
    let sent = false;
    const { requests } = serveAdminApi({
      'GET /api/get_messages.php': () => json({ success: true, unread: 0, data: [message] }),
      'GET /api/get_message_replies.php': () => json({ success: true, data: sent ? [reply] : [] }),
      'POST /api/reply_message.php': () => {
        sent = true;
        return json({ success: true, message: 'Reply queued for priya@example.org', data: reply }, 201);
      },
    });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=messages');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Trees from Priya' }, { timeout: 5000 }));
    const field = await screen.findByLabelText(/^Reply to Priya by e-mail \(they wrote from a Hindi page/);
    await user.type(field, 'Yes, on Saturday.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    const thread = await screen.findByRole('list', { name: 'Replies to Priya' });
    expect(thread).toHaveTextContent('Yes, on Saturday.');
    expect(thread).toHaveTextContent('Sent');
    expect(await requestTo(requests, '/api/reply_message.php')!.json()).toEqual({ id: message.id, message: 'Yes, on Saturday.' });
  });
});

describe('Users, an invitation', { timeout: 20_000 }, () => {
  it('asks for no password: the person chooses theirs from the mail', async () => {
    const { requests } = serveAdminApi({
      'GET /api/get_users.php': () => json({ success: true, data: [] }),
      'POST /api/invite_user.php': () =>
        json({
          success: true,
          message: 'Invitation sent to kiran@ngo.example',
          data: {
            id: '65f1c0ffee0000000000dd01',
            name: 'Kiran',
            email: 'kiran@ngo.example',
            role: 'editor',
            created_at: '2025-03-05T10:00:00.000Z',
            last_login_at: null,
            invited: true,
          },
        }),
    });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=users');
    const form = await screen.findByRole('region', { name: 'Invite someone' }, { timeout: 5000 });
    expect(within(form).queryByLabelText(/password/i)).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(/^Name/), 'Kiran');
    await user.type(within(form).getByLabelText(/^E-mail/), 'kiran@ngo.example');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to kiran@ngo.example')).toBeInTheDocument();
    expect(await requestTo(requests, '/api/invite_user.php')!.json()).toEqual({ name: 'Kiran', email: 'kiran@ngo.example', role: 'editor' });
  });
});
