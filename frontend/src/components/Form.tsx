// The site's form model (docs/forms.md, "Adding a form"): the form in the page is the source of
// truth. Its controls are uncontrolled (a `name` and at most a `defaultValue`), read with FormData
// when it is sent and whenever it changes, so whatever was typed or autofilled before the script
// took the page over stays, and the script sends the very fields a plain post would.
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type FormHTMLAttributes, type RefObject } from 'react';
import type { PostedForm } from '@ngo-site/shared';
import { PlainFormFields, usePlainFormAction, usePostedForm } from './PlainForm';
import { cameWithThePage, restoreTypingBeforeHydration } from './typedBeforeHydration';

/** A form's fields by name, each a string as FormData gives it. */
export type FormFields<F> = { [K in keyof F]: string };

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** What `form` holds now for each of `names`, as it would post it: '' for one it would leave out (a box not ticked, a disabled control). */
export function readForm<F extends FormFields<F>>(form: HTMLFormElement, names: readonly (keyof F & string)[]): F {
  const data = new FormData(form);
  return Object.fromEntries(names.map((name) => [name, String(data.get(name) ?? '')])) as F;
}

/** Writes `values` into `form`'s controls of those names: a box is ticked for its own value. */
export function writeForm(form: HTMLFormElement, values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) {
    const named = form.elements.namedItem(name);
    if (named instanceof RadioNodeList) {
      for (const control of named) if (control instanceof HTMLInputElement) control.checked = control.value === value;
    } else if (named instanceof HTMLInputElement && (named.type === 'checkbox' || named.type === 'radio'))
      named.checked = value !== '' && value === named.value;
    else if (named instanceof HTMLInputElement || named instanceof HTMLSelectElement || named instanceof HTMLTextAreaElement) (named as Control).value = value;
  }
}

const sameValues = <F extends FormFields<F>>(a: F, b: F) => Object.keys(a).every((name) => a[name as keyof F] === b[name as keyof F]);

/** A control's props from the model: spread them on a field (`{...form.field('email')}`). */
export interface FieldProps {
  name: string;
  defaultValue?: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FormModel<F extends FormFields<F>> {
  /** The <form> element's ref (`<Form>` sets it). */
  ref: RefObject<HTMLFormElement>;
  /** The id of the form's error summary; a refused field's `aria-describedby` points at its sentence (`<id>-title`). */
  summaryId: string;
  /** What the fields hold, read from the form as the page was taken over and at every change since. */
  values: F;
  /** A control's name, its first value and, when a refused post named it, `aria-invalid` and `aria-describedby`. */
  field: (name: keyof F & string) => FieldProps;
  /** What the fields hold this moment. */
  read: () => F;
  /** Writes these values into the fields (an autosave restored, a choice made elsewhere on the page); a field shown later starts from them. */
  set: (values: Partial<F>) => void;
  /** Empties the form back to its defaults (after a send), a refused post's values and marks forgotten. */
  reset: () => void;
  /** Re-reads the form after its controls changed (`<Form>` calls it on every change). */
  changed: () => void;
  /** The plain post the server refused and showed again in this form, until the form is sent again. */
  refused?: PostedForm;
  clearRefused: () => void;
  /** Where the form posts without the script (its page); undefined for a form that does not. */
  action?: string;
  /**
   * Since when (performance.now()) the form has been on screen: the page's start for one that came
   * with the page's HTML, else when it opened or was last reset (an anonymous form's time on the page).
   */
  openedAt: () => number;
}

// A layout effect puts back what was typed in the commit that hydrates the form, before the
// browser takes another keystroke; the server has no layout to wait for (and would warn).
const useCommitEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * A form whose fields are its controls. `defaults` names every field and gives its first value;
 * a refused plain post (`posted`) gives what was typed instead.
 */
export function useForm<F extends FormFields<F>>(
  defaults: F,
  { posted, action, id }: { posted?: PostedForm; action?: string; id?: string } = {},
): FormModel<F> {
  const ref = useRef<HTMLFormElement>(null);
  const names = Object.keys(defaults) as (keyof F & string)[];
  const [first, setFirst] = useState(() => {
    const values = { ...defaults };
    for (const name of names) {
      const sent = posted?.values[name];
      if (typeof sent === 'string') values[name] = sent as F[typeof name];
    }
    return values;
  });
  const [values, setValues] = useState(first);
  const [refused, setRefused] = useState(posted);
  const opened = useRef(typeof performance === 'undefined' ? 0 : performance.now());
  const generatedId = useId();
  const summaryId = `${id ?? generatedId}-errors`;

  const read = () => (ref.current ? readForm<F>(ref.current, names) : values);
  const changed = (given?: Partial<F>) => {
    const now = { ...read(), ...given };
    setValues((before) => (sameValues(before, now) ? before : now));
  };
  // Taken over (or opened): the state starts from what the fields hold, not from the defaults.
  useCommitEffect(() => {
    if (!ref.current) return;
    if (cameWithThePage(ref.current)) opened.current = 0;
    restoreTypingBeforeHydration(ref.current);
    changed(undefined);
  }, []);

  const set = (given: Partial<F>) => {
    setFirst((before) => ({ ...before, ...given }));
    if (ref.current) writeForm(ref.current, given as Record<string, string>);
    // A field not in the form yet (shown later) holds the value once it is.
    changed(given);
  };
  return {
    ref,
    summaryId,
    values,
    field: (name) => ({
      name,
      ...(first[name] !== '' && { defaultValue: first[name] }),
      ...(refused?.fields.includes(name) && { 'aria-invalid': true as const, 'aria-describedby': `${summaryId}-title` }),
    }),
    read,
    set,
    reset: () => {
      opened.current = performance.now();
      setRefused(undefined);
      setFirst(defaults);
      if (ref.current) writeForm(ref.current, defaults);
      setValues(defaults);
    },
    changed,
    refused,
    clearRefused: () => setRefused(undefined),
    action,
    openedAt: () => opened.current,
  };
}

/**
 * The model of a public form the server also takes as a plain post (docs/forms.md): it posts to
 * its own page, and starts from the refused post the server shows again, if any. `id` names the
 * form (its error summary is `<id>-errors`).
 */
export function usePlainForm<F extends FormFields<F>>(defaults: F, id: string): FormModel<F> {
  return useForm(defaults, { posted: usePostedForm(), action: usePlainFormAction(), id });
}

type FormProps<F extends FormFields<F>> = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'onChange' | 'action'> & {
  form: FormModel<F>;
  /** Sent: the fields as they are now. The refusal shown by the server goes at the first send. */
  onSubmit: (values: F, event: FormEvent<HTMLFormElement>) => unknown;
};

/**
 * A form of the model: `method="post"` unless told otherwise (so nothing typed lands in an address
 * or a log), the plain post's action and hidden fields where it has them, its state read again at
 * every change.
 */
export function Form<F extends FormFields<F>>({ form, onSubmit, children, ...props }: FormProps<F>) {
  return (
    <form
      ref={form.ref}
      method="post"
      action={form.action}
      onChange={() => form.changed()}
      onSubmit={(event) => {
        event.preventDefault();
        // React passes a portal's events up its own tree: a form in a dialog of another form
        // (a search in the post's media picker) must not send that one too.
        event.stopPropagation();
        form.clearRefused();
        void onSubmit(form.read(), event);
      }}
      {...props}
    >
      {form.action && <PlainFormFields />}
      {children}
    </form>
  );
}
