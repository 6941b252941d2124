import { useRef, useState, type FormEvent } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { sentQuery, type EventView } from '@ngo-site/shared';
import { waitOutMinimum } from '../../api/anonymous-form';
import { SelectField, SubmitRow, TextField } from '../../components/Field';
import { Form, usePlainForm } from '../../components/Form';
import { Honeypot, readHoneypot } from '../../components/Honeypot';
import { ErrorSummary, useSentByPlainPost } from '../../components/PlainForm';
import { useTranslator, type MessageKey, type Translator } from '../../i18n/i18n';
import { useKeptForm } from '../../offline/KeptForm';
import { signUpForEvent, type SignupStatus } from './signup-api';
import { signupFormId } from './display';

type Fields = { name: string; email: string; mobile: string; seats: string };

const fieldIds: Record<keyof Fields, string> = { name: 'signup-name', email: 'signup-email', mobile: 'signup-mobile', seats: 'signup-seats' };
const fieldLabels: Record<keyof Fields, MessageKey> = {
  name: 'Your Name',
  email: 'Email Address',
  mobile: 'Mobile number (optional)',
  seats: 'Places',
};

/** What came of a sign-up, as the person reads it. */
function outcomeText(t: Translator['t'], status: SignupStatus, position: number | null, already: boolean): string {
  const said =
    status === 'confirmed'
      ? t('You have a place! We have e-mailed you the details.')
      : position
        ? t('The event is full, so you are number {position} on the waiting list. We will e-mail you if a place becomes free.', { position })
        : t('The event is full, so you are on the waiting list. We will e-mail you if a place becomes free.');
  return already ? `${t('You have already signed up for this event with this e-mail address.')} ${said}` : said;
}

/** The outcome a plain post's answer names (`?sent=1&status=waitlisted`). */
function usePlainPostOutcome(): SignupStatus | undefined {
  const sent = useSentByPlainPost();
  const status: unknown = useRouterState({ select: (state) => (state.location.search as Record<string, unknown>)[sentQuery.status] });
  if (!sent) return undefined;
  return status === 'waitlisted' ? 'waitlisted' : status === 'confirmed' ? 'confirmed' : undefined;
}

/**
 * Signing up for an event: a name, an e-mail address, a mobile number if they like, and how many
 * places (when the event lets one person take several). Works without the script (a plain post
 * at the event's page) and offline (the service worker keeps it).
 */
export function SignupForm({ event }: { event: EventView }) {
  const { t, lang, formatNumber } = useTranslator();
  const form = usePlainForm<Fields>({ name: '', email: '', mobile: '', seats: '1' }, signupFormId);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const posted = usePlainPostOutcome();
  const [done, setDone] = useState(useSentByPlainPost() ? (posted ? outcomeText(t, posted, null, false) : t('Thank you! You are signed up.')) : '');
  const openedAt = useRef(performance.now());
  const keptForm = useKeptForm();
  const maxSeats = Math.max(1, Math.min(event.seats_limit, event.capacity ?? event.seats_limit));

  async function send(fields: Fields, submitted: FormEvent<HTMLFormElement>) {
    if (sending) return;
    const website = readHoneypot(submitted.currentTarget);
    setSending(true);
    setError('');
    const input = {
      event_id: event.id,
      name: fields.name.trim(),
      email: fields.email.trim(),
      seats: Number(fields.seats) || 1,
      ...(fields.mobile.trim() && { mobile: fields.mobile.trim() }),
    };
    const elapsedMs = await waitOutMinimum(openedAt.current);
    const outcome = await signUpForEvent(input, { website, elapsedMs }, lang);
    setSending(false);
    if (!outcome.ok) setError(t(outcome.message as MessageKey));
    else if ('status' in outcome) setDone(outcomeText(t, outcome.status, outcome.position, outcome.already));
    else keptForm.keep(outcome.kept);
  }

  if (done || keptForm.notice) {
    return (
      <div className="signup-done" role="status">
        <h3>{t('Thank you!')}</h3>
        <p>{keptForm.notice || done}</p>
      </div>
    );
  }

  return (
    <Form form={form} className="signup-form" aria-labelledby="signup-title" onSubmit={send}>
      <h2 id="signup-title">{event.signup === 'waitlist' ? t('Join the waiting list') : t('Sign up')}</h2>
      {event.signup === 'waitlist' && (
        <p className="fine-print">
          {t('All places are taken. Sign up to join the waiting list: if a place becomes free, it is yours in turn, and we e-mail you.')}
        </p>
      )}
      <div className="form-grid">
        <ErrorSummary form={form} fieldIds={fieldIds} labels={fieldLabels} />
        <input type="hidden" name="event_id" value={event.id} />
        <TextField id={fieldIds.name} label={t(fieldLabels.name)} markRequired autoComplete="name" required maxLength={100} {...form.field('name')} />
        <TextField
          id={fieldIds.email}
          label={t(fieldLabels.email)}
          markRequired
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          {...form.field('email')}
        />
        <TextField id={fieldIds.mobile} label={t(fieldLabels.mobile)} type="tel" autoComplete="tel" maxLength={20} {...form.field('mobile')} />
        {maxSeats > 1 ? (
          <SelectField
            id={fieldIds.seats}
            label={t(fieldLabels.seats)}
            hint={t('For you and those coming with you.')}
            options={Array.from({ length: maxSeats }, (_, index) => ({ value: String(index + 1), label: formatNumber(index + 1) }))}
            {...form.field('seats')}
          />
        ) : (
          <input type="hidden" name="seats" value="1" />
        )}
        <Honeypot id="signup-website" />
        {error && (
          <p className="form-error span-all" role="alert">
            {error}
          </p>
        )}
        <p className="fine-print span-all">
          {t(
            'We use your e-mail address to confirm your place and to remind you a day and two hours before; your mobile number only to reach you about this event.',
          )}
        </p>
        <SubmitRow busy={sending}>{sending ? t('Sending…') : event.signup === 'waitlist' ? t('Join the waiting list') : t('Sign up')}</SubmitRow>
      </div>
    </Form>
  );
}
