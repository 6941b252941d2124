import { lazy, Suspense, type ComponentProps } from 'react';
import { SignupForm as RenderedSignupForm } from './SignupForm';

// The sign-up form's code loads beside the page, not in its first script, which stays within its
// budget (docs/performance.md). The server renders the form at once; the browser takes that HTML
// over as soon as the code is in, keeping what was typed (React leaves a suspended part as it is).
const SignupForm = import.meta.env.SSR ? RenderedSignupForm : lazy(() => import('./SignupForm').then((module) => ({ default: module.SignupForm })));

export function SignupFormSlot(props: ComponentProps<typeof RenderedSignupForm>) {
  return (
    <Suspense fallback={null}>
      <SignupForm {...props} />
    </Suspense>
  );
}
