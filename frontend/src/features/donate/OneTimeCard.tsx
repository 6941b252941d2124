import { useEffect, useId, useState, type ReactNode } from 'react';
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
export function OneTimeCard({ title, above, onAmountChange }: { title: string; above?: ReactNode; onAmountChange?: (amount: string) => void }) {
  const { t, locale } = useTranslator();
  const titleId = useId();
  const rupees = (value: number | string) => formatRupees(value, locale);
  const choice = useForm({ amount: isPresetAmount(defaultDonationAmount) ? '' : defaultDonationAmount });
  const amount = useAmountChoice(choice);
  const site = useSiteSettings();
  const [qr, setQr] = useState<{ svg: string; link: string } | null>(null);
  useEffect(() => onAmountChange?.(amount.amount), [amount.amount, onAmountChange]);

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
          if (!amount.canPay) return;
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
        <AmountChooser form={choice} choice={amount} inputId="custom-amount" />
        <p className="donation-summary" aria-live="polite">
          {amount.canPay ? t('You are giving {amount} once.', { amount: rupees(amount.amount) }) : t('Enter an amount to continue.')}
        </p>
        <button type="submit" className="btn btn-accent btn-lg btn-block" disabled={!amount.canPay}>
          <Icon name="heart" size={20} />
          {t('Proceed to Payment')}
        </button>
        {site.upi_id ? (
          <p className="fine-print">
            {t('The payment happens in your UPI app (for example Google Pay, PhonePe or Paytm), straight to {name} at {upi}. We never see your bank details.', {
              name: site.name,
              upi: site.upi_id,
            })}
          </p>
        ) : (
          <p className="fine-print">{t('This is a demonstration: no payment is taken.')}</p>
        )}
        {qr && (
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
        {(site.bank_details || site.tax_registration) && (
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
