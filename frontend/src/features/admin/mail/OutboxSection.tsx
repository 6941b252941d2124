import { useCallback, useEffect, useState } from 'react';
import { PanelStates } from '../PanelStates';
import { Timestamp } from '../Timestamp';
import { notify } from '../toasts';
import { fetchMailStatus, fetchOutbox, resendMail, type OutboxMail, type OutboxState } from './api';
import { MailStatePill } from './MailStatePill';
import './mail.css';
import './OutboxSection.css';
import { AdminTable } from '../AdminTable';
import { AdminPanel } from '../AdminPanel';

const kindLabels: Record<OutboxMail['kind'], string> = {
  'contact-notice': 'New message notice',
  'volunteer-welcome': 'Volunteer welcome',
  'volunteer-notice': 'New volunteer notice',
  reply: 'Reply to a message',
  'password-reset': 'Password link',
  invitation: 'Invitation',
  test: 'Test e-mail',
  'donation-notice': 'New donation notice',
  'donation-receipt': 'Donation receipt',
  'newsletter-confirm': 'Newsletter confirmation',
  'newsletter-test': 'Newsletter test copy',
  'pledge-reminder': 'Monthly pledge reminder',
  'pledge-stopped': 'Pledge stopped',
  'pledge-statement': 'Statement of the year',
  'event-signup': 'Event sign-up',
  'event-promoted': 'Event place come free',
  'event-reminder': 'Event reminder',
  'event-cancelled': 'Event cancelled',
  'rsvp-cancelled': 'Event sign-up cancelled',
  'my-link': "Link to a supporter's page",
  'volunteer-certificate': 'Volunteer certificate',
  'guardian-consent': 'Guardian’s consent link',
  form10be: 'Form 10BE certificate',
  'deadline-reminder': 'Legal date reminder',
};

const filters: { state?: OutboxState; label: string }[] = [
  { label: 'All' },
  { state: 'queued', label: 'Waiting' },
  { state: 'failed', label: 'Failed' },
  { state: 'sent', label: 'Sent' },
];

type Loaded = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; mails: OutboxMail[]; delivering: boolean };

/** Outbox: every mail's state and the SMTP server's answer; a failed one can be sent again. */
export function OutboxSection() {
  const [state, setState] = useState<OutboxState | undefined>();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  const load = useCallback(async () => {
    const [mails, status] = await Promise.all([fetchOutbox(state ? { state } : {}), fetchMailStatus()]);
    if (!mails.ok) return setLoaded({ status: 'failed', message: mails.message });
    setLoaded({ status: 'ready', mails: mails.data, delivering: status.ok ? status.data.configured : true });
  }, [state]);

  useEffect(() => {
    void load();
  }, [load]);

  async function sendAgain(mail: OutboxMail) {
    const outcome = await resendMail(mail.id);
    if (outcome.ok) notify.success(`Queued to be sent again to ${mail.to.join(', ')}`);
    else notify.error(outcome.message);
    void load();
  }

  return (
    <AdminPanel
      id="outbox"
      title="Outbox"
      count={loaded.status === 'ready' ? loaded.mails.length : undefined}
      actions={
        <div className="filter-bar" role="group" aria-label="Show">
          {filters.map((filter) => (
            <button key={filter.label} type="button" className="filter-button" aria-pressed={state === filter.state} onClick={() => setState(filter.state)}>
              {filter.label}
            </button>
          ))}
          <button type="button" className="btn btn-outline btn-small" onClick={() => void load()}>
            Refresh
          </button>
        </div>
      }
    >
      {loaded.status === 'ready' && !loaded.delivering && (
        <p className="mail-state mail-state-off" role="status">
          Mail is not being delivered: no SMTP server is set up (SMTP_URL). These mails wait here until one is.
        </p>
      )}
      <PanelStates
        state={loaded}
        loading="Loading the outbox..."
        onRetry={() => void load()}
        empty={loaded.status === 'ready' && loaded.mails.length === 0 && 'No mail here.'}
      />
      {loaded.status === 'ready' && loaded.mails.length > 0 && (
        <AdminTable columns={['Queued', 'Mail', 'To', 'State', 'SMTP answer', 'Actions']}>
          {loaded.mails.map((mail) => (
            <tr key={mail.id}>
              <td>
                <Timestamp iso={mail.created_at} />
              </td>
              <td>
                {mail.subject}
                <span className="cell-note">{kindLabels[mail.kind]}</span>
              </td>
              <td>{mail.to.join(', ')}</td>
              <td>
                <MailStatePill state={mail.state} />
                <span className="cell-note">
                  {mail.attempts} attempt{mail.attempts === 1 ? '' : 's'}
                  {mail.sent_at && (
                    <>
                      , sent <Timestamp iso={mail.sent_at} />
                    </>
                  )}
                </span>
              </td>
              <td className="outbox-answer">{[mail.smtp_response, mail.state !== 'sent' ? mail.last_error : null].filter(Boolean).join(' — ') || '—'}</td>
              <td>
                {mail.resendable && (
                  <button type="button" className="btn btn-outline btn-small" onClick={() => void sendAgain(mail)}>
                    Send again<span className="visually-hidden"> to {mail.to.join(', ')}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminPanel>
  );
}
