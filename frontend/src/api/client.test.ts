import { describe, expect, it } from 'vitest';
import { json, serveApi } from '../../test/api-fetch';
import { useSession } from '../stores/session';
import { api } from './client';

describe('API client', () => {
  it('sends the stored token as a bearer token', async () => {
    useSession.getState().login('jwt-token', 'admin');
    const { requests } = serveApi({ 'GET /api/get_blogs.php': () => json([]) });
    await api.GET('/api/get_blogs.php');
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer jwt-token');
  });

  it('sends no Authorization header without a session', async () => {
    const { requests } = serveApi({ 'GET /api/get_blogs.php': () => json([]) });
    await api.GET('/api/get_blogs.php');
    expect(requests[0]!.headers.has('Authorization')).toBe(false);
  });

  it('ends the session when an authenticated call is refused with 401', async () => {
    useSession.getState().login('expired-token', 'admin');
    serveApi({ 'POST /api/delete_blog.php': () => json({ success: false, message: 'Session expired' }, 401) });
    await api.POST('/api/delete_blog.php', { body: { id: 'a'.repeat(24) } });
    expect(useSession.getState().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userRole')).toBeNull();
  });

  it('keeps the session for other failures', async () => {
    useSession.getState().login('jwt-token', 'admin');
    serveApi({ 'POST /api/delete_blog.php': () => json({ success: false, message: 'Admins only' }, 403) });
    await api.POST('/api/delete_blog.php', { body: { id: 'a'.repeat(24) } });
    expect(useSession.getState().token).toBe('jwt-token');
  });
});
