import { create } from 'zustand';

/** localStorage keys fixed by the product spec (section 3: "Stored in the browser: token and userRole"). */
export const sessionStorageKeys = { token: 'token', userRole: 'userRole', userName: 'userName' } as const;

/** The roles that may enter the admin area (an editor sees blogs and gallery only). */
export const adminAreaRoles = ['admin', 'editor'];

export interface SessionState {
  token: string | null;
  userRole: string | null;
  /** The signed-in person's name, for the greeting. */
  userName: string | null;
  login: (token: string, role: string, name?: string) => void;
  /** Keeps the session with a new token (after a password change). */
  renew: (token: string) => void;
  logout: () => void;
  isAdmin: () => boolean;
  /** A session of a role that may enter the admin area. */
  canEnterAdmin: () => boolean;
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

type Stored = Pick<SessionState, 'token' | 'userRole' | 'userName'>;
const readSession = (): Stored => ({
  token: readStored(sessionStorageKeys.token),
  userRole: readStored(sessionStorageKeys.userRole),
  userName: readStored(sessionStorageKeys.userName),
});
let stored: Stored | undefined;
/**
 * The session as the browser keeps it, read when first asked for. A page's first localStorage
 * read waits for the origin's whole store to load (70 ms of a phone's main thread here), which a
 * public page, with no session to show, should not pay while it is taken over.
 */
const storedSession = () => (stored ??= readSession());

export const useSession = create<SessionState>()((set, get) => ({
  // Getters until the first change, which copies the state into plain values.
  get token() {
    return storedSession().token;
  },
  get userRole() {
    return storedSession().userRole;
  },
  get userName() {
    return storedSession().userName;
  },
  login: (token, role, name = 'Admin') => {
    writeStored(sessionStorageKeys.token, token);
    writeStored(sessionStorageKeys.userRole, role);
    writeStored(sessionStorageKeys.userName, name);
    set({ token, userRole: role, userName: name });
  },
  renew: (token) => {
    writeStored(sessionStorageKeys.token, token);
    set({ token });
  },
  logout: () => {
    writeStored(sessionStorageKeys.token, null);
    writeStored(sessionStorageKeys.userRole, null);
    writeStored(sessionStorageKeys.userName, null);
    set({ token: null, userRole: null, userName: null });
  },
  canEnterAdmin: () => {
    const { token, userRole } = get();
    return Boolean(token) && adminAreaRoles.includes(userRole ?? '');
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
      useSession.setState(readSession());
    }
  });
}
