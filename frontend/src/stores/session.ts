import { create } from 'zustand';

/** localStorage keys fixed by the product spec (section 3: "Stored in the browser: token and userRole"). */
export const sessionStorageKeys = { token: 'token', userRole: 'userRole' } as const;

export interface SessionState {
  token: string | null;
  userRole: string | null;
  login: (token: string, role: string) => void;
  logout: () => void;
  isAdmin: () => boolean;
}

function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage can be unavailable (privacy mode, sandboxed frames)
  }
}

function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // the in-memory session still works for this tab
  }
}

export const useSession = create<SessionState>()((set, get) => ({
  token: readStored(sessionStorageKeys.token),
  userRole: readStored(sessionStorageKeys.userRole),
  login: (token, role) => {
    writeStored(sessionStorageKeys.token, token);
    writeStored(sessionStorageKeys.userRole, role);
    set({ token, userRole: role });
  },
  logout: () => {
    writeStored(sessionStorageKeys.token, null);
    writeStored(sessionStorageKeys.userRole, null);
    set({ token: null, userRole: null });
  },
  isAdmin: () => {
    const { token, userRole } = get();
    return Boolean(token) && userRole === 'admin';
  },
}));

// Keep tabs in agreement: logging out (or in) in one tab applies to the others.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === sessionStorageKeys.token || event.key === sessionStorageKeys.userRole || event.key === null) {
      useSession.setState({
        token: readStored(sessionStorageKeys.token),
        userRole: readStored(sessionStorageKeys.userRole),
      });
    }
  });
}
