import { useState, type ReactNode } from 'react';

type Refused = { ok: false; message: string };

/** The server said yes: what is left of the outcome once a refusal is taken out. */
const isDone = <Outcome extends { ok: boolean }>(outcome: Outcome): outcome is Exclude<Outcome, Refused> => outcome.ok;

/**
 * The sending of a login-card form: the sentence of its last refusal (the form's own check or
 * the server's), and whether it waits for the server.
 */
export function useCardForm() {
  const [error, setError] = useState('');
  const [submitting, setSubmitting] = useState(false);

  /** Sends unless `refusal` names what is missing; `done` gets the server's yes. */
  async function submit<Outcome extends { ok: true } | Refused>(
    refusal: string,
    request: () => Promise<Outcome>,
    done: (outcome: Exclude<Outcome, Refused>) => unknown,
  ) {
    if (refusal) return setError(refusal);
    setError('');
    setSubmitting(true);
    const outcome = await request();
    setSubmitting(false);
    if (isDone(outcome)) await done(outcome);
    else if (!outcome.ok) setError(outcome.message);
  }

  return { error, submitting, submit };
}

/** The form's refusal, read out as it appears, and its submit button (busy while it sends). */
export function CardFormEnd({ errorId, error, submitting, children }: { errorId: string; error: string; submitting: boolean; children: ReactNode }) {
  return (
    <>
      <p id={errorId} className="form-error" role="alert">
        {error}
      </p>
      <button type="submit" className="btn btn-primary btn-block btn-lg" disabled={submitting} aria-busy={submitting}>
        {children}
      </button>
    </>
  );
}
