import { useState, type FormEvent } from 'react';
import { api } from '../../../api/client';
import { failureMessage } from '../../../api/failure';
import type { components } from '@ngo-site/contract';
import { Field } from '../../../components/Field';
import { useSession } from '../../../stores/session';
import { attempt } from '../api';
import { notify } from '../toasts';
import { useLoad } from '../useLoad';
import { LoadFailed } from '../LoadFailed';

type User = components['schemas']['User'];
type Role = components['schemas']['Role'];

const fetchUsers = () =>
  attempt<User[]>(async () => {
    const { data, error } = await api.GET('/api/get_users.php');
    return data?.success ? { ok: true, data: data.data } : { ok: false, message: failureMessage(error) || 'Could not load the accounts' };
  });

/** Sends one account change and says how it went; true when it was saved. */
async function send(call: () => Promise<{ data?: { success: boolean; message: string }; error?: unknown }>): Promise<boolean> {
  const outcome = await attempt<string>(async () => {
    const { data, error } = await call();
    return data?.success ? { ok: true, data: data.message } : { ok: false, message: failureMessage(error) || 'Could not save the account' };
  });
  if (outcome.ok) notify.success(outcome.data);
  else notify.error(outcome.message);
  return outcome.ok;
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
      <section className="admin-panel" aria-labelledby="users-title">
        <div className="panel-head">
          <h2 id="users-title" className="panel-title">
            Accounts{users.status === 'ready' && <span className="panel-count">{users.data.length}</span>}
          </h2>
        </div>
        <p className="panel-note">Admins can do everything. Editors manage the blog and the gallery only.</p>
        {users.status === 'loading' && <p className="panel-state">Loading accounts...</p>}
        {users.status === 'failed' && <LoadFailed message={users.message} onRetry={reload} />}
        {users.status === 'ready' && (
          <div className="table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Role</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last login</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {users.data.map((user) => (
                  <UserRow key={user.id} user={user} isMe={user.id === myId} onChanged={reload} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <AddUserForm onAdded={reload} />
      <ChangePasswordForm />
    </>
  );
}

function UserRow({ user, isMe, onChanged }: { user: User; isMe: boolean; onChanged: () => void }) {
  const [resetting, setResetting] = useState(false);
  const [password, setPassword] = useState('');
  const changeRole = async (role: Role) => {
    if (await send(() => api.POST('/api/update_user.php', { body: { id: user.id, role } }))) onChanged();
  };
  const remove = async () => {
    if (!window.confirm(`Remove the account of ${user.name} (${user.email})? Their sessions end at once.`)) return;
    if (await send(() => api.POST('/api/delete_user.php', { body: { id: user.id } }))) onChanged();
  };
  const reset = async (event: FormEvent) => {
    event.preventDefault();
    if (await send(() => api.POST('/api/update_user.php', { body: { id: user.id, password } }))) {
      setResetting(false);
      setPassword('');
    }
  };
  return (
    <tr>
      <td>
        {user.name}
        {isMe && ' (you)'}
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
          <form onSubmit={reset} className="inline-form">
            <label className="visually-hidden" htmlFor={`reset-${user.id}`}>
              New password for {user.name}
            </label>
            <input
              id={`reset-${user.id}`}
              type="password"
              autoComplete="new-password"
              minLength={12}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <button type="submit" className="btn btn-primary btn-small">
              Set password
            </button>
            <button type="button" className="btn btn-outline btn-small" onClick={() => setResetting(false)}>
              Cancel
            </button>
          </form>
        ) : (
          <button type="button" className="btn btn-outline btn-small" onClick={() => setResetting(true)}>
            Reset password<span className="visually-hidden"> of {user.name}</span>
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

function AddUserForm({ onAdded }: { onAdded: () => void }) {
  const empty = { name: '', email: '', role: 'editor' as Role, password: '' };
  const [values, setValues] = useState(empty);
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (await send(() => api.POST('/api/add_user.php', { body: values }))) {
      setValues(empty);
      onAdded();
    }
  };
  return (
    <section className="admin-panel" aria-labelledby="add-user-title">
      <h2 id="add-user-title" className="panel-title">
        Add an account
      </h2>
      <form className="form-grid" noValidate onSubmit={add}>
        <Field id="new-user-name" label="Name" required>
          <input id="new-user-name" required value={values.name} onChange={(event) => setValues({ ...values, name: event.target.value })} />
        </Field>
        <Field id="new-user-email" label="E-mail" required>
          <input id="new-user-email" type="email" required value={values.email} onChange={(event) => setValues({ ...values, email: event.target.value })} />
        </Field>
        <Field id="new-user-role" label="Role" required>
          <select id="new-user-role" value={values.role} onChange={(event) => setValues({ ...values, role: event.target.value as Role })}>
            <option value="editor">Editor (blogs and gallery)</option>
            <option value="admin">Admin (everything)</option>
          </select>
        </Field>
        <Field id="new-user-password" label="First password (at least 12 characters)" required>
          <input
            id="new-user-password"
            type="password"
            autoComplete="new-password"
            required
            minLength={12}
            value={values.password}
            onChange={(event) => setValues({ ...values, password: event.target.value })}
          />
        </Field>
        <div className="form-actions span-all">
          <button type="submit" className="btn btn-primary">
            Add account
          </button>
        </div>
      </form>
    </section>
  );
}

/** The signed-in person's own password (editors reach it from the dashboard too). */
export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const change = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await attempt<{ token: string; message: string }>(async () => {
      const { data, error } = await api.POST('/api/change_password.php', { body: { current_password: current, new_password: next } });
      return data?.success ? { ok: true, data } : { ok: false, message: failureMessage(error) || 'Could not change the password' };
    });
    if (!outcome.ok) return notify.error(outcome.message);
    useSession.getState().renew(outcome.data.token);
    setCurrent('');
    setNext('');
    notify.success(outcome.data.message);
  };
  return (
    <section className="admin-panel" aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="panel-title">
        Change your password
      </h2>
      <form className="form-grid" noValidate onSubmit={change}>
        <Field id="current-password" label="Current password" required>
          <input
            id="current-password"
            type="password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
        </Field>
        <Field id="new-password" label="New password (at least 12 characters, not your e-mail)" required>
          <input
            id="new-password"
            type="password"
            autoComplete="new-password"
            required
            minLength={12}
            value={next}
            onChange={(event) => setNext(event.target.value)}
          />
        </Field>
        <div className="form-actions span-all">
          <button type="submit" className="btn btn-primary">
            Change password
          </button>
        </div>
      </form>
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
