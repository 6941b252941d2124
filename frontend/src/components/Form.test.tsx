// The form model (docs/forms.md): a server-rendered form taken over keeps what was typed before,
// its state starts from the fields, and what it sends is what the fields hold. The real defect
// shows only in a browser on a slow phone: e2e/slow-phone.test.ts reproduces that.
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PostedForm } from '@ngo-site/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Form, useForm } from './Form';
import { pageTakenOver, watchTypingBeforeHydration } from './typedBeforeHydration';

const empty = { name: '', kind: '', note: '', agree: '' };
type Fields = typeof empty;

function Probe({ posted, onSubmit = () => undefined }: { posted?: PostedForm; onSubmit?: (values: Fields) => unknown }) {
  const form = useForm(empty, { posted, id: 'probe' });
  return (
    <Form form={form} onSubmit={(values) => onSubmit(values)} aria-label="probe">
      <input aria-label="Name" {...form.field('name')} />
      <select aria-label="Kind" {...form.field('kind')}>
        <option value="">Choose</option>
        <option value="a">A</option>
        <option value="b">B</option>
      </select>
      <textarea aria-label="Note" {...form.field('note')} />
      <input aria-label="Agree" type="checkbox" {...form.field('agree')} />
      <output aria-label="Seen">{JSON.stringify(form.values)}</output>
      <button type="submit">Send</button>
    </Form>
  );
}

// hydrateRoot below is called inside act() by the test itself.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const seen = () => JSON.parse(screen.getByLabelText('Seen').textContent!) as Fields;

afterEach(() => {
  pageTakenOver();
  document.body.innerHTML = '';
});

describe('a server-rendered form taken over by the script', () => {
  /** The server's HTML in the page; `typeBefore` plays the visitor before the script runs; then React hydrates it. */
  async function takeOver(posted: PostedForm | undefined, typeBefore: () => void) {
    const container = document.createElement('div');
    // The server has no document: here, in jsdom, React would warn that a layout effect cannot run there.
    const warn = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    container.innerHTML = renderToString(<Probe posted={posted} />);
    warn.mockRestore();
    document.body.append(container);
    watchTypingBeforeHydration();
    typeBefore();
    await act(async () => {
      hydrateRoot(container, <Probe posted={posted} />);
    });
    pageTakenOver();
  }

  const control = <T extends HTMLElement>(label: string) => screen.getByLabelText(label) as T;
  function typeInto(label: string, value: string) {
    const field = control<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(label);
    field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }

  it('keeps every value set before it (autofill, typing, a choice, a tick) and its state starts from them', async () => {
    await takeOver(undefined, () => {
      typeInto('Name', 'Sunita Devi');
      typeInto('Kind', 'b');
      typeInto('Note', 'Retired teacher');
      control<HTMLInputElement>('Agree').click();
    });
    expect(control<HTMLInputElement>('Name').value).toBe('Sunita Devi');
    expect(control<HTMLSelectElement>('Kind').value).toBe('b');
    expect(control<HTMLTextAreaElement>('Note').value).toBe('Retired teacher');
    expect(control<HTMLInputElement>('Agree').checked).toBe(true);
    expect(seen()).toEqual({ name: 'Sunita Devi', kind: 'b', note: 'Retired teacher', agree: 'on' });
  });

  it('a refused post shown again: the fields start from it, and what was mended before the script is kept (React would set a text area back)', async () => {
    const posted: PostedForm = { values: { name: '', kind: 'a', note: 'first words' }, message: 'Please fill all required fields', fields: ['name'] };
    await takeOver(posted, () => {
      typeInto('Name', 'Asha');
      typeInto('Note', 'first words, mended');
    });
    expect(control<HTMLTextAreaElement>('Note').value).toBe('first words, mended');
    expect(control<HTMLSelectElement>('Kind').value).toBe('a');
    expect(seen()).toMatchObject({ name: 'Asha', kind: 'a', note: 'first words, mended' });
    // The refused field points at the summary's sentence.
    expect(control('Name').getAttribute('aria-invalid')).toBe('true');
    expect(control('Name').getAttribute('aria-describedby')).toBe('probe-errors-title');
  });
});

describe('a form of the model', () => {
  it('sends what its fields hold, follows every change and forgets the refusal once sent', async () => {
    const onSubmit = vi.fn();
    const posted: PostedForm = { values: { name: 'x' }, message: 'No', fields: ['name'] };
    render(<Probe posted={posted} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Ravi');
    await user.selectOptions(screen.getByLabelText('Kind'), 'a');
    expect(seen()).toEqual({ name: 'Ravi', kind: 'a', note: '', agree: '' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ravi', kind: 'a', note: '', agree: '' });
    expect(screen.getByLabelText('Name').hasAttribute('aria-invalid')).toBe(false);
  });

  it('set writes into the fields, reset empties them', async () => {
    let model: ReturnType<typeof useForm<Fields>> | undefined;
    function Held() {
      model = useForm(empty);
      return (
        <Form form={model} onSubmit={() => undefined}>
          <input aria-label="Name" {...model.field('name')} />
          <select aria-label="Kind" {...model.field('kind')}>
            <option value="">Choose</option>
            <option value="b">B</option>
          </select>
          <input aria-label="Agree" type="checkbox" {...model.field('agree')} />
        </Form>
      );
    }
    render(<Held />);
    act(() => model!.set({ name: 'Meena', kind: 'b', agree: 'on' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Meena');
    expect((screen.getByLabelText('Kind') as HTMLSelectElement).value).toBe('b');
    expect((screen.getByLabelText('Agree') as HTMLInputElement).checked).toBe(true);
    expect(model!.values).toMatchObject({ name: 'Meena', kind: 'b', agree: 'on' });
    act(() => model!.reset());
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Kind') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Agree') as HTMLInputElement).checked).toBe(false);
    expect(model!.values).toEqual(empty);
  });
});
