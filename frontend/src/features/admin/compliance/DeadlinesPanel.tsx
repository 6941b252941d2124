import { useState } from 'react';
import { Form, useForm } from '../../../components/Form';
import { AdminPanel } from '../AdminPanel';
import { SubmitActions } from '../FormActions';
import { PanelStates } from '../PanelStates';
import { notify } from '../toasts';
import { useLoad } from '../useLoad';
import { addDeadline, deleteDeadline, fetchDeadlines, setDeadlineDone, type LegalDeadline } from './api';
import { indianDate, whenDue } from './dates';

const announce = (outcome: { ok: true; data: string } | { ok: false; message: string }) =>
  outcome.ok ? notify.success(outcome.data) : notify.error(outcome.message);

/**
 * The legal dates: Form 10BD and the 10BE certificates by 31 May, the FC accounts on the website by
 * 31 December, and the organisation's own. The admins are mailed 30 and 7 days before each.
 */
export function DeadlinesPanel() {
  const [loaded, reload] = useLoad(fetchDeadlines);
  const form = useForm({ title: '', due_on: '' });
  const [adding, setAdding] = useState(false);

  async function add({ title, due_on }: { title: string; due_on: string }) {
    setAdding(true);
    const outcome = await addDeadline(title.trim(), due_on);
    setAdding(false);
    announce(outcome);
    if (outcome.ok) {
      form.reset();
      reload();
    }
  }
  async function act(change: Promise<{ ok: true; data: string } | { ok: false; message: string }>) {
    announce(await change);
    reload();
  }

  const open = loaded.status === 'ready' ? loaded.data.deadlines.filter((deadline) => !deadline.done_on) : [];
  const done = loaded.status === 'ready' ? loaded.data.deadlines.filter((deadline) => deadline.done_on) : [];
  return (
    <AdminPanel id="deadlines" title="Legal dates" count={loaded.status === 'ready' ? open.length : undefined}>
      <p className="panel-note">The admins are mailed 30 and 7 days before each date, once. A date recorded as done reminds no more.</p>
      <PanelStates state={loaded} loading="Loading the legal dates..." onRetry={reload} />
      {loaded.status === 'ready' && (
        <ul className="deadline-list">
          {[...open, ...done].map((deadline) => (
            <DeadlineRow
              key={deadline.id}
              deadline={deadline}
              onDone={(value) => void act(setDeadlineDone(deadline.id, value))}
              onDelete={() => void act(deleteDeadline(deadline.id))}
            />
          ))}
        </ul>
      )}
      <Form form={form} className="form-grid two-columns deadline-form" onSubmit={add} aria-label="Add a date">
        <label htmlFor="deadline-title">
          What is due
          <input id="deadline-title" className="input" required maxLength={200} {...form.field('title')} />
        </label>
        <label htmlFor="deadline-due">
          By
          <input id="deadline-due" className="input" type="date" required {...form.field('due_on')} />
        </label>
        <SubmitActions label="Add the date" busy={adding} busyLabel="Adding..." outline />
      </Form>
    </AdminPanel>
  );
}

function DeadlineRow({ deadline, onDone, onDelete }: { deadline: LegalDeadline; onDone: (done: boolean) => void; onDelete: () => void }) {
  const overdue = !deadline.done_on && deadline.days_left < 0;
  const near = !deadline.done_on && deadline.days_left >= 0 && deadline.days_left <= 30;
  return (
    <li className={`deadline${overdue ? ' is-overdue' : near ? ' is-near' : ''}${deadline.done_on ? ' is-done' : ''}`}>
      <div>
        <p className="deadline-title">{deadline.title}</p>
        <p className="cell-note">
          {deadline.done_on
            ? `Done on ${indianDate(deadline.done_on)} (due ${indianDate(deadline.due_on)})`
            : `Due ${indianDate(deadline.due_on)}: ${whenDue(deadline.days_left)}`}
          {deadline.reminders.length > 0 && ` · reminded ${deadline.reminders.map((days) => `${days} days before`).join(' and ')}`}
        </p>
      </div>
      <div className="row-actions">
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => onDone(!deadline.done_on)}
          aria-label={`${deadline.done_on ? 'Not done after all' : 'Record as done'}: ${deadline.title}`}
        >
          {deadline.done_on ? 'Not done after all' : 'Record as done'}
        </button>
        {deadline.kind === 'custom' && (
          <button type="button" className="btn btn-outline" onClick={onDelete} aria-label={`Remove: ${deadline.title}`}>
            Remove
          </button>
        )}
      </div>
    </li>
  );
}
