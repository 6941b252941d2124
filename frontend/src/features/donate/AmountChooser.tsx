import { useRef, useState } from 'react';
import type { FormModel } from '../../components/Form';
import { useTranslator } from '../../i18n/i18n';
import { defaultDonationAmount, donationPresets, formatRupees, isAcceptableCustomAmount, isPresetAmount } from './donation';

type AmountForm = FormModel<{ amount: string }> | FormModel<{ amount: string } & Record<string, string>>;

/**
 * The amount of a gift: a preset chosen, or else what the custom field holds (read from the page,
 * so a figure typed before the script took over counts). "Other" stays chosen while a preset figure
 * is typed (e.g. 500 on the way to 5000). Without the script the custom field shows, holding 50.
 */
export function useAmountChoice(form: AmountForm) {
  const [preset, setPreset] = useState(isPresetAmount(defaultDonationAmount) ? defaultDonationAmount : null);
  const inputRef = useRef<HTMLInputElement>(null);
  const amount = preset ?? (form.values as { amount: string }).amount;
  return {
    preset,
    amount,
    canPay: amount !== '' && Number(amount) > 0,
    inputRef,
    choose: setPreset,
    chooseOther() {
      setPreset(null);
      (form.set as (values: { amount: string }) => void)({ amount: '' });
      // The input appears on this render; focus it once it exists.
      requestAnimationFrame(() => inputRef.current?.focus());
    },
  };
}

export type AmountChoice = ReturnType<typeof useAmountChoice>;

/** The preset amounts and "Other" with its digits-only field, inside the form whose `amount` it is. */
export function AmountChooser({ form, choice, inputId }: { form: AmountForm; choice: AmountChoice; inputId: string }) {
  const { t, locale } = useTranslator();
  const field = (form.field as (name: 'amount') => ReturnType<FormModel<{ amount: string }>['field']>)('amount');
  return (
    <>
      <fieldset className="choice-group">
        <legend className="field-label">{t('Select an amount')}</legend>
        <div className="amount-grid">
          {donationPresets.map((option) => (
            <button
              key={option.amount}
              type="button"
              className="amount-button"
              aria-pressed={choice.preset === String(option.amount)}
              onClick={() => choice.choose(String(option.amount))}
            >
              {formatRupees(option.amount, locale)}
            </button>
          ))}
          <button type="button" className="amount-button" aria-pressed={choice.preset === null} onClick={choice.chooseOther}>
            {t('Other')}
          </button>
        </div>
      </fieldset>
      {choice.preset === null ? (
        <div className="field">
          <label htmlFor={inputId}>{t('Custom amount (₹)')}</label>
          <div className="input-prefix">
            <span aria-hidden="true">₹</span>
            <input
              ref={choice.inputRef}
              id={inputId}
              className="input"
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              placeholder={t('Enter amount')}
              {...field}
              onChange={(event) => {
                // Digits only: anything else typed or pasted is taken out before the form reads it.
                if (!isAcceptableCustomAmount(event.target.value)) event.target.value = event.target.value.replace(/\D/g, '');
              }}
            />
          </div>
        </div>
      ) : (
        // A preset is what the form sends.
        <input type="hidden" name="amount" value={choice.preset} />
      )}
    </>
  );
}
