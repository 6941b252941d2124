import { stateLabels, type OutboxState } from './api';
import './MailStatePill.css';

/** A mail's state in the outbox (queued, sending, sent, failed) as a coloured pill. */
export function MailStatePill({ state }: { state: OutboxState }) {
  return <span className={`status-pill mail-pill-${state}`}>{stateLabels[state]}</span>;
}
