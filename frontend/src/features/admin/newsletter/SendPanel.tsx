import { useState } from 'react';
import { Field } from '../../../components/Field';
import { Form, useForm } from '../../../components/Form';
import { fetchAdminBlogs } from '../api';
import { AdminPanel } from '../AdminPanel';
import { ConfirmDialog } from '../ConfirmDialog';
import { PanelStates } from '../PanelStates';
import { notify } from '../toasts';
import { useLoad } from '../useLoad';
import { saveRate, sendNewsletter } from './api';

type Fields = { post: string; test_to: string };

/**
 * Sending a published post to the confirmed subscribers, each in their language, or a test copy
 * to one address first. A post sent before asks before it goes once more.
 */
export function SendPanel({ subscribers, onSent }: { subscribers: number; onSent: () => void }) {
  const [posts, reloadPosts] = useLoad(() => fetchAdminBlogs({ status: 'published' }));
  const form = useForm<Fields>({ post: '', test_to: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [again, setAgain] = useState<{ post: string; message: string } | null>(null);
  const choices = posts.status === 'ready' ? posts.data.items : [];
  const title = (id: string) => choices.find((post) => post.id === id)?.title ?? '';

  async function send(post: string, options: { testTo?: string; again?: boolean }) {
    setBusy(true);
    setError('');
    const outcome = await sendNewsletter(post, options);
    setBusy(false);
    if (outcome.ok) {
      notify.success(outcome.data);
      if (!options.testTo) onSent();
      return;
    }
    if (outcome.status === 409 && /was sent to the subscribers on/.test(outcome.message)) setAgain({ post, message: outcome.message });
    else setError(outcome.message);
  }

  return (
    <AdminPanel id="newsletter-send" title="Send a post as a newsletter">
      <PanelStates state={posts} loading="Loading the published posts..." onRetry={reloadPosts} />
      {posts.status === 'ready' && (
        <Form
          form={form}
          className="form-grid two-columns newsletter-send"
          noValidate
          onSubmit={(fields, event) => {
            const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
            if (!fields.post) return setError('Choose the post to send');
            if (submitter?.value === 'test') {
              if (!fields.test_to.trim()) return setError('Enter the address for the test copy');
              return send(fields.post, { testTo: fields.test_to.trim() });
            }
            return send(fields.post, {});
          }}
        >
          <Field id="newsletter-post" label="Post">
            <select id="newsletter-post" className="input" {...form.field('post')}>
              <option value="">Choose a published post</option>
              {choices.map((post) => (
                <option key={post.id} value={post.id}>
                  {post.title}
                </option>
              ))}
            </select>
          </Field>
          <Field id="newsletter-test-to" label="Test copy to">
            <input id="newsletter-test-to" className="input" type="email" placeholder="your own address" {...form.field('test_to')} />
          </Field>
          <div className="form-actions span-all">
            <button type="submit" name="action" value="test" className="btn btn-outline" disabled={busy}>
              Send a test copy
            </button>
            <button type="submit" name="action" value="send" className="btn btn-primary" disabled={busy || subscribers === 0} aria-busy={busy}>
              {subscribers === 0 ? 'No confirmed subscribers yet' : `Send to ${subscribers} subscriber${subscribers === 1 ? '' : 's'}`}
            </button>
          </div>
          <p className="form-error span-all" role="alert">
            {error}
          </p>
        </Form>
      )}
      {again && (
        <ConfirmDialog
          question="Send this post again?"
          subject={title(again.post)}
          note={again.message}
          confirmLabel="Send again"
          busyLabel="Sending..."
          onConfirm={async () => {
            await send(again.post, { again: true });
            setAgain(null);
          }}
          onCancel={() => setAgain(null)}
        />
      )}
    </AdminPanel>
  );
}

/** Mails per minute over every instance: the admin sets it below the mail provider's limit. */
export function RateForm({ perMinute, onSaved }: { perMinute: number; onSaved: () => void }) {
  const form = useForm({ per_minute: String(perMinute) });
  const [error, setError] = useState('');
  return (
    <Form
      form={form}
      className="form-grid newsletter-rate"
      noValidate
      onSubmit={async ({ per_minute }) => {
        const value = Number(per_minute);
        if (!Number.isInteger(value) || value < 0 || value > 100000) return setError('Enter a whole number from 0 to 100000');
        setError('');
        const outcome = await saveRate(value);
        if (outcome.ok) {
          notify.success(outcome.data);
          onSaved();
        } else setError(outcome.message);
      }}
    >
      <Field id="newsletter-rate" label="Mails per minute (0: as fast as the mail server takes them)">
        <input id="newsletter-rate" className="input" type="number" min={0} max={100000} inputMode="numeric" {...form.field('per_minute')} />
      </Field>
      <div className="form-actions">
        <button type="submit" className="btn btn-outline">
          Save the rate
        </button>
      </div>
      <p className="form-error span-all" role="alert">
        {error}
      </p>
    </Form>
  );
}
