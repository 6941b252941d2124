// What a visitor typed into a server-rendered page before its script took it over. React leaves an
// input's value alone when it hydrates, but sets a <textarea> back to its server text when that
// text is not empty (a refused post shown again): the form model puts back what was there.

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const isControl = (target: EventTarget | null): target is Control =>
  target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;

/** Each control's value (a box's ticked state) as the visitor left it, until its form is taken over. */
const typed = new WeakMap<Control, string | boolean>();
const stateOf = (control: Control) =>
  control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio') ? control.checked : control.value;

function remember(target: EventTarget | null) {
  if (isControl(target) && target.form) typed.set(target, stateOf(target));
}

const onEdit = (event: Event) => remember(event.target);
/** The forms that were in the page before its script ran. */
const inThePage = new WeakSet<HTMLFormElement>();

/** Whether `form` came with the page's HTML, on screen since the page arrived. */
export const cameWithThePage = (form: HTMLFormElement) => inThePage.has(form);

/**
 * From now on: what each form control holds, and every change to it, until its form is taken
 * over. Called before hydrating. It goes on after the page is taken over: a part the page loads
 * later (Donate's payment report) is hydrated after the rest, and what is typed there meanwhile
 * must be what it keeps.
 */
export function watchTypingBeforeHydration(): void {
  for (const form of document.forms) {
    inThePage.add(form);
    for (const control of form.elements) remember(control);
  }
  document.addEventListener('input', onEdit, true);
  document.addEventListener('change', onEdit, true);
}

/** The page is the script's: `<html data-hydrated>` says so, for tests that act once the script holds the page. */
export function pageTakenOver(): void {
  document.documentElement.dataset.hydrated = '';
}

/** Puts back in `form` whatever its controls held before the page was taken over, if hydrating changed it. */
export function restoreTypingBeforeHydration(form: HTMLFormElement): void {
  for (const control of form.elements) {
    if (!isControl(control) || !typed.has(control)) continue;
    const state = typed.get(control)!;
    typed.delete(control);
    if (stateOf(control) === state) continue;
    if (typeof state === 'boolean') (control as HTMLInputElement).checked = state;
    else control.value = state;
  }
}
