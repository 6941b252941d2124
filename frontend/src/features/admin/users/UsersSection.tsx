import { useState } from 'react';
import { SubmitActions } from '../FormActions';
import { api } from '../../../api/client';
import { failureMessage } from '../../../api/failure';
import type { components } from '@ngo-site/shared/contract';
import { PasswordField } from '../../../components/Field';
import { Form, useForm } from '../../../components/Form';
import { useSession } from '../../../stores/session';
import { attempt, sentence } from '../api';
import { notify, notifyOutcome } from '../toasts';
import { useLoad } from '../useLoad';
import { PanelStates } from '../PanelStates';
import { InviteUserForm, sendInvitation } from './InviteUserForm';
import { AdminTable } from '../AdminTable';
import { AdminPanel } from '../AdminPanel';

type User = components['schemas']['User'];
type Role = components['schemas']['Role'];

const fetchUsers = () =>
  attempt<User[]>(async () => {
    const { data, error } = await api.GET('/api/get_users.php');
    return data?.success ? { ok: true, data: data.data } : { ok: false, message: failureMessage(error) || 'Could not load the accounts' };
  });

/** Sends one account change and says how it went; true when it was saved. */
async function send(call: () => Promise<{ data?: { success: boolean; message: string }; error?: unknown }>): Promise<boolean> {
  const outcome = await attempt(async () => sentence(await call(), 'Could not save the account'));
  return notifyOutcome(outcome);
}

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
const formatDate = (iso: string | null) => (iso ? dateFormat.format(Date.parse(iso)) : 'Never');

/** Users and roles: the accounts, adding one, changing a role, resetting a password, removing one. */
export function UsersSection() {
  const [users, reload] = useLoad(fetchUsers);
  const me = useSession((state) => state.token);
  const myId = me ? tokenSubject(me) : null;

  return (
    <>
      <AdminPanel id="users" title="Accounts" count={users.status === 'ready' ? users.data.length : undefined}>
        <p className="panel-note">Admins can do everything. Editors manage the blog and the gallery only.</p>
        <PanelStates state={users} loading="Loading accounts..." onRetry={reload} />
        {users.status === 'ready' && (
          <AdminTable columns={['Name', 'E-mail', 'Role', 'Created', 'Last login', 'Actions']}>
            {users.data.map((user) => (
              <UserRow key={user.id} user={user} isMe={user.id === myId} onChanged={reload} />
            ))}
          </AdminTable>
        )}
      </AdminPanel>
      <InviteUserForm onInvited={reload} />
      <ChangePasswordForm />
    </>
  );
}

function UserRow({ user, isMe, onChanged }: { user: User; isMe: boolean; onChanged: () => void }) {
  const [resetting, setResetting] = useState(false);
  const resetForm = useForm({ password: '' });
  const changeRole = async (role: Role) => {
    if (await send(() => api.POST('/api/update_user.php', { body: { id: user.id, role } }))) onChanged();
  };
  const remove = async () => {
    if (!window.confirm(`Remove the account of ${user.name} (${user.email})? Their sessions end at once.`)) return;
    if (await send(() => api.POST('/api/delete_user.php', { body: { id: user.id } }))) onChanged();
  };
  const reset = async ({ password }: { password: string }) => {
    if (await send(() => api.POST('/api/update_user.php', { body: { id: user.id, password } }))) setResetting(false);
  };
  return (
    <tr>
      <td>
        {user.name}
        {isMe && ' (you)'}
        {user.invited && <span className="cell-note">Invited, has not chosen a password yet</span>}
      </td>
      <td>{user.email}</td>
      <td>
        <label className="visually-hidden" htmlFor={`role-${user.id}`}>
          Role of {user.name}
        </label>
        <select id={`role-${user.id}`} value={user.role} disabled={isMe} onChange={(event) => void changeRole(event.target.value as Role)}>
          <option value="admin">Admin</option>
          <option value="editor">Editor</option>
        </select>
      </td>
      <td>{formatDate(user.created_at)}</td>
      <td>{formatDate(user.last_login_at)}</td>
      <td>
        {resetting ? (
          <Form form={resetForm} onSubmit={reset} className="inline-form">
            <label className="visually-hidden" htmlFor={`reset-${user.id}`}>
              New password for {user.name}
            </label>
            <input id={`reset-${user.id}`} type="password" autoComplete="new-password" minLength={12} {...resetForm.field('password')} />
            <button type="submit" className="btn btn-primary btn-small">
              Set password
            </button>
            <button type="button" className="btn btn-outline btn-small" onClick={() => setResetting(false)}>
              Cancel
            </button>
          </Form>
        ) : (
          <button type="button" className="btn btn-outline btn-small" onClick={() => setResetting(true)}>
            Reset password<span className="visually-hidden"> of {user.name}</span>
          </button>
        )}{' '}
        {user.invited && (
          <button
            type="button"
            className="btn btn-outline btn-small"
            onClick={() => void sendInvitation({ name: user.name, email: user.email, role: user.role })}
          >
            Invite again<span className="visually-hidden"> {user.name}</span>
          </button>
        )}{' '}
        {!isMe && (
          <button type="button" className="btn btn-outline btn-small" onClick={() => void remove()}>
            Remove<span className="visually-hidden"> {user.name}</span>
          </button>
        )}
      </td>
    </tr>
  );
}

/** The signed-in person's own password (editors reach it from the dashboard too). */
export function ChangePasswordForm() {
  const form = useForm({ current_password: '', new_password: '' });
  const change = async (body: { current_password: string; new_password: string }) => {
    const outcome = await attempt<{ token: string; message: string }>(async () => {
      const { data, error } = await api.POST('/api/change_password.php', { body });
      return data?.success ? { ok: true, data } : { ok: false, message: failureMessage(error) || 'Could not change the password' };
    });
    if (!outcome.ok) return notify.error(outcome.message);
    useSession.getState().renew(outcome.data.token);
    form.reset();
    notify.success(outcome.data.message);
  };
  return (
    <section className="admin-panel" aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="panel-title">
        Change your password
      </h2>
      <Form form={form} className="form-grid" noValidate onSubmit={change}>
        <PasswordField id="current-password" label="Current password" markRequired autoComplete="current-password" {...form.field('current_password')} />
        <PasswordField
          id="new-password"
          label="New password (at least 12 characters, not your e-mail)"
          markRequired
          autoComplete="new-password"
          minLength={12}
          {...form.field('new_password')}
        />
        <SubmitActions label="Change password" />
      </Form>
    </section>
  );
}

function tokenSubject(token: string): string | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}
