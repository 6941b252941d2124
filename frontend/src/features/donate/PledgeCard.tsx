import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { waitOutMinimum } from '../../api/anonymous-form';
import { SelectField, SubmitRow, TextAreaField, TextField } from '../../components/Field';
import { Form, usePlainForm } from '../../components/Form';
import { Honeypot, readHoneypot } from '../../components/Honeypot';
import { ErrorSummary, useSentByPlainPost } from '../../components/PlainForm';
import { useTranslator, type MessageKey } from '../../i18n/i18n';
import { useKeptForm } from '../../offline/KeptForm';
import { AmountChooser, useAmountChoice } from './AmountChooser';
import { loadApiClientSoon } from './api';
import { makePledge, pledgedMessage } from './pledge-api';
import { defaultDonationAmount, formatRupees, isPresetAmount } from './donation';

/** Where the pledge's plain post comes back to (its page, at the form). */
export const pledgeSectionId = 'pledge';
const panPattern = '[A-Za-z]{5}[0-9]{4}[A-Za-z]';
type Fields = { amount: string; name: string; email: string; mobile: string; day: string; pan: string; address: string };

const fieldIds: Record<keyof Fields, string> = {
  amount: 'pledge-amount',
  name: 'pledge-name',
  email: 'pledge-email',
  mobile: 'pledge-mobile',
  day: 'pledge-day',
  pan: 'pledge-pan',
  address: 'pledge-address',
};
const fieldLabels: Record<keyof Fields, MessageKey> = {
  amount: 'Custom amount (₹)',
  name: 'Your Name',
  email: 'Email Address',
  mobile: 'Mobile number (optional)',
  day: 'Day of the month for the reminder',
  pan: 'PAN (for an 80G receipt)',
  address: 'Postal address (needed with a PAN)',
};
const days = Array.from({ length: 28 }, (_, index) => String(index + 1));

/**
 * A monthly pledge: no money moves here. Each month on the chosen day the donor gets a mail with a
 * UPI link and QR code for the amount, and the month's reference that finds the payment in the
 * bank statement. A plain post without the script (docs/forms.md), kept offline by the service worker.
 */
export function PledgeCard({ title, above }: { title: string; above?: ReactNode }) {
  const { t, lang, locale } = useTranslator();
  const titleId = useId();
  const empty: Fields = {
    amount: isPresetAmount(defaultDonationAmount) ? '' : defaultDonationAmount,
    name: '',
    email: '',
    mobile: '',
    day: '5',
    pan: '',
    address: '',
  };
  const form = usePlainForm<Fields>(empty, pledgeSectionId);
  const amount = useAmountChoice(form);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState(useSentByPlainPost() ? t(pledgedMessage) : '');
  const [firstReminder, setFirstReminder] = useState('');
  const keptForm = useKeptForm();
  useEffect(loadApiClientSoon, []);

  async function send(fields: Fields, event: FormEvent<HTMLFormElement>) {
    if (sending || !amount.canPay) return;
    const website = readHoneypot(event.currentTarget);
    setSending(true);
    setError('');
    const pan = fields.pan.trim().toUpperCase();
    const elapsedMs = await waitOutMinimum(form.openedAt());
    const outcome = await makePledge(
      {
        name: fields.name.trim(),
        email: fields.email.trim(),
        amount: Number(amount.amount),
        day: Number(fields.day),
        ...(fields.mobile.trim() && { mobile: fields.mobile.trim() }),
        ...(pan && { pan, address: fields.address.trim() }),
      },
      { website, elapsedMs },
      lang,
    );
    setSending(false);
    // The server's sentences are English; hi.json translates the ones it knows.
    if (outcome.kept) keptForm.keep(outcome.kept);
    else if (outcome.ok) {
      setDone(t(outcome.message as MessageKey));
      if (outcome.firstReminderOn)
        setFirstReminder(
          new Date(`${outcome.firstReminderOn}T00:00:00Z`).toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
        );
    } else setError(t(outcome.message as MessageKey));
  }

  return (
    <section id={pledgeSectionId} className="form-card donate-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {above}
      {done || keptForm.notice ? (
        <div className="paid-done" role="status">
          <h3>{t('Thank you!')}</h3>
          <p>{keptForm.notice || done}</p>
          {firstReminder && <p>{t('Your first reminder comes on {day}.', { day: firstReminder })}</p>}
        </div>
      ) : (
        <Form form={form} className="donate-form" aria-labelledby={titleId} onSubmit={send}>
          <ErrorSummary form={form} fieldIds={fieldIds} labels={fieldLabels} />
          <AmountChooser form={form} choice={amount} inputId={fieldIds.amount} />
          <p className="donation-summary" aria-live="polite">
            {amount.canPay ? t('You are giving {amount} every month.', { amount: formatRupees(amount.amount, locale) }) : t('Enter an amount to continue.')}
          </p>
          <p className="fine-print">
            {t(
              'No payment is taken now. Each month on the day you choose we e-mail you a UPI link and a QR code for the amount; every reminder has a link that stops the pledge.',
            )}
          </p>
          <div className="form-grid two-columns">
            <TextField id={fieldIds.name} label={t(fieldLabels.name)} markRequired autoComplete="name" required maxLength={100} {...form.field('name')} />
            <TextField id={fieldIds.email} label={t(fieldLabels.email)} markRequired type="email" autoComplete="email" required {...form.field('email')} />
            <TextField id={fieldIds.mobile} label={t(fieldLabels.mobile)} type="tel" autoComplete="tel" {...form.field('mobile')} />
            <SelectField id={fieldIds.day} label={t(fieldLabels.day)} options={days.map((day) => ({ value: day, label: day }))} {...form.field('day')} />
            <TextField id={fieldIds.pan} label={t(fieldLabels.pan)} pattern={panPattern} maxLength={10} autoCapitalize="characters" {...form.field('pan')} />
            <TextAreaField
              id={fieldIds.address}
              label={t(fieldLabels.address)}
              wide
              rows={3}
              maxLength={500}
              markRequired={form.values.pan.trim() !== ''}
              required={form.values.pan.trim() !== ''}
              {...form.field('address')}
            />
            <Honeypot id="pledge-website" />
            {error && (
              <p className="form-error span-all" role="alert">
                {error}
              </p>
            )}
            <SubmitRow busy={sending}>
              {sending
                ? t('Sending…')
                : amount.canPay
                  ? t('Pledge {amount} every month', { amount: formatRupees(amount.amount, locale) })
                  : t('Pledge every month')}
            </SubmitRow>
          </div>
        </Form>
      )}
    </section>
  );
}
