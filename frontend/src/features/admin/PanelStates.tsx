import type { ReactNode } from 'react';
import { LoadFailed } from './LoadFailed';

type PanelLoad = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready' };

interface PanelStatesProps {
  state: PanelLoad;
  /** The sentence while the data is on its way. */
  loading: string;
  onRetry: () => void;
  /** Given once loaded and there is nothing to list: the sentence that says so. */
  empty?: ReactNode;
}

/** What a panel shows instead of its content: loading, a failure with a retry, or an empty list. */
export function PanelStates({ state, loading, onRetry, empty }: PanelStatesProps) {
  if (state.status === 'loading') return <p className="panel-state">{loading}</p>;
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={onRetry} />;
  if (!empty) return null;
  return (
    <p className="panel-state" role="status">
      {empty}
    </p>
  );
}
