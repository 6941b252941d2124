import { create } from 'zustand';
import { fetchMessages } from '../api';

interface UnreadMessages {
  /** Unread contact messages, or null until first counted. */
  count: number | null;
  set(count: number): void;
  refresh(): Promise<void>;
}

/** The sidebar's unread count; the Messages section sets it from every list it loads. */
export const useUnreadMessages = create<UnreadMessages>((set) => ({
  count: null,
  set: (count) => set({ count }),
  async refresh() {
    const outcome = await fetchMessages({}, 1);
    if (outcome.ok) set({ count: outcome.data.unread });
  },
}));
