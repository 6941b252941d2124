import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../../test/api-fetch';
import { pagedAdminList, queriesTo } from '../../../../test/list-pages';
import { renderRoute } from '../../../../test/render-route';
import type { ContactMessage } from '../api';
import { serveAdminApi, signInAsAdmin } from '../test-support';

const messages: ContactMessage[] = Array.from({ length: 27 }, (_, n) => ({
  id: `65f1c0ffee0000000000c${String(n).padStart(3, '0')}`,
  name: n === 3 ? 'Ravi Mahto' : 'Asha Oraon',
  email: 'asha@example.org',
  subject: n === 3 ? 'Tree planting in Khunti' : `Question ${27 - n}`,
  message: 'When is the next camp?',
  read: n > 1,
  created_at: '2025-03-05T10:00:00.000Z',
}));

function openMessages(path = '/admin/dashboard?section=messages') {
  const served = serveAdminApi({
    'GET /api/get_messages.php': pagedAdminList(messages, (message) => [message.name, message.subject], { unread: 2 }),
    'POST /api/update_message.php': () => json({ success: true, message: 'Message marked as read', data: { ...messages[0]!, read: true } }),
  });
  signInAsAdmin();
  return { ...served, ...renderRoute(path) };
}

const items = () => screen.getAllByRole('listitem').filter((item) => item.classList.contains('message-item'));

describe('Messages', () => {
  it('shows a page of messages, the total, and the unread count of all of them', async () => {
    openMessages();
    await screen.findByText('2 unread', {}, { timeout: 5000 });
    expect(items()).toHaveLength(25);
    expect(within(screen.getByRole('heading', { level: 2, name: /Messages/ })).getByText('27')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pages of messages' })).toHaveTextContent('Page 1 of 2');
  });

  it('the sidebar badge asks for one message only, for the unread count', async () => {
    const { requests } = openMessages();
    const sidebar = await screen.findByRole('navigation', { name: 'Admin sections' });
    await waitFor(() => expect(within(sidebar).getByRole('link', { name: /Messages/ })).toHaveTextContent('2 unread'));
    expect(queriesTo(requests, '/api/get_messages.php')).toContainEqual({ limit: '1', page: '1' });
  });

  it('searches on the server and opens at the search and page of its address', async () => {
    const { requests, router } = openMessages('/admin/dashboard?section=messages&page=2');
    await waitFor(() => expect(items()).toHaveLength(2));
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Search messages' }), 'khunti{Enter}');
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(items()[0]).toHaveTextContent('Tree planting in Khunti from Ravi Mahto');
    expect(router.state.location.search).toEqual({ section: 'messages', q: 'khunti' });
    expect(queriesTo(requests, '/api/get_messages.php').filter((query) => query.limit === '25')).toEqual([
      { limit: '25', page: '2' },
      { limit: '25', page: '1', q: 'khunti' },
    ]);
  });

  it('says when a search finds nothing', async () => {
    openMessages('/admin/dashboard?section=messages&q=nothing');
    expect(await screen.findByText('No message matches “nothing”.')).toBeInTheDocument();
  });
});
