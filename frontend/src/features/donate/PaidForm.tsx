import { useEffect, useState, type FormEvent } from 'react';
import { waitOutMinimum } from '../../api/anonymous-form';
import { SelectField, SubmitRow, TextAreaField, TextField } from '../../components/Field';
import { Form, usePlainForm } from '../../components/Form';
import { Honeypot, readHoneypot } from '../../components/Honeypot';
import { ErrorSummary, useSentByPlainPost } from '../../components/PlainForm';
import { paidSectionId } from './donation';
import { NoticeAgreement } from '../privacy/NoticeAgreement';
import { useTranslator, type MessageKey } from '../../i18n/i18n';
import { useKeptForm } from '../../offline/KeptForm';
import { loadApiClientSoon, reportDonation, reportedMessage, type DonationReport } from './api';

const panPattern = '[A-Za-z]{5}[0-9]{4}[A-Za-z]';
type Fields = {
  name: string;
  email: string;
  mobile: string;
  amount: string;
  reference: string;
  mode: string;
  pan: string;
  address: string;
  citizenship: string;
  country: string;
  passport_number: string;
  /** The privacy notice's version when its box is ticked, else ''. */
  notice_version: string;
};

/** Each field's control and label: the form's, and the error summary's links to them. */
const fieldIds: Record<keyof Fields, string> = {
  name: 'paid-name',
  email: 'paid-email',
  mobile: 'paid-mobile',
  amount: 'paid-amount',
  mode: 'paid-mode',
  reference: 'paid-reference',
  pan: 'paid-pan',
  address: 'paid-address',
  citizenship: 'paid-citizenship',
  country: 'paid-country',
  passport_number: 'paid-passport',
  notice_version: 'paid-notice',
};
const fieldLabels: Record<keyof Fields, MessageKey> = {
  name: 'Your Name',
  email: 'Email Address',
  mobile: 'Mobile number (optional)',
  amount: 'Amount paid (₹)',
  mode: 'Paid by',
  reference: 'Transaction reference (UTR)',
  pan: 'PAN (for an 80G receipt)',
  address: 'Postal address (needed with a PAN)',
  citizenship: 'Citizenship',
  country: 'Country of citizenship',
  passport_number: 'Passport number',
  notice_version: 'Agreement to the privacy notice',
};

/**
 * "I have paid": the donor tells the organisation about a payment made in their UPI app or by
 * bank transfer, so it can be found in the bank account and an 80G receipt sent.
 */
export function PaidForm({
  amount,
  monthly,
  campaignId,
  citizenship,
  noticeVersion,
}: {
  amount: string;
  monthly: boolean;
  campaignId?: string;
  citizenship: 'indian' | 'foreign';
  noticeVersion: number;
}) {
  const { t, lang } = useTranslator();
  // A report sent as a plain post (docs/forms.md): kept (?sent=1), or refused and shown again
  // with what was typed until the form is sent from here.
  const empty: Fields = {
    name: '',
    email: '',
    mobile: '',
    amount,
    reference: '',
    mode: citizenship === 'foreign' ? 'bank' : 'upi',
    pan: '',
    address: '',
    citizenship,
    country: '',
    passport_number: '',
    notice_version: '',
  };
  const form = usePlainForm<Fields>(empty, paidSectionId);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const sentByPost = useSentByPlainPost();
  const [done, setDone] = useState(sentByPost ? t(reportedMessage) : '');
  const keptForm = useKeptForm();
  useEffect(loadApiClientSoon, []);

  async function send(fields: Fields, event: FormEvent<HTMLFormElement>) {
    if (sending) return;
    const website = readHoneypot(event.currentTarget);
    setSending(true);
    setError('');
    const pan = fields.pan.trim().toUpperCase();
    const report: DonationReport = {
      name: fields.name.trim(),
      email: fields.email.trim(),
      amount: Number(fields.amount),
      reference: fields.reference.trim(),
      mode: fields.mode === 'bank' ? 'bank' : 'upi',
      monthly,
      ...(campaignId && { campaign_id: campaignId }),
      ...(fields.mobile.trim() && { mobile: fields.mobile.trim() }),
      ...(pan && { pan, address: fields.address.trim() }),
      ...(fields.citizenship === 'foreign'
        ? { citizenship: 'foreign' as const, country: fields.country.trim(), passport_number: fields.passport_number.trim().toUpperCase() }
        : { citizenship: 'indian' as const }),
      ...(fields.notice_version && { notice_version: Number(fields.notice_version) }),
    };
    const elapsedMs = await waitOutMinimum(form.openedAt());
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
        <h3 {...(sentByPost && { tabIndex: -1, autoFocus: true })}>{t('Thank you!')}</h3>
        <p>{keptForm.notice || done}</p>
      </div>
    );
  }

  return (
    <Form form={form} className="paid-form" aria-labelledby="paid-form-title" onSubmit={send}>
      <h3 id="paid-form-title">{t('Tell us about your payment')}</h3>
      <p className="fine-print">
        {t('We look for it in our bank account, then e-mail your 80G receipt. A PAN and postal address are needed for the receipt.')}
      </p>
      <div className="form-grid two-columns">
        <ErrorSummary form={form} fieldIds={fieldIds} labels={fieldLabels} />
        {/* Without the script, the frequency chosen on the page goes with the form. */}
        <input type="hidden" name="monthly" value={String(monthly)} />
        {/* "I have paid" from a campaign's page: the gift is for that campaign. */}
        {campaignId && <input type="hidden" name="campaign_id" value={campaignId} />}
        <TextField id={fieldIds.name} label={t(fieldLabels.name)} markRequired autoComplete="name" required maxLength={100} {...form.field('name')} />
        <TextField id={fieldIds.email} label={t(fieldLabels.email)} markRequired type="email" autoComplete="email" required {...form.field('email')} />
        <TextField id={fieldIds.mobile} label={t(fieldLabels.mobile)} type="tel" autoComplete="tel" {...form.field('mobile')} />
        <TextField
          id={fieldIds.amount}
          label={t(fieldLabels.amount)}
          markRequired
          inputMode="numeric"
          pattern="[1-9][0-9]*"
          required
          {...form.field('amount')}
        />
        <SelectField
          id={fieldIds.mode}
          label={t(fieldLabels.mode)}
          options={[
            { value: 'upi', label: t('UPI') },
            { value: 'bank', label: t('Bank transfer') },
          ]}
          {...form.field('mode')}
        />
        <SelectField
          id={fieldIds.citizenship}
          label={t(fieldLabels.citizenship)}
          options={[
            { value: 'indian', label: t('Indian citizen (also when living abroad)') },
            { value: 'foreign', label: t('Foreign citizen, OCI or PIO card holder') },
          ]}
          {...form.field('citizenship')}
        />
        {form.values.citizenship === 'foreign' && (
          <>
            <TextField
              id={fieldIds.country}
              label={t(fieldLabels.country)}
              markRequired
              required
              maxLength={100}
              autoComplete="country-name"
              {...form.field('country')}
            />
            <TextField
              id={fieldIds.passport_number}
              label={t(fieldLabels.passport_number)}
              markRequired
              required
              pattern="[A-Za-z0-9]{5,20}"
              maxLength={20}
              autoCapitalize="characters"
              {...form.field('passport_number')}
            />
          </>
        )}
        <TextField id={fieldIds.reference} label={t(fieldLabels.reference)} markRequired required minLength={5} maxLength={50} {...form.field('reference')} />
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
        <Honeypot id="paid-website" />
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
        <NoticeAgreement form="donate" id={fieldIds.notice_version} version={noticeVersion} field={form.field('notice_version')} />
        <SubmitRow busy={sending}>{sending ? t('Sending…') : t('Send payment details')}</SubmitRow>
      </div>
    </Form>
  );
}
