import { useEffect, useState } from 'react';
import { deleteMessage, fetchMessages, markMessage, type ContactMessage } from '../api';
import { AdminIcon } from '../AdminIcon';
import { ConfirmDialog } from '../ConfirmDialog';
import { LoadFailed } from '../LoadFailed';
import { adminMessages } from '../messages';
import { notify } from '../toasts';
import { useFocusAfterDelete } from '../useFocusAfterDelete';
import { useLoad } from '../useLoad';
import { useUnreadMessages } from './unread';
import { Timestamp } from '../Timestamp';

const replyLink = (message: ContactMessage) => `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;

/** Messages from the contact form, newest first: open one, mark it read or unread, reply, delete. */
export function MessagesSection() {
  const [messages, reload] = useLoad(fetchMessages);
  const [openId, setOpenId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ContactMessage | null>(null);
  const [headingRef, focusHeadingAfterDelete] = useFocusAfterDelete<HTMLHeadingElement>();
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

  async function confirmDelete(message: ContactMessage) {
    const outcome = await deleteMessage(message.id);
    if (!outcome.ok) {
      notify.error(outcome.message);
      return;
    }
    notify.success(outcome.data);
    setDeleting(null);
    focusHeadingAfterDelete();
    reload();
  }

  return (
    <section className="admin-panel" aria-labelledby="messages-title">
      <div className="panel-head">
        <h2 ref={headingRef} id="messages-title" className="panel-title" tabIndex={-1}>
          Messages{messages.status === 'ready' && <span className="panel-count">{messages.data.messages.length}</span>}
        </h2>
        {messages.status === 'ready' && <p>{messages.data.unread} unread</p>}
      </div>

      {messages.status === 'loading' && <p className="panel-state">{adminMessages.messagesLoading}</p>}
      {messages.status === 'failed' && <LoadFailed message={messages.message} onRetry={reload} />}
      {messages.status === 'ready' && messages.data.messages.length === 0 && <p className="panel-state">{adminMessages.messagesEmpty}</p>}
      {messages.status === 'ready' && messages.data.messages.length > 0 && (
        <ul className="message-list">
          {messages.data.messages.map((message) => (
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
                    <a className="btn btn-primary" href={replyLink(message)}>
                      Reply
                    </a>
                    <button type="button" className="btn btn-outline" onClick={() => void mark(message, !message.read)}>
                      {message.read ? 'Mark as unread' : 'Mark as read'}
                    </button>
                    <button type="button" className="btn btn-outline" onClick={() => setDeleting(message)}>
                      <AdminIcon name="trash" />
                      Delete
                    </button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {deleting && (
        <ConfirmDialog
          question="Delete this message?"
          subject={`${deleting.subject} from ${deleting.name}`}
          confirmLabel="Delete"
          onConfirm={() => confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
