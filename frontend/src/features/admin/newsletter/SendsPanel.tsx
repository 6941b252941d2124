import { useEffect } from 'react';
import { AdminPanel } from '../AdminPanel';
import { AdminTable } from '../AdminTable';
import { PanelStates } from '../PanelStates';
import { Timestamp } from '../Timestamp';
import type { LoadState } from '../useLoad';
import type { Newsletters, NewsletterSend } from './api';

/** How often the list is read again while a send is under way. */
const followMs = 3000;

const stateLabels: Record<NewsletterSend['state'], string> = { preparing: 'Preparing', sending: 'Sending', done: 'Done' };

/** A send's progress: what went out of how many, as a bar and in words. */
function Progress({ send }: { send: NewsletterSend }) {
  const { total, sent, queued, failed, bounced } = send.counts;
  const finished = sent + failed + bounced;
  return (
    <>
      <progress className="send-progress" max={Math.max(total, 1)} value={finished} aria-label={`${finished} of ${total} mails have an outcome`} />
      <span className="cell-note">
        {sent} sent, {queued} queued, {failed} failed, {bounced} bounced
      </span>
    </>
  );
}

/** Every send of a post, newest first; read again every few seconds while one is under way. */
export function SendsPanel({ newsletters, reload }: { newsletters: LoadState<Newsletters>; reload: () => void }) {
  const sends = newsletters.status === 'ready' ? newsletters.data.sends : [];
  const underWay = sends.some((send) => send.state !== 'done');
  useEffect(() => {
    if (!underWay) return;
    const timer = setInterval(reload, followMs);
    return () => clearInterval(timer);
  }, [underWay, reload]);

  return (
    <AdminPanel id="newsletter-sends" title="Sent newsletters" count={newsletters.status === 'ready' ? sends.length : undefined}>
      <PanelStates
        state={newsletters}
        loading="Loading the newsletters..."
        onRetry={reload}
        empty={newsletters.status === 'ready' && sends.length === 0 && 'No post has been sent to the subscribers yet.'}
      />
      {sends.length > 0 && (
        <AdminTable className="sends-table" columns={['Post', 'Sent', 'State', 'Progress']}>
          {sends.map((send) => (
            <tr key={send.id}>
              <th scope="row" data-label="Post">
                {send.title}
                {send.again && <span className="cell-note">Sent again</span>}
              </th>
              <td data-label="Sent">
                <Timestamp iso={send.created_at} />
                <span className="cell-note">by {send.by}</span>
              </td>
              <td data-label="State">
                {stateLabels[send.state]}
                {send.finished_at && (
                  <span className="cell-note">
                    <Timestamp iso={send.finished_at} />
                  </span>
                )}
              </td>
              <td data-label="Progress">
                <Progress send={send} />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminPanel>
  );
}
