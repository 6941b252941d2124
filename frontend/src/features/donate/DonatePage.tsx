import { useRef, useState } from 'react';
import { useLoaderData, useRouterState } from '@tanstack/react-router';
import { useSiteSettings } from '../../site';
import { Icon } from '../../components/Icon';
import { Form, useForm } from '../../components/Form';
import { PageHero } from '../../components/PageHero';
import { usePlainFormAction, usePostedForm, useSentByPlainPost } from '../../components/PlainForm';
import { usePageMeta } from '../../components/usePageMeta';
import {
  defaultDonationAmount,
  donationPresets,
  formatRupees,
  isAcceptableCustomAmount,
  isPresetAmount,
  paidSectionId,
  paymentAlertText,
  upiPaymentLink,
} from './donation';
import { legalText } from '@ngo-site/shared';
import { useTranslator } from '../../i18n/i18n';
import { PaidFormSlot } from './PaidFormSlot';
import './DonatePage.css';

/** `?paid=1`: the page asked for with "I have paid" open (how that button works without the script). */
const reportQuery = { name: 'paid', value: '1' };

/** Phones open a upi:// link in the payment app; desktops show its QR code instead. */
const isPhone = () => /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);

export function DonatePage() {
  const { t, locale, lang } = useTranslator();
  const rupees = (value: number | string) => formatRupees(value, locale);
  const { hero, form_title, impact, meta_description, notice_version } = useLoaderData({ from: '/{-$lang}/donate' });
  usePageMeta(t('Donate'), meta_description);
  // The amount: a preset chosen, or else what the custom field holds (read from the page, so a figure
  // typed before the script took over counts). "Other" stays chosen while a preset figure is typed
  // (e.g. 500 on the way to 5000).
  const site = useSiteSettings();
  const [preset, setPreset] = useState(isPresetAmount(defaultDonationAmount) ? defaultDonationAmount : null);
  // A citizenship asked for in the address (the choice sent without the script) is the first one.
  const askedCitizenship = useRouterState({
    select: (state) => ((state.location.search as Record<string, unknown>).citizenship === 'foreign' ? 'foreign' : 'indian'),
  });
  const choice = useForm({ amount: isPresetAmount(defaultDonationAmount) ? '' : defaultDonationAmount, citizenship: askedCitizenship });
  // A gift from a foreign source (FCRA): refused before any payment while the organisation has no
  // FCRA registration; else paid into the FCRA account, never by UPI.
  const foreign = choice.values.citizenship === 'foreign';
  const fcraRegistered = site.fcra_registration.trim() !== '';
  const amount = preset ?? choice.values.amount;
  const [monthly, setMonthly] = useState(false);
  const customInputRef = useRef<HTMLInputElement>(null);
  const [qr, setQr] = useState<{ svg: string; link: string } | null>(null);
  // The report is open when asked for, or when a plain post of it came back (docs/forms.md). It is
  // part of the page's script, so the server can render it for a browser without one.
  const askedToReport = useRouterState({
    select: (state) => String((state.location.search as Record<string, unknown>)[reportQuery.name]) === reportQuery.value,
  });
  const posted = usePostedForm();
  const sentByPost = useSentByPlainPost();
  const reportAction = usePlainFormAction(paidSectionId);
  const [reporting, setReporting] = useState(askedToReport || Boolean(posted) || sentByPost);

  const showCustomInput = preset === null;
  const canPay = amount !== '' && Number(amount) > 0;

  function chooseOther() {
    setPreset(null);
    choice.set({ amount: '' });
    // The input appears on this render; focus it once it exists.
    requestAnimationFrame(() => customInputRef.current?.focus());
  }

  return (
    <>
      <PageHero title={hero.title} eyebrow={hero.eyebrow}>
        {hero.intro}
      </PageHero>

      <section className="section">
        <div className="container form-layout donate-layout">
          <Form
            form={choice}
            method="get"
            className="form-card donate-card"
            aria-labelledby="donation-form-title"
            onSubmit={() => {
              if (!canPay || foreign) return;
              if (!site.upi_id) return window.alert(paymentAlertText(amount, monthly, t, locale));
              const link = upiPaymentLink(site.upi_id, site.name, amount, monthly);
              if (isPhone()) {
                window.location.href = link;
                return;
              }
              // Made here in the browser (no third-party request); loaded only when asked for.
              void import('uqr').then(({ renderSVG }) => setQr({ svg: renderSVG(link, { border: 2 }), link }));
            }}
          >
            <h2 id="donation-form-title">{form_title}</h2>

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

            <fieldset className="choice-group">
              <legend className="field-label">{t('Donation frequency')}</legend>
              <div className="segmented">
                <button type="button" className="segment" aria-pressed={!monthly} onClick={() => setMonthly(false)}>
                  {t('One-time')}
                </button>
                <button type="button" className="segment" aria-pressed={monthly} onClick={() => setMonthly(true)}>
                  {t('Monthly')}
                </button>
              </div>
            </fieldset>

            <fieldset className="choice-group">
              <legend className="field-label">{t('Select an amount')}</legend>
              <div className="amount-grid">
                {donationPresets.map((option) => (
                  <button
                    key={option.amount}
                    type="button"
                    className="amount-button"
                    aria-pressed={preset === String(option.amount)}
                    onClick={() => setPreset(String(option.amount))}
                  >
                    {rupees(option.amount)}
                  </button>
                ))}
                <button type="button" className="amount-button" aria-pressed={showCustomInput} onClick={chooseOther}>
                  {t('Other')}
                </button>
              </div>
            </fieldset>

            {showCustomInput && (
              <div className="field">
                <label htmlFor="custom-amount">{t('Custom amount (₹)')}</label>
                <div className="input-prefix">
                  <span aria-hidden="true">₹</span>
                  <input
                    ref={customInputRef}
                    id="custom-amount"
                    className="input"
                    type="text"
                    inputMode="numeric"
                    pattern="[0-9]*"
                    autoComplete="off"
                    placeholder={t('Enter amount')}
                    {...choice.field('amount')}
                    onChange={(event) => {
                      // Digits only: anything else typed or pasted is taken out before the form reads it.
                      if (!isAcceptableCustomAmount(event.target.value)) event.target.value = event.target.value.replace(/\D/g, '');
                    }}
                  />
                </div>
              </div>
            )}

            <p className="donation-summary" aria-live="polite">
              {canPay
                ? monthly
                  ? t('You are giving {amount} every month.', { amount: rupees(amount) })
                  : t('You are giving {amount} once.', { amount: rupees(amount) })
                : t('Enter an amount to continue.')}
            </p>

            {!foreign && (
              <button type="submit" className="btn btn-accent btn-lg btn-block" disabled={!canPay}>
                <Icon name="heart" size={20} />
                {t('Proceed to Payment')}
              </button>
            )}
            {foreign ? null : site.upi_id ? (
              <p className="fine-print">
                {t(
                  'The payment happens in your UPI app (for example Google Pay, PhonePe or Paytm), straight to {name} at {upi}. We never see your bank details.',
                  { name: site.name, upi: site.upi_id },
                )}
              </p>
            ) : (
              <p className="fine-print">{t('This is a demonstration: no payment is taken.')}</p>
            )}
            {qr && !foreign && (
              <figure className="upi-qr">
                <div
                  role="img"
                  aria-label={t('QR code of a UPI payment of {amount} to {name}', { amount: rupees(amount), name: site.name })}
                  dangerouslySetInnerHTML={{ __html: qr.svg }}
                />
                <figcaption>
                  {t('Scan this with the UPI app on your phone to pay {amount}, or', { amount: rupees(amount) })}{' '}
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

          <aside className="impact-panel" aria-labelledby="impact-list-title">
            <h2 id="impact-list-title">{impact.title}</h2>
            <ul className="impact-list">
              {impact.items.map((item, index) => (
                <li key={index}>
                  <span className="impact-amount">{rupees(item.amount)}</span>
                  <span>{item.text}</span>
                </li>
              ))}
            </ul>
          </aside>
        </div>
        <div id={paidSectionId} className="container paid-section">
          {foreign && !fcraRegistered ? null : reporting ? (
            <PaidFormSlot amount={amount} monthly={monthly} citizenship={foreign ? 'foreign' : 'indian'} noticeVersion={notice_version} />
          ) : (
            // Without the script the button asks for the page with the report open.
            <form method="get" action={reportAction}>
              <input type="hidden" name={reportQuery.name} value={reportQuery.value} />
              {foreign && <input type="hidden" name="citizenship" value="foreign" />}
              <button
                type="submit"
                className="btn btn-outline btn-lg"
                onClick={(event) => {
                  event.preventDefault();
                  setReporting(true);
                }}
              >
                {t('I have paid')}
              </button>
            </form>
          )}
        </div>
      </section>
    </>
  );
}
