import { useState } from 'react';
import { FilterButtons } from '../../../components/FilterButtons';
import { useSearchText } from '../../listing/useSearchText';
import { adminPageSize } from '../api';
import { AdminIcon } from '../AdminIcon';
import { AdminPanel } from '../AdminPanel';
import { AdminTable } from '../AdminTable';
import { ConfirmDialog } from '../ConfirmDialog';
import { downloadBlob } from '../download';
import { SearchBox } from '../ListControls';
import { PanelStates } from '../PanelStates';
import { Timestamp } from '../Timestamp';
import { notify, notifyOutcome } from '../toasts';
import { useLoad } from '../useLoad';
import { eraseSubscriber, exportSubscribers, fetchSubscribers, updateSubscriber, type Subscriber, type SubscriberState } from './api';
import { AddSubscriberForm, ImportSubscribersForm } from './SubscriberForms';

const stateLabels: Record<SubscriberState, string> = { pending: 'Pending', subscribed: 'Subscribed', unsubscribed: 'Unsubscribed', bounced: 'Bounced' };
const sourceLabels: Record<Subscriber['consents'][number]['source'], string> = {
  form: 'Subscribe box',
  confirmation: 'Confirmed by mail',
  admin: 'Added by hand',
  import: 'Imported',
  'volunteer-form': 'Volunteer form',
  'donation-form': 'Donation form',
};

/** Each consent in a line: where and when it was given, the notice's version and the admin's reason. */
function Consents({ subscriber }: { subscriber: Subscriber }) {
  return (
    <ul className="consent-list">
      {subscriber.consents.map((consent, index) => (
        <li key={index}>
          {sourceLabels[consent.source]}
          {consent.page && ` on ${consent.page}`}
          {consent.notice_version && ` (notice v${consent.notice_version})`}
          {consent.detail && `: ${consent.detail}`} <Timestamp iso={consent.at} />
        </li>
      ))}
    </ul>
  );
}

/** The newsletter's subscribers: a page at a time, by state and searched, with their consent; added, imported, downloaded, erased. */
export function SubscribersPanel({ onChanged }: { onChanged: () => void }) {
  const [state, setState] = useState<SubscriberState | undefined>();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const text = useSearchText('', (value) => {
    setQ(value);
    setPage(1);
  });
  const [list, reload] = useLoad(() => fetchSubscribers({ page, q, state }), `${page}|${q}|${state ?? ''}`);
  const [erasing, setErasing] = useState<Subscriber | null>(null);
  const rows = list.status === 'ready' ? list.data.items : [];
  const total = list.status === 'ready' ? list.data.total : 0;
  const counts = list.status === 'ready' ? list.data.counts : undefined;
  const changed = () => {
    reload();
    onChanged();
  };

  async function change(subscriber: Subscriber, to: 'subscribed' | 'unsubscribed') {
    if (notifyOutcome(await updateSubscriber(subscriber.email, { state: to }))) changed();
  }

  async function download() {
    const outcome = await exportSubscribers();
    if (outcome.ok) downloadBlob(outcome.data.file, outcome.data.name);
    else notify.error(outcome.message);
  }

  const filters = [
    { id: 'all', label: `All${counts ? ` (${Object.values(counts).reduce((sum, count) => sum + count, 0)})` : ''}` },
    ...(Object.keys(stateLabels) as SubscriberState[]).map((id) => ({ id, label: `${stateLabels[id]}${counts ? ` (${counts[id]})` : ''}` })),
  ];

  return (
    <>
      <AdminPanel
        id="subscribers"
        title="Subscribers"
        count={list.status === 'ready' ? total : undefined}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => void download()}>
            <AdminIcon name="download" />
            Download CSV
          </button>
        }
      >
        <div className="subscriber-filters">
          <FilterButtons
            label="Show subscribers by state"
            options={filters}
            selected={state ?? 'all'}
            onSelect={(id) => {
              setState(id === 'all' ? undefined : (id as SubscriberState));
              setPage(1);
            }}
          />
          <SearchBox label="Search subscribers" placeholder="E-mail address or name" text={text} />
        </div>
        <PanelStates
          state={list}
          loading="Loading the subscribers..."
          onRetry={reload}
          empty={list.status === 'ready' && rows.length === 0 && (q ? `No subscriber matches “${q}”.` : 'No subscribers here yet.')}
        />
        {rows.length > 0 && (
          <AdminTable className="subscriber-table" columns={['Address', 'Language', 'State', 'Consent', 'Actions']}>
            {rows.map((subscriber) => (
              <tr key={subscriber.email}>
                <th scope="row" data-label="Address">
                  {subscriber.email}
                  {subscriber.name && <span className="cell-note">{subscriber.name}</span>}
                </th>
                <td data-label="Language">{subscriber.language === 'hi' ? 'Hindi' : 'English'}</td>
                <td data-label="State">
                  {stateLabels[subscriber.state]}
                  {subscriber.bounce && <span className="cell-note">{subscriber.bounce}</span>}
                </td>
                <td data-label="Consent">
                  <Consents subscriber={subscriber} />
                </td>
                <td data-label="Actions">
                  {subscriber.state === 'bounced' && (
                    <button type="button" className="btn btn-outline" onClick={() => void change(subscriber, 'subscribed')}>
                      Clear the bounce
                    </button>
                  )}
                  {(subscriber.state === 'subscribed' || subscriber.state === 'pending') && (
                    <button type="button" className="btn btn-outline" onClick={() => void change(subscriber, 'unsubscribed')}>
                      Unsubscribe
                    </button>
                  )}
                  <button type="button" className="btn btn-outline" aria-label={`Erase ${subscriber.email}`} onClick={() => setErasing(subscriber)}>
                    <AdminIcon name="trash" />
                    Erase
                  </button>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
        {total > adminPageSize && (
          <div className="subscriber-pages">
            <button type="button" className="btn btn-outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </button>
            <span>
              Page {page} of {Math.ceil(total / adminPageSize)}
            </span>
            <button type="button" className="btn btn-outline" disabled={page * adminPageSize >= total} onClick={() => setPage(page + 1)}>
              Next
            </button>
          </div>
        )}
        {erasing && (
          <ConfirmDialog
            question="Erase this address from the newsletter?"
            subject={erasing.email}
            note="Its subscription, its consent records and the mails sent to it go. This cannot be undone."
            confirmLabel="Erase"
            busyLabel="Erasing..."
            onConfirm={async () => {
              if (notifyOutcome(await eraseSubscriber(erasing.email))) {
                setErasing(null);
                changed();
              }
            }}
            onCancel={() => setErasing(null)}
          />
        )}
      </AdminPanel>
      <AddSubscriberForm onAdded={changed} />
      <ImportSubscribersForm onImported={changed} />
    </>
  );
}
