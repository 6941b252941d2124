import type { ReactNode } from 'react';

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
