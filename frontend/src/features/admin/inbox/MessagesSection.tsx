import { useEffect, useState } from 'react';
import { deleteMessage, fetchMessages, markMessage, type ContactMessage } from '../api';
import { AdminIcon } from '../AdminIcon';
import { ConfirmDialog } from '../ConfirmDialog';
import { PanelStates } from '../PanelStates';
import { adminMessages } from '../messages';
import { notify } from '../toasts';
import { useListDelete } from '../useListDelete';
import { ListPages, ListSearchBox, useAdminList } from '../ListControls';
import { useUnreadMessages } from './unread';
import { Timestamp } from '../Timestamp';
import { ReplyThread } from '../mail/ReplyThread';
import './MessagesSection.css';
import { AdminPanel } from '../AdminPanel';

/** Messages from the contact form, newest first, a page at a time: open one, mark it read or unread, reply, delete. */
export function MessagesSection() {
  const [messages, reload, search] = useAdminList(fetchMessages);
  const [openId, setOpenId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ContactMessage | null>(null);
  const [headingRef, confirmDelete] = useListDelete(() => setDeleting(null), reload);
  const setUnread = useUnreadMessages((state) => state.set);

  useEffect(() => {
    if (messages.status === 'ready') setUnread(messages.data.unread);
  }, [messages, setUnread]);

  async function mark(message: ContactMessage, read: boolean) {
    const outcome = await markMessage(message.id, read);
    if (!outcome.ok) notify.error(outcome.message);
    reload();
  }

  async function open(message: ContactMessage) {
    const opening = openId !== message.id;
    setOpenId(opening ? message.id : null);
    if (opening && !message.read) await mark(message, true);
  }

  return (
    <AdminPanel
      id="messages"
      title="Messages"
      count={messages.status === 'ready' ? messages.data.total : undefined}
      headingRef={headingRef}
      actions={messages.status === 'ready' && <p>{messages.data.unread} unread</p>}
    >
      <ListSearchBox label="Search messages" placeholder="Name, e-mail, subject or text" />

      <PanelStates
        state={messages}
        loading={adminMessages.messagesLoading}
        onRetry={reload}
        empty={
          messages.status === 'ready' && messages.data.items.length === 0 && (search.q ? `No message matches “${search.q}”.` : adminMessages.messagesEmpty)
        }
      />
      {messages.status === 'ready' && messages.data.items.length > 0 && (
        <ul className="message-list">
          {messages.data.items.map((message) => (
            <li key={message.id} className={message.read ? 'message-item' : 'message-item unread'}>
              <div className="message-summary">
                <button
                  type="button"
                  className="btn btn-outline"
                  aria-expanded={openId === message.id}
                  aria-controls={`message-${message.id}`}
                  onClick={() => void open(message)}
                >
                  <AdminIcon name="view" />
                  <span>
                    {message.read ? '' : 'Unread: '}
                    {message.subject} from {message.name}
                  </span>
                </button>
                <Timestamp iso={message.created_at} />
              </div>
              {openId === message.id && (
                <div id={`message-${message.id}`} className="message-body">
                  <p>
                    <a href={`mailto:${message.email}`}>{message.email}</a>
                  </p>
                  <p className="cell-long">{message.message}</p>
                  <div className="row-actions">
                    <button type="button" className="btn btn-outline" onClick={() => void mark(message, !message.read)}>
                      {message.read ? 'Mark as unread' : 'Mark as read'}
                    </button>
                    <button type="button" className="btn btn-outline" onClick={() => setDeleting(message)}>
                      <AdminIcon name="trash" />
                      Delete
                    </button>
                  </div>
                  <ReplyThread message={message} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {messages.status === 'ready' && <ListPages total={messages.data.total} label="Pages of messages" />}
      {deleting && (
        <ConfirmDialog
          question="Delete this message?"
          subject={`${deleting.subject} from ${deleting.name}`}
          confirmLabel="Delete"
          onConfirm={() => confirmDelete(deleteMessage(deleting.id))}
          onCancel={() => setDeleting(null)}
        />
      )}
    </AdminPanel>
  );
}
