import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../../test/api-fetch';
import { renderRoute } from '../../../../test/render-route';
import { useSession } from '../../../stores/session';
import { serveAdminApi, signInAsAdmin } from '../test-support';
import type { Donation } from './api';

const donation = (fields: Partial<Donation> = {}): Donation => ({
  id: '65f1c0ffee0000000000dd01',
  name: 'Asha Kumari',
  email: 'asha@example.org',
  mobile: '',
  amount: 120000,
  reference: '412345678901',
  mode: 'upi',
  monthly: false,
  lang: 'hi',
  pan: 'ABCPT••••F',
  address: 'Hous••••834001',
  status: 'pending',
  reason: '',
  source: 'donor',
  fy: '2026-27',
  reported_at: '2026-05-01T10:00:00.000Z',
  received_on: '',
  donation_type: 'Others',
  bank_match: null,
  receipt: null,
  receipts: [],
  citizenship: 'indian',
  country: '',
  passport_number: '',
  eligible_80g: true,
  ...fields,
});
const figures = {
  fy: '2026-27',
  month: { amount: 5000, count: 2 },
  year: { amount: 125000, count: 3 },
  pending: { amount: 120000, count: 1 },
  matched: 0,
  foreign: { month: { amount: 0, count: 0 }, year: { amount: 0, count: 0 } },
};
const bodyOf = async (requests: Request[], path: string) =>
  requests
    .find((request) => new URL(request.url).pathname === path)!
    .clone()
    .json();

function serve(extra: Parameters<typeof serveAdminApi>[0] = {}) {
  return serveAdminApi({
    'GET /api/get_donations.php': () => json({ success: true, data: [donation()] }, 200, { 'X-Total-Count': '1' }),
    'GET /api/get_donation_figures.php': () => json({ success: true, data: figures }),
    ...extra,
  });
}

describe('Donations', () => {
  it('shows the figures and the pending donations, PAN masked, with labelled filters', async () => {
    const { requests } = serve();
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=donations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Donations' })).toBeInTheDocument();
    const row = (await screen.findAllByRole('row'))[1]!;
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Asha Kumari');
    expect(within(row).getByText('ABCPT••••F')).toBeInTheDocument();
    expect(screen.getByText('₹1,25,000')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('pending');
    expect(new URL(requests.find((request) => request.url.includes('get_donations'))!.url).searchParams.get('status')).toBe('pending');
    expect((screen.getByLabelText('Financial year') as HTMLInputElement).value).toMatch(/^20\d{2}-\d{2}$/);
  });

  it('confirms with one click, and opens the rejection from the keyboard and asks for its reason', async () => {
    const { requests } = serve({
      'POST /api/update_donation.php': () =>
        json({ success: true, message: 'Donation confirmed; receipt 2026-27/0001 issued', data: donation({ status: 'received' }) }),
    });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=donations');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Confirm ₹1,20,000 from Asha Kumari' }));
    expect(await screen.findByText('Donation confirmed; receipt 2026-27/0001 issued')).toBeInTheDocument();
    expect(await bodyOf(requests, '/api/update_donation.php')).toEqual({ id: donation().id, status: 'received' });

    screen.getByRole('button', { name: 'Reject ₹1,20,000 from Asha Kumari' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Reject this donation?' });
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Why is it rejected?'), 'Not in the bank account');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(async () => {
      const updates = requests.filter((request) => request.url.includes('update_donation'));
      expect(await updates[1]?.clone().json()).toEqual({ id: donation().id, status: 'rejected', reason: 'Not in the bank account' });
    });
  });

  it('downloads Form 10BD and says how many donations without a PAN it leaves out', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:form');
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    serve({
      'GET /api/get_form10bd.php': () => new Response('\uFEFFSr. No.\r\n', { status: 200, headers: { 'Content-Type': 'text/csv', 'X-Without-Pan': '2' } }),
    });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=donations');
    const year = await screen.findByLabelText('Financial year');
    await userEvent.setup().clear(year);
    await userEvent.setup().type(year, '2026-27');
    await userEvent.setup().click(within(screen.getByRole('region', { name: 'Form 10BD' })).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toEqual(['form-10bd-2026-27.csv']));
    expect(await screen.findByText(/2 received donations without a PAN are not in it/)).toBeInTheDocument();
  });

  it('maps the bank statement’s columns, then offers the matches to confirm and records an unreported credit', async () => {
    const credit = { line: 7, date: '2026-04-03', amount: 2000, reference: '', description: 'BY TRANSFER 611122223333 KAVITA', mode: 'bank' as const };
    const upi = { line: 8, date: '2026-04-04', amount: 120000, reference: '', description: 'UPI/CR/412345678901/ASHA/SBIN', mode: 'upi' as const };
    const match = { donation: donation({ bank_match: upi, mode: 'bank' }), credit: upi };
    const unsure = {
      credits: [
        { ...upi, line: 9, amount: 500 },
        { ...upi, line: 10, amount: 500 },
      ],
      donations: [donation({ id: 'b'.repeat(24), name: 'Rita Oraon', amount: 500 })],
    };
    const { requests } = serve({
      'POST /api/import_bank_statement.php': async (request) => {
        const body = await request.json();
        const common = { success: true, columns: ['Txn Date', 'Credit', 'Description'], credits: 2, already_received: 0, skipped: [] };
        return body.mapping
          ? json({
              ...common,
              message: '1 reported donation matched; 1 credit no one reported',
              needs_mapping: false,
              mapping: body.mapping,
              matched: [match],
              ambiguous: [unsure],
              unreported: [credit],
            })
          : json({
              ...common,
              message: 'Please choose which columns of the file hold the date, the amount and the reference.',
              needs_mapping: true,
              mapping: null,
              matched: [],
              ambiguous: [],
              unreported: [],
            });
      },
      'POST /api/add_donation.php': () => json({ success: true, message: 'Donation recorded', data: donation() }, 201),
    });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=donations');
    const user = userEvent.setup();
    const file = new File(['Txn Date,Credit,Description\n'], 'statement.csv', { type: 'text/csv' });
    await user.upload(await screen.findByLabelText("The bank's CSV export"), file);
    await user.selectOptions(await screen.findByLabelText('Date column'), 'Txn Date');
    await user.selectOptions(screen.getByLabelText('Credit (deposit) column'), 'Credit');
    await user.selectOptions(screen.getByLabelText('Description (narration) column'), 'Description');
    await user.click(screen.getByRole('button', { name: 'Match the credits' }));
    const confirm = await screen.findByRole('button', { name: 'Confirm Asha Kumari' });
    // Beside the report, the bank's narration and the mode its line shows.
    expect(confirm.closest('li')).toHaveTextContent('Reported: Asha Kumari, ₹1,20,000, 412345678901 (Bank transfer)');
    expect(confirm.closest('li')).toHaveTextContent('In the bank: 2026-04-04, ₹1,20,000, UPI/CR/412345678901/ASHA/SBIN (UPI)');
    // What fits more than one way is shown apart, with nothing to confirm in one click.
    const check = screen.getByRole('heading', { name: 'Fits more than one way: check by hand' }).nextElementSibling!;
    expect(check).toHaveTextContent('Reported: Rita Oraon, ₹500');
    expect(within(check as HTMLElement).queryByRole('button')).toBeNull();
    const imports = requests.filter((request) => request.url.includes('import_bank_statement'));
    expect((await imports[1]!.clone().json()).mapping).toEqual({ date: 'Txn Date', amount: 'Credit', description: 'Description' });

    await user.type(screen.getByLabelText("Donor's name"), 'Kavita Devi');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await waitFor(async () =>
      expect(await bodyOf(requests, '/api/add_donation.php')).toEqual({
        name: 'Kavita Devi',
        amount: 2000,
        reference: '611122223333',
        mode: 'bank',
        received_on: '2026-04-03',
      }),
    );
  });

  it('is not offered to an editor', async () => {
    serve();
    signInAsAdmin();
    useSession.setState({ userRole: 'editor' });
    renderRoute('/admin/dashboard?section=donations');
    expect(await screen.findByText('You need an admin account to see this section.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Donations' })).not.toBeInTheDocument();
  });
});
