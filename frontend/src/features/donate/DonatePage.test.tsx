import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultLegalTexts, defaultSettings } from '@ngo-site/shared';
import { json, serveApi } from '../../../test/api-fetch';
import { renderRoute } from '../../../test/render-route';

async function openDonatePage() {
  const user = userEvent.setup();
  renderRoute('/donate');
  await screen.findByRole('heading', { level: 1 });
  const amounts = screen.getByRole('group', { name: 'Select an amount' });
  return { user, amounts };
}

describe('donation form', () => {
  it('starts one-time with 50 in the custom amount field', async () => {
    const { amounts } = await openDonatePage();
    expect(screen.getByRole('link', { name: 'One-time' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Monthly' })).not.toHaveAttribute('aria-current');
    expect(screen.getByLabelText('Custom amount (₹)')).toHaveValue('50');
    expect(
      within(amounts)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['₹500', '₹1,000', '₹2,000', '₹5,000', '₹10,000', 'Other']);
  });

  it('chooses a preset, which hides the custom field', async () => {
    const { user, amounts } = await openDonatePage();
    await user.click(within(amounts).getByRole('button', { name: '₹2,000' }));
    expect(within(amounts).getByRole('button', { name: '₹2,000' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByLabelText('Custom amount (₹)')).not.toBeInTheDocument();
    expect(screen.getByText('You are giving ₹2,000 once.')).toBeInTheDocument();
  });

  it('Other clears the amount and reveals the custom field, which takes digits only', async () => {
    const { user, amounts } = await openDonatePage();
    await user.click(within(amounts).getByRole('button', { name: '₹500' }));
    await user.click(within(amounts).getByRole('button', { name: 'Other' }));
    const custom = screen.getByLabelText('Custom amount (₹)');
    expect(custom).toHaveValue('');
    expect(screen.getByRole('button', { name: /Proceed to Payment/ })).toBeDisabled();

    await user.type(custom, '12a.5-0');
    expect(custom).toHaveValue('1250');
    // Typing through a preset figure keeps the field open.
    await user.clear(custom);
    await user.type(custom, '5000');
    expect(screen.getByLabelText('Custom amount (₹)')).toHaveValue('5000');
  });

  it('toggles monthly giving', async () => {
    const { user } = await openDonatePage();
    await user.click(screen.getByRole('link', { name: 'Monthly' }));
    expect(await screen.findByRole('link', { name: 'Monthly', current: 'page' })).toHaveAttribute('href', '/donate/monthly');
    expect(screen.getByRole('link', { name: 'One-time' })).not.toHaveAttribute('aria-current');
    expect(screen.getByText('You are giving ₹50 every month.')).toBeInTheDocument();
  });

  it('says the payment would be processed in a real application', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { user, amounts } = await openDonatePage();
    await user.click(within(amounts).getByRole('button', { name: '₹1,000' }));
    await user.click(screen.getByRole('button', { name: /Proceed to Payment/ }));
    expect(alert).toHaveBeenCalledWith('Thank you for your one-time donation of ₹1,000! The payment would be processed in a real application.');
  });

  it('lists the impact of each preset amount', async () => {
    await openDonatePage();
    const impact = screen.getByRole('complementary', { name: 'Your Impact' });
    for (const text of [
      'provides clean water for a family for a month',
      'educational materials for 10 students',
      'plants 50 trees',
      'funds a micro-business for a woman entrepreneur',
      'builds a rainwater harvesting system for a community',
    ]) {
      expect(within(impact).getByText(text)).toBeInTheDocument();
    }
  });
});

describe('"I have paid"', () => {
  async function openPaidForm() {
    const { user, amounts } = await openDonatePage();
    await user.click(within(amounts).getByRole('button', { name: '₹2,000' }));
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    await screen.findByRole('form', { name: 'Tell us about your payment' });
    return user;
  }

  it('opens a labelled form with the chosen amount, and asks for the address once a PAN is typed', async () => {
    const user = await openPaidForm();
    expect(screen.getByLabelText(/Amount paid/)).toHaveValue('2000');
    for (const label of ['Your Name', 'Email Address', 'Transaction reference (UTR)'])
      expect(screen.getByLabelText(new RegExp(label.replace(/[()]/g, '.')))).toBeRequired();
    expect(screen.getByLabelText(/Postal address/)).not.toBeRequired();
    await user.type(screen.getByLabelText(/^PAN/), 'ABCPT1234F');
    expect(screen.getByLabelText(/Postal address/)).toBeRequired();
    expect(screen.getByText(/we keep donation records, including PAN and address/)).toBeInTheDocument();
  });

  it('sends the report with the spam signals and says what happens next', async () => {
    const served = serveApi({
      'POST /api/donation_save.php': () =>
        json(
          { success: true, message: 'Thank you! We have your payment details. Once we find the payment in our bank account, we will e-mail your receipt.' },
          201,
        ),
    });
    const user = await openPaidForm();
    await user.type(screen.getByLabelText(/Your Name/), 'Priya Kumari');
    await user.type(screen.getByLabelText(/Email Address/), 'priya@example.org');
    await user.type(screen.getByLabelText(/Transaction reference/), '412345678901');
    await user.type(screen.getByLabelText(/^PAN/), 'abcpt1234f');
    await user.type(screen.getByLabelText(/Postal address/), 'Lalpur, Ranchi');
    await user.click(screen.getByLabelText(/I have read the privacy notice/));
    await user.click(screen.getByRole('button', { name: 'Send payment details' }));
    expect(await screen.findByRole('status', {}, { timeout: 6000 })).toHaveTextContent('Once we find the payment in our bank account');
    const sent = await served.requests[0]!.clone().json();
    expect(sent).toMatchObject({
      name: 'Priya Kumari',
      amount: 2000,
      reference: '412345678901',
      mode: 'upi',
      pan: 'ABCPT1234F',
      address: 'Lalpur, Ranchi',
      monthly: false,
      citizenship: 'indian',
      notice_version: 1,
      website: '',
    });
    expect(sent.elapsed_ms).toBeGreaterThan(0);
  });

  it('keeps what was typed and shows the sentence of a refusal', async () => {
    serveApi({
      'POST /api/donation_save.php': () =>
        json(
          {
            success: false,
            message: 'A payment with this transaction reference has already been reported. Please check the reference, or write to us if you paid twice.',
          },
          409,
        ),
    });
    const user = await openPaidForm();
    await user.type(screen.getByLabelText(/Your Name/), 'Priya Kumari');
    await user.type(screen.getByLabelText(/Email Address/), 'priya@example.org');
    await user.type(screen.getByLabelText(/Transaction reference/), '412345678901');
    await user.click(screen.getByLabelText(/I have read the privacy notice/));
    await user.click(screen.getByRole('button', { name: 'Send payment details' }));
    expect(await screen.findByRole('alert', {}, { timeout: 6000 })).toHaveTextContent('already been reported');
    expect(screen.getByLabelText(/Transaction reference/)).toHaveValue('412345678901');
  });
});

describe('a monthly pledge', () => {
  it('is made on /donate/monthly with the amount, the day and the spam signals, and says when the first reminder comes', async () => {
    const served = serveApi({
      'POST /api/pledge_save.php': () =>
        json(
          {
            success: true,
            message: 'Thank you! Your monthly pledge is made. Each month on the day you chose, we will e-mail you a UPI link and a QR code to pay.',
            data: { amount: 1000, day: 10, first_reminder_on: '2026-06-10' },
          },
          201,
        ),
    });
    const user = userEvent.setup();
    renderRoute('/donate/monthly');
    const amounts = await screen.findByRole('group', { name: 'Select an amount' });
    expect(screen.getByRole('link', { name: 'Monthly' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(amounts).getByRole('button', { name: '₹1,000' }));
    expect(screen.getByText('You are giving ₹1,000 every month.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Your Name/), 'Priya Kumari');
    await user.type(screen.getByLabelText(/Email Address/), 'priya@example.org');
    await user.selectOptions(screen.getByLabelText('Day of the month for the reminder'), '10');
    await user.click(screen.getByRole('button', { name: 'Pledge ₹1,000 every month' }));
    const status = await screen.findByRole('status', {}, { timeout: 6000 });
    expect(status).toHaveTextContent('Your monthly pledge is made');
    expect(status).toHaveTextContent('Your first reminder comes on 10 June 2026.');
    const sent = await served.requests
      .find((request) => request.url.includes('pledge_save'))!
      .clone()
      .json();
    expect(sent).toMatchObject({ name: 'Priya Kumari', email: 'priya@example.org', amount: 1000, day: 10, website: '' });
    expect(sent.pan).toBeUndefined();
    expect(sent.elapsed_ms).toBeGreaterThan(0);
  });

  it('shows the live campaigns above the form, with what each raised', async () => {
    serveApi({
      'GET /api/get_campaigns.php': () =>
        json({
          success: true,
          data: [
            { ...campaign, id: '65f1c0ffee0000000000aaaa', title: 'Tanks before the monsoon', state: 'live', raised: 2500, donors: 1, days_left: 12 },
            { ...campaign, id: '65f1c0ffee0000000000bbbb', title: 'Last winter', state: 'ended', raised: 9000, donors: 30, days_left: 0 },
          ],
        }),
    });
    renderRoute('/donate');
    const list = await screen.findByRole('region', { name: 'Give to a campaign' });
    expect(within(list).getByRole('link', { name: 'Tanks before the monsoon' })).toHaveAttribute('href', '/campaigns/65f1c0ffee0000000000aaaa');
    expect(within(list).queryByText('Last winter')).not.toBeInTheDocument();
    expect(within(list).getByRole('progressbar', { name: '₹2,500 raised of ₹10,000' })).toHaveAttribute('value', '2500');
    expect(within(list).getByText('1 donor')).toBeInTheDocument();
    expect(within(list).getByText('12 days left')).toBeInTheDocument();
  });
});

const campaign = {
  story: { type: 'doc', content: [] },
  goal: 10000,
  starts_on: '2026-05-01',
  ends_on: '2026-06-30',
  program: 'health',
  picture: null,
  picture_url: null,
  status: 'published',
  created_at: '2026-05-01T00:00:00.000Z',
  updated_at: '2026-05-01T00:00:00.000Z',
};

describe('a gift from a foreign source (FCRA)', () => {
  const foreignCitizen = /Foreign citizen, OCI or PIO card holder/;

  it('is refused before any payment while there is no FCRA registration: no UPI, no report', async () => {
    serveApi({ 'GET /api/get_settings.php': () => json({ success: true, data: { ...defaultSettings, upi_id: 'ngo@sbi' }, placeholders: [] }) });
    const { user } = await openDonatePage();
    expect(await screen.findByText(/count as a foreign source/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: foreignCitizen }));
    expect(screen.getByRole('status')).toHaveTextContent(defaultLegalTexts.fcra_refusal);
    expect(screen.queryByRole('button', { name: /Proceed to Payment/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I have paid' })).not.toBeInTheDocument();
    expect(screen.queryByText(/UPI app/)).not.toBeInTheDocument();
  });

  it('shows the FCRA account instead of UPI, and the report asks for the country and passport', async () => {
    const settings = {
      ...defaultSettings,
      upi_id: 'ngo@sbi',
      fcra_registration: '094421156',
      fcra_account: 'FCRA account 40123456789, SBI New Delhi Main Branch',
    };
    const served = serveApi({
      'GET /api/get_settings.php': () => json({ success: true, data: settings, placeholders: [] }),
      'POST /api/donation_save.php': () =>
        json(
          { success: true, message: 'Thank you! We have your payment details. Once we find the payment in our bank account, we will e-mail your receipt.' },
          201,
        ),
    });
    const { user } = await openDonatePage();
    await user.click(await screen.findByRole('radio', { name: foreignCitizen }));
    const account = await screen.findByRole('heading', { name: 'Our FCRA account' });
    expect(account.parentElement).toHaveTextContent('FCRA account 40123456789, SBI New Delhi Main Branch');
    expect(account.parentElement).toHaveTextContent('(FCRA registration 094421156)');
    expect(screen.queryByRole('button', { name: /Proceed to Payment/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have paid' }));
    expect(await screen.findByLabelText(/^Citizenship/)).toHaveValue('foreign');
    await user.type(screen.getByLabelText(/Your Name/), 'Anna Weber');
    await user.type(screen.getByLabelText(/Email Address/), 'anna@example.de');
    await user.type(screen.getByLabelText(/Transaction reference/), 'SBIN26152000123');
    await user.type(screen.getByLabelText(/Country of citizenship/), 'Germany');
    await user.type(screen.getByLabelText(/Passport number/), 'c01x00t47');
    await user.click(screen.getByLabelText(/I have read the privacy notice/));
    await user.click(screen.getByRole('button', { name: 'Send payment details' }));
    await screen.findByText(/Once we find the payment in our bank account/, {}, { timeout: 6000 });
    expect(
      await served.requests
        .find((request) => request.method === 'POST')!
        .clone()
        .json(),
    ).toMatchObject({
      citizenship: 'foreign',
      country: 'Germany',
      passport_number: 'C01X00T47',
      mode: 'bank',
    });
  });
});
