import { create } from 'zustand';
import { AdminIcon } from './AdminIcon';
import type { Outcome } from './api';
import './toasts.css';

export type ToastTone = 'success' | 'error';

interface Toast {
  id: number;
  tone: ToastTone;
  text: string;
}

interface ToastState {
  toasts: Toast[];
  show: (tone: ToastTone, text: string) => void;
  dismiss: (id: number) => void;
  clear: () => void;
}

/** How long a toast stays: errors longer, as they ask the admin to do something. */
const toastLifetimeMs: Record<ToastTone, number> = { success: 5000, error: 10000 };

let nextToastId = 1;

/** The admin's notices: the in-page stand-in for the spec's alert() calls, with the same words. */
export const useToasts = create<ToastState>()((set, get) => ({
  toasts: [],
  show: (tone, text) => {
    const id = nextToastId++;
    set({ toasts: [...get().toasts, { id, tone, text }] });
    setTimeout(() => get().dismiss(id), toastLifetimeMs[tone]);
  },
  dismiss: (id) => set({ toasts: get().toasts.filter((toast) => toast.id !== id) }),
  clear: () => set({ toasts: [] }),
}));

export const notify = {
  success: (text: string) => useToasts.getState().show('success', text),
  error: (text: string) => useToasts.getState().show('error', text),
};

/** Shows a write's answer (the server's sentence either way) and says whether it succeeded. */
export function notifyOutcome(outcome: Outcome<string>): boolean {
  if (outcome.ok) notify.success(outcome.data);
  else notify.error(outcome.message);
  return outcome.ok;
}

/**
 * Two live regions that are always in the page, so that screen readers announce what is added
 * to them: successes politely (role="status"), failures at once (role="alert").
 */
export function ToastRegion() {
  const toasts = useToasts((state) => state.toasts);
  const dismiss = useToasts((state) => state.dismiss);
  const list = (tone: ToastTone) =>
    toasts
      .filter((toast) => toast.tone === tone)
      .map((toast) => (
        <div key={toast.id} className={`toast toast-${tone}`}>
          <AdminIcon name={tone === 'success' ? 'check' : 'alert'} />
          <p>{toast.text}</p>
          <button type="button" className="toast-dismiss" onClick={() => dismiss(toast.id)}>
            <AdminIcon name="close" label="Dismiss" size={16} />
          </button>
        </div>
      ));
  return (
    <div className="toast-stack">
      <div role="status" aria-live="polite">
        {list('success')}
      </div>
      <div role="alert">{list('error')}</div>
    </div>
  );
}
