import { useState, type ChangeEvent } from 'react';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * A form kept as one object of strings. `bind(name)` gives a control its name, value and change
 * handler; `onEdit` runs on every change (e.g. to drop a message about the values before).
 */
export function useFormFields<F extends { [K in keyof F]: string }>(empty: F, onEdit?: () => void) {
  const [fields, setFields] = useState<F>(empty);
  const bind = (name: keyof F & string) => ({
    name,
    value: fields[name],
    onChange: (event: ChangeEvent<Control>) => {
      const { value } = event.target;
      setFields((current) => ({ ...current, [name]: value }));
      onEdit?.();
    },
  });
  return { fields, setFields, bind };
}
