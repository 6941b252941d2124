import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, serveApi } from '../../../test/api-fetch';
import { setFormWaitMs } from '../../api/anonymous-form';
import { renderRoute } from '../../../test/render-route';
import { site } from '../../site';

describe('contact page', () => {
  it('offers the seven subjects (the last a request about personal data) and shows office hours and contact details', async () => {
    renderRoute('/contact');
    const subject = await screen.findByLabelText('Subject');
    expect(
      within(subject)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Select a subject',
      'General Inquiry',
      'Donation Question',
      'Volunteer Opportunity',
      'Partnership Proposal',
      'Press Inquiry',
      'Other',
      'Personal data request or complaint',
    ]);
    for (const field of ['Your Name', 'Email Address', 'Subject', 'Message']) {
      expect(screen.getByLabelText(field)).toBeRequired();
    }
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('type', 'email');
    const info = screen.getByRole('complementary', { name: 'Office information' });
    expect(within(info).getByText('9:00 AM - 5:00 PM')).toBeInTheDocument();
    expect(within(info).getByText('10:00 AM - 2:00 PM')).toBeInTheDocument();
    expect(within(info).getByText('Closed')).toBeInTheDocument();
    expect(within(info).getByRole('link', { name: site.email })).toBeInTheDocument();
    expect(within(info).getByRole('img', { name: /Map placeholder/ })).toBeInTheDocument();
  });

  it('a fast person waits out the minimum time the server asks for, seeing Sending…, and the message goes', async () => {
    // Filled in at once (however slow this machine is, the form is sent well within the wait).
    setFormWaitMs(6000);
    const served = serveApi({ 'POST /api/contact_save.php': () => json({ success: true, message: 'Message sent successfully' }, 201) });
    renderRoute('/contact');
    const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
    await screen.findByLabelText('Your Name');
    fill('Your Name', 'Priya');
    fill('Email Address', 'priya@example.org');
    fill('Subject', 'Other');
    fill('Message', 'Hello.');
    fireEvent.click(screen.getByLabelText(/I have read the privacy notice/));
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(served.requests).toHaveLength(0);
    expect(await screen.findByRole('heading', { name: 'Message Sent' }, { timeout: 10_000 })).toBeInTheDocument();
    expect((await served.requests[0]!.clone().json()).elapsed_ms).toBeGreaterThanOrEqual(6000);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  }, 20_000);

  it('keeps the visitor’s text and says a sentence when the message is refused', async () => {
    serveApi({
      'POST /api/contact_save.php': () => json({ success: false, message: 'Too many messages from your connection. Please try again in 9 minutes.' }, 429),
    });
    const user = userEvent.setup();
    renderRoute('/contact');
    await user.type(await screen.findByLabelText('Your Name'), 'Priya Kumari');
    await user.type(screen.getByLabelText('Email Address'), 'priya@example.org');
    await user.selectOptions(screen.getByLabelText('Subject'), 'Other');
    await user.type(screen.getByLabelText('Message'), 'Please call me back.');
    await user.click(screen.getByLabelText(/I have read the privacy notice/));
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many messages from your connection. Please try again in 9 minutes.');
    expect(screen.getByLabelText('Message')).toHaveValue('Please call me back.');
    expect(screen.getByLabelText('Your Name')).toHaveValue('Priya Kumari');
    expect(screen.queryByRole('heading', { name: 'Message Sent' })).not.toBeInTheDocument();
  });

  it('sends the form with the spam signals, confirms with Message Sent, and Send Another Message returns to an empty form', async () => {
    const served = serveApi({ 'POST /api/contact_save.php': () => json({ success: true, message: 'Message sent successfully' }, 201) });
    const user = userEvent.setup();
    renderRoute('/contact');
    await user.type(await screen.findByLabelText('Your Name'), 'Priya Kumari');
    await user.type(screen.getByLabelText('Email Address'), 'priya@example.org');
    await user.selectOptions(screen.getByLabelText('Subject'), 'Partnership Proposal');
    await user.type(screen.getByLabelText('Message'), 'Our school would like to plant trees with you.');
    await user.click(screen.getByLabelText(/I have read the privacy notice/));
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('heading', { name: 'Message Sent' })).toHaveFocus();
    const sentBody = await served.requests[0]!.clone().json();
    expect(sentBody).toMatchObject({
      name: 'Priya Kumari',
      email: 'priya@example.org',
      subject: 'Partnership Proposal',
      message: 'Our school would like to plant trees with you.',
      notice_version: 1,
      website: '',
    });
    expect(sentBody.elapsed_ms).toBeGreaterThan(0);
    expect(screen.queryByLabelText('Your Name')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send Another Message' }));
    expect(screen.getByLabelText('Your Name')).toHaveValue('');
    expect(screen.getByLabelText('Email Address')).toHaveValue('');
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByLabelText('Your Name')).toHaveFocus();
  });
});
