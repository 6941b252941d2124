import { describe, expect, it, vi } from 'vitest';
import { useSession } from './session';

describe('session store', () => {
  it('keeps token and userRole in localStorage under those keys', () => {
    useSession.getState().login('jwt-token', 'admin');
    expect(localStorage.getItem('token')).toBe('jwt-token');
    expect(localStorage.getItem('userRole')).toBe('admin');
    expect(useSession.getState().isAdmin()).toBe(true);

    useSession.getState().logout();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userRole')).toBeNull();
    expect(useSession.getState().isAdmin()).toBe(false);
  });

  it('is admin only with a token and the role admin', () => {
    useSession.getState().login('jwt-token', 'editor');
    expect(useSession.getState().isAdmin()).toBe(false);
    useSession.getState().login('', 'admin');
    expect(useSession.getState().isAdmin()).toBe(false);
  });

  it('follows a login or logout made in another tab', () => {
    localStorage.setItem('token', 'other-tab-token');
    localStorage.setItem('userRole', 'admin');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    expect(useSession.getState().token).toBe('other-tab-token');
    expect(useSession.getState().isAdmin()).toBe(true);
  });

  it("reads the browser's storage only when the session is first asked for, and finds what an earlier visit kept", async () => {
    localStorage.setItem('token', 'kept-token');
    localStorage.setItem('userRole', 'editor');
    vi.resetModules();
    const reads = vi.spyOn(Storage.prototype, 'getItem');
    const fresh = await import('./session');
    expect(reads).not.toHaveBeenCalled();
    expect(fresh.useSession.getState().token).toBe('kept-token');
    expect(fresh.useSession.getState().canEnterAdmin()).toBe(true);
    fresh.useSession.getState().renew('renewed-token');
    expect(fresh.useSession.getState()).toMatchObject({ token: 'renewed-token', userRole: 'editor' });
    reads.mockRestore();
  });
});
