import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { searchPauseMs } from '../../listing/useSearchText';
import { json } from '../../../../test/api-fetch';
import { pagedAdminList, queriesTo } from '../../../../test/list-pages';
import { renderRoute } from '../../../../test/render-route';
import type { Volunteer } from '../api';
import { requestTo, serveAdminApi, signInAsAdmin } from '../test-support';

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
  const registrations = (count: number) =>
    Array.from({ length: count }, (_, n) => ({
      ...volunteer(`Person ${count - n}`, `2025-03-${String(28 - (n % 28)).padStart(2, '0')}T10:00:00.000Z`),
      id: `65f1c0ffee0000000000${String(n).padStart(4, '0')}`,
      address: n % 2 ? 'Harmu, Ranchi' : 'Lalpur, Ranchi',
    }));
  const openVolunteers = (path = '/admin/dashboard?section=volunteers', items = [newer, older]) => {
    const served = serveAdminApi({ 'GET /api/get_volunteers.php': pagedAdminList(items, (v) => [v.name, v.email, v.address]) });
    signInAsAdmin();
    return { ...served, ...renderRoute(path) };
  };
  const shownNames = () => screen.getAllByRole('rowheader').map((cell) => cell.firstChild?.textContent);

  it('lists the registrations in the server’s order, with contact links, asking for one page', async () => {
    const { requests } = openVolunteers();
    expect(await screen.findByRole('heading', { level: 1, name: 'Volunteers' })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(shownNames()).toEqual(['Priya Kumari', 'Asha Oraon']);
    expect(screen.getByRole('link', { name: 'priya@example.org' })).toHaveAttribute('href', 'mailto:priya@example.org');
    expect(within(screen.getAllByRole('row')[1]!).getByRole('link', { name: '+91 94311 52874' })).toHaveAttribute('href', 'tel:+919431152874');
    expect(queriesTo(requests, '/api/get_volunteers.php')).toEqual([{ limit: '25', page: '1' }]);
    expect(screen.queryByRole('navigation', { name: 'Pages of registrations' })).not.toBeInTheDocument();
  });

  it('pages through the server’s pages, the page in the address, and goes back with the browser', async () => {
    const { requests, router } = openVolunteers(undefined, registrations(30));
    await screen.findByRole('table');
    expect(screen.getAllByRole('rowheader')).toHaveLength(25);
    expect(within(screen.getByRole('heading', { name: /Registrations/ })).getByText('30')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages of registrations' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    await userEvent.setup().click(within(pages).getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByRole('rowheader')).toHaveLength(5));
    expect(shownNames()[0]).toBe('Person 5');
    expect(router.state.location.search).toEqual({ section: 'volunteers', page: 2 });
    router.history.back();
    await waitFor(() => expect(screen.getAllByRole('rowheader')).toHaveLength(25));
    expect(queriesTo(requests, '/api/get_volunteers.php').map((query) => query.page)).toEqual(['1', '2', '1']);
  });

  it('searches on the server once typing pauses, from page 1, and keeps the search in the address', async () => {
    const { requests, router } = openVolunteers('/admin/dashboard?section=volunteers&page=2', registrations(30));
    await screen.findByRole('table');
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search registrations' }), 'harmu');
    await waitFor(() => expect(router.state.location.search).toEqual({ section: 'volunteers', q: 'harmu' }), { timeout: searchPauseMs * 10 });
    await waitFor(() => expect(screen.getAllByRole('rowheader')).toHaveLength(15));
    expect(queriesTo(requests, '/api/get_volunteers.php').at(-1)).toEqual({ limit: '25', page: '1', q: 'harmu' });
    expect(within(screen.getByRole('heading', { name: /Registrations/ })).getByText('15')).toBeInTheDocument();
  });

  it('opens at the page and search its address names (a reload)', async () => {
    const { requests } = openVolunteers('/admin/dashboard?section=volunteers&q=lalpur&page=2', registrations(60));
    await screen.findByRole('table');
    expect(screen.getByRole('searchbox', { name: 'Search registrations' })).toHaveValue('lalpur');
    expect(queriesTo(requests, '/api/get_volunteers.php')).toEqual([{ limit: '25', page: '2', q: 'lalpur' }]);
    expect(screen.getByRole('navigation', { name: 'Pages of registrations' })).toHaveTextContent('Page 2 of 2');
  });

  it('says when a search finds nobody, and when nobody has registered yet', async () => {
    openVolunteers('/admin/dashboard?section=volunteers&q=nobody');
    expect(await screen.findByText('No registration matches “nobody”.')).toBeInTheDocument();
    serveAdminApi({ 'GET /api/get_volunteers.php': () => json({ success: true, data: [] }, 200, { 'X-Total-Count': '0' }) });
    renderRoute('/admin/dashboard?section=volunteers');
    expect(await screen.findByText('No volunteer registrations yet.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Download CSV' }).at(-1)).toBeDisabled();
  });

  it('shows the server message when the list is refused', async () => {
    serveAdminApi({ 'GET /api/get_volunteers.php': () => json({ success: false, message: 'Only admins can do this' }, 403) });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=volunteers');
    expect(await screen.findByText('Only admins can do this')).toBeInTheDocument();
  });

  it('downloads the server’s CSV file under the server’s name', async () => {
    const files: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob);
      return 'blob:volunteers';
    });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const csv = '\uFEFFRegistered,Name\r\n2025-03-05T10:00:00.000Z,Priya Kumari\r\n';
    const { requests } = serveAdminApi({
      'GET /api/get_volunteers.php': pagedAdminList([newer, older], (v) => [v.name]),
      'GET /api/export_volunteers.php': () =>
        new Response(csv, {
          headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="volunteers-2025-03-06.csv"' },
        }),
    });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=volunteers');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toEqual(['volunteers-2025-03-06.csv']));
    expect(requestTo(requests, '/api/export_volunteers.php')).toBeDefined();
    // Byte for byte, the byte-order mark included (a Blob's text() would drop it).
    expect([...new Uint8Array(await files[0]!.arrayBuffer())]).toEqual([...new TextEncoder().encode(csv)]);
  });

  it('says so when the download is refused', async () => {
    serveAdminApi({
      'GET /api/get_volunteers.php': pagedAdminList([newer], (v) => [v.name]),
      'GET /api/export_volunteers.php': () => json({ success: false, message: 'The database cannot be reached' }, 503),
    });
    signInAsAdmin();
    renderRoute('/admin/dashboard?section=volunteers');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('The database cannot be reached')).toBeInTheDocument();
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
      'GET /api/get_volunteers.php': pagedAdminList([newer], (v) => [v.name]),
      'GET /api/export_volunteers.php': () => new Response('\uFEFFRegistered\r\n', { headers: { 'Content-Type': 'text/csv' } }),
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
