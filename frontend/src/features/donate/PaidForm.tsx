import { useRef, useState, type FormEvent } from 'react';
import { waitOutMinimum } from '../../api/anonymous-form';
import { SelectField, SubmitRow, TextAreaField, TextField } from '../../components/Field';
import { Honeypot } from '../../components/Honeypot';
import { useFormFields } from '../../components/useFormFields';
import { useTranslator, type MessageKey } from '../../i18n/i18n';
import { useKeptForm } from '../../offline/KeptForm';
import { reportDonation, type DonationReport } from './api';

const panPattern = '[A-Za-z]{5}[0-9]{4}[A-Za-z]';
type Fields = { name: string; email: string; mobile: string; amount: string; reference: string; mode: 'upi' | 'bank'; pan: string; address: string };

/**
 * "I have paid": the donor tells the organisation about a payment made in their UPI app or by
 * bank transfer, so it can be found in the bank account and an 80G receipt sent.
 */
export function PaidForm({ amount, monthly }: { amount: string; monthly: boolean }) {
  const { t, lang } = useTranslator();
  const { fields, bind } = useFormFields<Fields>({ name: '', email: '', mobile: '', amount, reference: '', mode: 'upi', pan: '', address: '' });
  const [website, setWebsite] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const openedAt = useRef(performance.now());
  const keptForm = useKeptForm();

  async function send(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setError('');
    const pan = fields.pan.trim().toUpperCase();
    const report: DonationReport = {
      name: fields.name.trim(),
      email: fields.email.trim(),
      amount: Number(fields.amount),
      reference: fields.reference.trim(),
      mode: fields.mode,
      monthly,
      ...(fields.mobile.trim() && { mobile: fields.mobile.trim() }),
      ...(pan && { pan, address: fields.address.trim() }),
    };
    const elapsedMs = await waitOutMinimum(openedAt.current);
    const outcome = await reportDonation(report, { website, elapsedMs }, lang);
    setSending(false);
    // The server's sentences are English; hi.json translates the ones it knows.
    // Kept offline by the service worker: the thanks say so, and again once it is sent.
    if (outcome.kept) keptForm.keep(outcome.kept);
    else if (outcome.ok) setDone(t(outcome.message as MessageKey));
    else setError(t(outcome.message as MessageKey));
  }

  if (done || keptForm.notice) {
    return (
      <div className="paid-done" role="status">
        <h3>{t('Thank you!')}</h3>
        <p>{keptForm.notice || done}</p>
      </div>
    );
  }

  return (
    <form method="post" className="paid-form" aria-labelledby="paid-form-title" onSubmit={(event) => void send(event)}>
      <h3 id="paid-form-title">{t('Tell us about your payment')}</h3>
      <p className="fine-print">
        {t('We look for it in our bank account, then e-mail your 80G receipt. A PAN and postal address are needed for the receipt.')}
      </p>
      <div className="form-grid two-columns">
        <TextField id="paid-name" label={t('Your Name')} markRequired autoComplete="name" required maxLength={100} {...bind('name')} />
        <TextField id="paid-email" label={t('Email Address')} markRequired type="email" autoComplete="email" required {...bind('email')} />
        <TextField id="paid-mobile" label={t('Mobile number (optional)')} type="tel" autoComplete="tel" {...bind('mobile')} />
        <TextField id="paid-amount" label={t('Amount paid (₹)')} markRequired inputMode="numeric" pattern="[1-9][0-9]*" required {...bind('amount')} />
        <SelectField
          id="paid-mode"
          label={t('Paid by')}
          options={[
            { value: 'upi', label: t('UPI') },
            { value: 'bank', label: t('Bank transfer') },
          ]}
          {...bind('mode')}
        />
        <TextField id="paid-reference" label={t('Transaction reference (UTR)')} markRequired required minLength={5} maxLength={50} {...bind('reference')} />
        <TextField id="paid-pan" label={t('PAN (for an 80G receipt)')} pattern={panPattern} maxLength={10} autoCapitalize="characters" {...bind('pan')} />
        <TextAreaField
          id="paid-address"
          label={t('Postal address (needed with a PAN)')}
          wide
          rows={3}
          maxLength={500}
          markRequired={fields.pan.trim() !== ''}
          required={fields.pan.trim() !== ''}
          {...bind('address')}
        />
        <Honeypot id="paid-website" value={website} onChange={setWebsite} />
        {error && (
          <p className="form-error span-all" role="alert">
            {error}
          </p>
        )}
        <p className="fine-print span-all">
          {t(
            'Privacy: we keep donation records, including PAN and address, for as long as the income-tax law requires, even if you later ask us to delete your volunteer data. They are shown in full only on your receipt and in our Form 10BD filing.',
          )}
        </p>
        <SubmitRow busy={sending}>{sending ? t('Sending…') : t('Send payment details')}</SubmitRow>
      </div>
    </form>
  );
}
