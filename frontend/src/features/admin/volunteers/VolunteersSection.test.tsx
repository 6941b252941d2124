import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../../../test/api-fetch';
import { renderRoute } from '../../../../test/render-route';
import type { Volunteer } from '../api';
import { serveAdminApi, signInAsAdmin } from '../test-support';

function volunteer(name: string, createdAt: string): Volunteer {
  return {
    id: `65f1c0ffee00000000${String(createdAt.length).padStart(6, '0')}`,
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}@example.org`,
    mobile: '+91 94311 52874',
    gender: 'Female',
    interest: 'teaching',
    start_date: '2025-04-01',
    address: 'Harmu, Ranchi',
    about: 'Weekends',
    created_at: createdAt,
  };
}

const older = { ...volunteer('Asha Oraon', '2025-01-10T08:00:00.000Z'), id: '65f1c0ffee0000000000aa01' };
const newer = { ...volunteer('Priya Kumari', '2025-03-05T10:00:00.000Z'), id: '65f1c0ffee0000000000aa02' };

describe('Volunteers', () => {
  it('lists the registrations newest first, with contact links', async () => {
    serveAdminApi({ 'GET /api/get_volunteers.php': () => json({ success: true, data: [older, newer] }) });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=volunteers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Volunteers' })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(screen.getAllByRole('rowheader').map((cell) => cell.firstChild?.textContent)).toEqual(['Priya Kumari', 'Asha Oraon']);
    expect(screen.getByRole('link', { name: 'priya@example.org' })).toHaveAttribute('href', 'mailto:priya@example.org');
    expect(within(screen.getAllByRole('row')[1]!).getByRole('link', { name: '+91 94311 52874' })).toHaveAttribute('href', 'tel:+919431152874');
  });

  it('says when nobody has registered yet, with the download disabled', async () => {
    serveAdminApi({ 'GET /api/get_volunteers.php': () => json({ success: true, data: [] }) });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=volunteers');
    expect(await screen.findByText('No volunteer registrations yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });

  it('shows the server message when the list is refused', async () => {
    serveAdminApi({ 'GET /api/get_volunteers.php': () => json({ success: false, message: 'Only admins can do this' }, 403) });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=volunteers');
    expect(await screen.findByText('Only admins can do this')).toBeInTheDocument();
  });

  it('downloads the list as a CSV file, newest first', async () => {
    const files: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob);
      return 'blob:volunteers';
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { requests } = serveAdminApi({ 'GET /api/get_volunteers.php': () => json({ success: true, data: [older, newer] }) });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=volunteers');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download CSV' }));
    // The download is read as an export, which the server logs (who and when, never the data).
    await waitFor(() => expect(requests.map((request) => new URL(request.url).search)).toContain('?purpose=export'));
    await waitFor(() => expect(clicked).toEqual([expect.stringMatching(/^volunteers-\d{4}-\d{2}-\d{2}\.csv$/)]));
    const lines = (await files[0]!.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Registered,Name,Email,Mobile,Gender,Interest,Start date,Address,About');
    expect(lines[1]).toContain('Priya Kumari');
    expect(lines[2]).toContain('Asha Oraon');
  });

  it('shows the data log, newest first, and reads it again after a download', async () => {
    const entries = [
      { id: '65f1c0ffee0000000000bb02', action: 'volunteer.erase_email', count: 2, created_at: '2025-03-06T09:30:00.000Z', actor: null },
      {
        id: '65f1c0ffee0000000000bb01',
        action: 'volunteers.export',
        count: 1,
        created_at: '2025-03-05T11:00:00.000Z',
        actor: { name: 'Site Admin', email: 'admin@example.org' },
      },
    ];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:volunteers');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { requests } = serveAdminApi({
      'GET /api/get_volunteers.php': () => json({ success: true, data: [newer] }),
      'GET /api/get_audit_log.php': () => json({ success: true, data: entries }),
    });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=volunteers');
    const log = await screen.findByRole('region', { name: 'Data log' });
    const rows = await within(log).findAllByRole('row');
    expect(
      rows.slice(1).map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Deleted 2 registrations of one e-mail address', 'A removed account'],
      ['Downloaded 1 registration as CSV', 'Site Admin (admin@example.org)'],
    ]);
    const logReads = () => requests.filter((request) => new URL(request.url).pathname === '/api/get_audit_log.php').length;
    expect(logReads()).toBe(1);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(logReads()).toBe(2));
  });
});
