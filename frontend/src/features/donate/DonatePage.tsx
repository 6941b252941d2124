import { useRef, useState } from 'react';
import { Icon } from '../../components/Icon';
import { PageHero } from '../../components/PageHero';
import { usePageMeta } from '../../components/usePageMeta';
import {
  defaultDonationAmount,
  donationPresets,
  formatRupees,
  isAcceptableCustomAmount,
  isPresetAmount,
  paymentAlertText,
} from './donation';

export function DonatePage() {
  usePageMeta(
    'Donate',
    'Give once or every month to bring clean water, education and trees to communities in Jharkhand and Bihar.',
  );
  const [amount, setAmount] = useState(defaultDonationAmount);
  const [monthly, setMonthly] = useState(false);
  // Stays on after "Other" so that typing a preset figure (e.g. 500 on the way to 5000) keeps the field.
  const [customChosen, setCustomChosen] = useState(false);
  const customInputRef = useRef<HTMLInputElement>(null);

  const showCustomInput = customChosen || !isPresetAmount(amount);
  const canPay = amount !== '' && Number(amount) > 0;

  function choosePreset(preset: number) {
    setCustomChosen(false);
    setAmount(String(preset));
  }

  function chooseOther() {
    setCustomChosen(true);
    setAmount('');
    // The input appears on this render; focus it once it exists.
    requestAnimationFrame(() => customInputRef.current?.focus());
  }

  return (
    <>
      <PageHero title="Make a Donation" eyebrow="Support our work">
        Your gift brings safe water, learning and green hills to families in Jharkhand and Bihar.
      </PageHero>

      <section className="section">
        <div className="container donate-layout">
          <form
            className="form-card donate-card"
            aria-labelledby="donation-form-title"
            onSubmit={(event) => {
              event.preventDefault();
              if (canPay) window.alert(paymentAlertText(amount, monthly));
            }}
          >
            <h2 id="donation-form-title">Choose your donation</h2>

            <fieldset className="choice-group">
              <legend className="field-label">Donation frequency</legend>
              <div className="segmented">
                <button type="button" className="segment" aria-pressed={!monthly} onClick={() => setMonthly(false)}>
                  One-time
                </button>
                <button type="button" className="segment" aria-pressed={monthly} onClick={() => setMonthly(true)}>
                  Monthly
                </button>
              </div>
            </fieldset>

            <fieldset className="choice-group">
              <legend className="field-label">Select an amount</legend>
              <div className="amount-grid">
                {donationPresets.map((preset) => (
                  <button
                    key={preset.amount}
                    type="button"
                    className="amount-button"
                    aria-pressed={!showCustomInput && amount === String(preset.amount)}
                    onClick={() => choosePreset(preset.amount)}
                  >
                    {formatRupees(preset.amount)}
                  </button>
                ))}
                <button type="button" className="amount-button" aria-pressed={showCustomInput} onClick={chooseOther}>
                  Other
                </button>
              </div>
            </fieldset>

            {showCustomInput && (
              <div className="field">
                <label htmlFor="custom-amount">Custom amount (₹)</label>
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
                    placeholder="Enter amount"
                    value={amount}
                    onChange={(event) => {
                      if (isAcceptableCustomAmount(event.target.value)) setAmount(event.target.value);
                    }}
                  />
                </div>
              </div>
            )}

            <p className="donation-summary" aria-live="polite">
              {canPay
                ? `You are giving ${formatRupees(amount)} ${monthly ? 'every month' : 'once'}.`
                : 'Enter an amount to continue.'}
            </p>

            <button type="submit" className="btn btn-accent btn-lg btn-block" disabled={!canPay}>
              <Icon name="heart" size={20} />
              Proceed to Payment
            </button>
            <p className="fine-print">This is a demonstration: no payment is taken.</p>
          </form>

          <aside className="impact-panel" aria-labelledby="impact-list-title">
            <h2 id="impact-list-title">Your Impact</h2>
            <ul className="impact-list">
              {donationPresets.map((preset) => (
                <li key={preset.amount}>
                  <span className="impact-amount">{formatRupees(preset.amount)}</span>
                  <span>{preset.impact}</span>
                </li>
              ))}
            </ul>
          </aside>
        </div>
      </section>
    </>
  );
}
