import { useEffect, useState } from 'react';
import { Form, useForm } from '../../../components/Form';
import type { ContactMessage } from '../api';
import { LoadFailed } from '../LoadFailed';
import { Timestamp } from '../Timestamp';
import { notify } from '../toasts';
import { useLoad } from '../useLoad';
import { fetchReplies, sendReply } from './api';
import { MailStatePill } from './MailStatePill';
import './ReplyThread.css';

const mailtoLink = (message: ContactMessage) => `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;

/** The answers to one contact message, oldest first, and a form to send another by e-mail. */
export function ReplyThread({ message }: { message: ContactMessage }) {
  const [replies, reload] = useLoad(() => fetchReplies(message.id));
  const form = useForm({ reply: '' });
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const waiting = replies.status === 'ready' && replies.data.some((reply) => reply.mail && (reply.mail.state === 'queued' || reply.mail.state === 'sending'));

  // A reply just queued is usually sent within moments: look again once to show it.
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(reload, 3000);
    return () => clearTimeout(timer);
  }, [waiting, reload]);

  async function send({ reply: text }: { reply: string }) {
    if (!text.trim()) return setError('Write the reply first');
    setSending(true);
    const outcome = await sendReply(message.id, text);
    setSending(false);
    if (!outcome.ok) return setError(outcome.message);
    setError('');
    form.reset();
    notify.success(outcome.data.message);
    reload();
  }

  const fieldId = `reply-${message.id}`;
  return (
    <div className="reply-area">
      {replies.status === 'failed' && <LoadFailed message={replies.message} onRetry={reload} />}
      {replies.status === 'ready' && replies.data.length > 0 && (
        <ol className="reply-thread" aria-label={`Replies to ${message.name}`}>
          {replies.data.map((reply) => (
            <li key={reply.id} className="reply-item">
              <p className="reply-meta">
                <strong>{reply.author}</strong> <Timestamp iso={reply.created_at} />
                {reply.mail && <MailStatePill state={reply.mail.state} />}
                {reply.mail?.state === 'failed' && <span>{reply.mail.last_error}</span>}
              </p>
              <p className="cell-long">{reply.body}</p>
            </li>
          ))}
        </ol>
      )}
      <Form form={form} className="reply-form form-grid" noValidate onSubmit={send} aria-describedby={`${fieldId}-error`}>
        <label htmlFor={fieldId}>
          Reply to {message.name} by e-mail{message.lang === 'hi' ? ' (they wrote from a Hindi page: the mail around your words is in Hindi)' : ''}
        </label>
        <textarea id={fieldId} rows={5} {...form.field('reply')} />
        <p id={`${fieldId}-error`} className="form-error" role="alert">
          {error}
        </p>
        <div className="row-actions">
          <button type="submit" className="btn btn-primary" disabled={sending}>
            {sending ? 'Sending...' : 'Send reply'}
          </button>
          <a className="btn btn-outline" href={mailtoLink(message)}>
            Write from your mail program
          </a>
        </div>
      </Form>
    </div>
  );
}
