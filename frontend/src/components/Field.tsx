import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

interface FieldProps {
  /** The id of the control inside, which the label names. */
  id: string;
  label: string;
  /** Shows the required mark; the control itself still carries `required` where the browser checks it. */
  required?: boolean;
  /** Spans every column of a two-column form grid. */
  wide?: boolean;
  /** The control, and anything that belongs under it (e.g. an image preview). */
  children: ReactNode;
}

/** One form field: its label (with the required mark where it is required) above its control. */
export function Field({ id, label, required = false, wide = false, children }: FieldProps) {
  return (
    <div className={wide ? 'field span-all' : 'field'}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
    </div>
  );
}

/** A field whose control is the site's `.input` (and any `className` given): the label's props, then the control's own. */
interface LabelledProps {
  id: string;
  label: string;
  /** Shows the required mark (Field's `required`). */
  markRequired?: boolean;
  wide?: boolean;
  /** A line under the control that describes it (its id: the control's id + `-note`). */
  hint?: ReactNode;
}

const inputClass = (className?: string) => (className ? `input ${className}` : 'input');

/** The hint under a control, and the `aria-describedby` that points the control at it (after any it had, such as a refusal's). */
function hintOf(id: string, hint: ReactNode, describedBy?: string) {
  if (!hint) return { describedBy, note: null };
  return {
    describedBy: describedBy ? `${describedBy} ${id}-note` : `${id}-note`,
    note: (
      <small id={`${id}-note`} className="form-hint">
        {hint}
      </small>
    ),
  };
}

export function TextField({
  label,
  markRequired,
  wide,
  hint,
  inputRef,
  className,
  ...input
}: LabelledProps & InputHTMLAttributes<HTMLInputElement> & { inputRef?: Ref<HTMLInputElement> }) {
  const { describedBy, note } = hintOf(input.id, hint, input['aria-describedby']);
  return (
    <Field id={input.id} label={label} required={markRequired} wide={wide}>
      <input ref={inputRef} className={inputClass(className)} {...input} aria-describedby={describedBy} />
      {note}
    </Field>
  );
}

/** A password box; `autoComplete` says whether it is the current one or a new one. */
export function PasswordField(
  input: LabelledProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { autoComplete: 'current-password' | 'new-password' },
) {
  return <TextField type="password" required {...input} />;
}

export function TextAreaField({ label, markRequired, wide, hint, className, ...textarea }: LabelledProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { describedBy, note } = hintOf(textarea.id, hint, textarea['aria-describedby']);
  return (
    <Field id={textarea.id} label={label} required={markRequired} wide={wide}>
      <textarea className={inputClass(className)} {...textarea} aria-describedby={describedBy} />
      {note}
    </Field>
  );
}

export type SelectFieldProps = LabelledProps &
  SelectHTMLAttributes<HTMLSelectElement> & {
    /** The first option, with an empty value: it stands for no choice. */
    placeholder?: string;
    options: readonly { value: string; label: string }[];
  };

export function SelectField({ label, markRequired, wide, hint, placeholder, options, ...select }: SelectFieldProps) {
  const { describedBy, note } = hintOf(select.id, hint, select['aria-describedby']);
  return (
    <Field id={select.id} label={label} required={markRequired} wide={wide}>
      <select className="input" {...select} aria-describedby={describedBy}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {note}
    </Field>
  );
}

/** A public form's submit button, across the whole grid; it waits while the form is being sent. */
export function SubmitRow({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <div className="span-all">
      <button type="submit" className="btn btn-primary btn-lg" disabled={busy} aria-busy={busy}>
        {children}
      </button>
    </div>
  );
}

/**
 * A sentence the form announces politely (saved, or kept offline until the phone is back online);
 * nothing when there is none. `focused`: the page opens with the focus on it (the answer to a
 * plain post).
 */
export function FormStatus({ children, focused = false }: { children: ReactNode; focused?: boolean }) {
  if (!children) return null;
  return (
    <p className="form-success span-all" role="status" {...(focused && { tabIndex: -1, autoFocus: true })}>
      {children}
    </p>
  );
}
