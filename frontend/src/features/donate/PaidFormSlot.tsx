import { lazy, Suspense, type ComponentProps } from 'react';
import { PaidForm as RenderedPaidForm } from './PaidForm';

// "I have paid" is opened by few visitors, so its code is loaded when it opens: the Donate page's
// script stays within its budget (docs/performance.md). The server renders it at once when the
// page is asked for with it open (?paid=1, a plain post); the browser takes that HTML over as
// soon as the code is in, keeping what was typed (React leaves a suspended part as it is).
const PaidForm = import.meta.env.SSR ? RenderedPaidForm : lazy(() => import('./PaidForm').then((module) => ({ default: module.PaidForm })));

export function PaidFormSlot(props: ComponentProps<typeof RenderedPaidForm>) {
  return (
    <Suspense fallback={null}>
      <PaidForm {...props} />
    </Suspense>
  );
}
