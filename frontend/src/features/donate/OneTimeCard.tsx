import { useEffect, useId, useState, type ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { legalText } from '@ngo-site/shared';
import { Icon } from '../../components/Icon';
import { Form, useForm } from '../../components/Form';
import { useTranslator } from '../../i18n/i18n';
import { useSiteSettings } from '../../site';
import { AmountChooser, useAmountChoice } from './AmountChooser';
import { defaultDonationAmount, formatRupees, isPresetAmount, paymentAlertText, upiPaymentLink } from './donation';

/** Phones open a upi:// link in the payment app; desktops show its QR code instead. */
const isPhone = () => /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);

/**
 * A one-time gift: the amount, then the payment in the donor's UPI app (a link on a phone, a QR
 * code elsewhere), the bank's details and the tax registration; `above` goes between the heading
 * and the amount (the frequency).
 */
export function OneTimeCard({
  title,
  above,
  onAmountChange,
  onCitizenshipChange,
}: {
  title: string;
  above?: ReactNode;
  onAmountChange?: (amount: string) => void;
  onCitizenshipChange?: (citizenship: 'indian' | 'foreign') => void;
}) {
  const { t, locale, lang } = useTranslator();
  const titleId = useId();
  const rupees = (value: number | string) => formatRupees(value, locale);
  // A citizenship asked for in the address (the choice sent without the script) is the first one.
  const askedCitizenship = useRouterState({
    select: (state) => ((state.location.search as Record<string, unknown>).citizenship === 'foreign' ? 'foreign' : 'indian'),
  });
  const choice = useForm({ amount: isPresetAmount(defaultDonationAmount) ? '' : defaultDonationAmount, citizenship: askedCitizenship });
  const amount = useAmountChoice(choice);
  const site = useSiteSettings();
  const [qr, setQr] = useState<{ svg: string; link: string } | null>(null);
  // A gift from a foreign source (FCRA): refused before any payment while the organisation has no
  // FCRA registration; else paid into the FCRA account, never by UPI.
  const foreign = choice.values.citizenship === 'foreign';
  const fcraRegistered = site.fcra_registration.trim() !== '';
  useEffect(() => onAmountChange?.(amount.amount), [amount.amount, onAmountChange]);
  useEffect(() => onCitizenshipChange?.(foreign ? 'foreign' : 'indian'), [foreign, onCitizenshipChange]);

  return (
    <section className="form-card donate-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {above}
      <Form
        form={choice}
        method="get"
        className="donate-form"
        aria-labelledby={titleId}
        onSubmit={() => {
          if (!amount.canPay || foreign) return;
          if (!site.upi_id) return window.alert(paymentAlertText(amount.amount, false, t, locale));
          const link = upiPaymentLink(site.upi_id, site.name, amount.amount, false);
          if (isPhone()) {
            window.location.href = link;
            return;
          }
          // Made here in the browser (no third-party request); loaded only when asked for.
          void import('uqr').then(({ renderSVG }) => setQr({ svg: renderSVG(link, { border: 2 }), link }));
        }}
      >
        <fieldset className="choice-group citizenship" aria-describedby="foreign-source-note">
          <legend className="field-label">{t('Your citizenship')}</legend>
          <label className="radio-option">
            <input type="radio" name="citizenship" value="indian" defaultChecked={askedCitizenship === 'indian'} />
            {t('Indian citizen (also when living abroad)')}
          </label>
          <label className="radio-option">
            <input type="radio" name="citizenship" value="foreign" defaultChecked={askedCitizenship === 'foreign'} />
            {t('Foreign citizen, OCI or PIO card holder')}
          </label>
          <p id="foreign-source-note" className="fine-print">
            {legalText(site.legal, 'foreign_source', lang)}
          </p>
        </fieldset>
        {foreign && !fcraRegistered && (
          <p className="fcra-refusal" role="status">
            {legalText(site.legal, 'fcra_refusal', lang)}
          </p>
        )}
        {foreign && fcraRegistered && (
          <div className="donate-details fcra-account" role="status">
            <h3>{t('Our FCRA account')}</h3>
            <p>{legalText(site.legal, 'fcra_account_note', lang, { fcra: site.fcra_registration })}</p>
            <p className="pre-line">{site.fcra_account}</p>
          </div>
        )}
        <AmountChooser form={choice} choice={amount} inputId="custom-amount" />
        <p className="donation-summary" aria-live="polite">
          {amount.canPay ? t('You are giving {amount} once.', { amount: rupees(amount.amount) }) : t('Enter an amount to continue.')}
        </p>
        {!foreign && (
          <button type="submit" className="btn btn-accent btn-lg btn-block" disabled={!amount.canPay}>
            <Icon name="heart" size={20} />
            {t('Proceed to Payment')}
          </button>
        )}
        {foreign ? null : site.upi_id ? (
          <p className="fine-print">
            {t('The payment happens in your UPI app (for example Google Pay, PhonePe or Paytm), straight to {name} at {upi}. We never see your bank details.', {
              name: site.name,
              upi: site.upi_id,
            })}
          </p>
        ) : (
          <p className="fine-print">{t('This is a demonstration: no payment is taken.')}</p>
        )}
        {qr && !foreign && (
          <figure className="upi-qr">
            <div
              role="img"
              aria-label={t('QR code of a UPI payment of {amount} to {name}', { amount: rupees(amount.amount), name: site.name })}
              dangerouslySetInnerHTML={{ __html: qr.svg }}
            />
            <figcaption>
              {t('Scan this with the UPI app on your phone to pay {amount}, or', { amount: rupees(amount.amount) })}{' '}
              <a href={qr.link}>{t('open the payment link')}</a>.
            </figcaption>
          </figure>
        )}
        {!foreign && (site.bank_details || site.tax_registration) && (
          <div className="donate-details">
            {site.bank_details && (
              <>
                <h3>{t('Bank transfer')}</h3>
                <p className="pre-line">{site.bank_details}</p>
              </>
            )}
            {site.tax_registration && <p className="pre-line">{site.tax_registration}</p>}
          </div>
        )}
      </Form>
    </section>
  );
}
