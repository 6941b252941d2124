import { useState } from 'react';
import { SubmitActions } from '../FormActions';
import type { components } from '@ngo-site/shared/contract';
import { api } from '../../../api/client';
import { Field } from '../../../components/Field';
import { Form, useForm } from '../../../components/Form';
import { attempt, sentence } from '../api';
import { notifyOutcome } from '../toasts';

type Role = components['schemas']['Role'];
export interface Invitation {
  name: string;
  email: string;
  role: Role;
}

/** Invites someone (again): the server mails them a link to choose their own password. */
export async function sendInvitation(invitation: Invitation): Promise<boolean> {
  const outcome = await attempt(async () => sentence(await api.POST('/api/invite_user.php', { body: invitation }), 'Could not send the invitation'));
  return notifyOutcome(outcome);
}

/** Adding an account: the person is invited by e-mail and chooses their own password (nobody types it for them). */
export function InviteUserForm({ onInvited }: { onInvited: () => void }) {
  const form = useForm({ name: '', email: '', role: 'editor' });
  const [sending, setSending] = useState(false);
  const invite = async ({ name, email, role }: { name: string; email: string; role: string }) => {
    setSending(true);
    const sent = await sendInvitation({ name, email, role: role === 'admin' ? 'admin' : 'editor' });
    setSending(false);
    if (!sent) return;
    form.reset();
    onInvited();
  };
  return (
    <section className="admin-panel" aria-labelledby="invite-user-title">
      <h2 id="invite-user-title" className="panel-title">
        Invite someone
      </h2>
      <p className="panel-note">They get an e-mail with a link to choose their own password, valid for 7 days.</p>
      <Form form={form} className="form-grid" noValidate onSubmit={invite}>
        <Field id="invite-name" label="Name" required>
          <input id="invite-name" required {...form.field('name')} />
        </Field>
        <Field id="invite-email" label="E-mail" required>
          <input id="invite-email" type="email" required {...form.field('email')} />
        </Field>
        <Field id="invite-role" label="Role" required>
          <select id="invite-role" {...form.field('role')}>
            <option value="editor">Editor (blogs and gallery)</option>
            <option value="admin">Admin (everything)</option>
          </select>
        </Field>
        <SubmitActions label="Send invitation" busy={sending} busyLabel="Sending..." />
      </Form>
    </section>
  );
}
