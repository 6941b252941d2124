import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route';
import { site } from '../../site';

describe('contact page', () => {
  it('offers the six subjects and shows office hours and contact details', async () => {
    renderRoute('/contact');
    const subject = await screen.findByLabelText('Subject');
    expect(within(subject).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Select a subject',
      'General Inquiry',
      'Donation Question',
      'Volunteer Opportunity',
      'Partnership Proposal',
      'Press Inquiry',
      'Other',
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

  it('confirms with Message Sent, and Send Another Message returns to an empty form', async () => {
    const user = userEvent.setup();
    renderRoute('/contact');
    await user.type(await screen.findByLabelText('Your Name'), 'Priya Kumari');
    await user.type(screen.getByLabelText('Email Address'), 'priya@example.org');
    await user.selectOptions(screen.getByLabelText('Subject'), 'Partnership Proposal');
    await user.type(screen.getByLabelText('Message'), 'Our school would like to plant trees with you.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('heading', { name: 'Message Sent' })).toHaveFocus();
    expect(screen.queryByLabelText('Your Name')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send Another Message' }));
    expect(screen.getByLabelText('Your Name')).toHaveValue('');
    expect(screen.getByLabelText('Email Address')).toHaveValue('');
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByLabelText('Your Name')).toHaveFocus();
  });
});
