import { fillIn, type Translator } from '../../i18n/i18n';

/** The preset amounts in rupees (spec section 9); what each one does is the page's content ("Your Impact"). */
export const donationPresets: readonly { amount: number }[] = [{ amount: 500 }, { amount: 1000 }, { amount: 2000 }, { amount: 5000 }, { amount: 10000 }];

export const defaultDonationAmount = '50';

/** ₹1,00,000: rupees in the Indian grouping (the same digits in Hindi, `hi-IN`). */
export function formatRupees(amount: number | string, locale = 'en-IN'): string {
  return `₹${Number(amount).toLocaleString(locale)}`;
}

export function isPresetAmount(amount: string): boolean {
  return amount !== '' && donationPresets.some((preset) => String(preset.amount) === amount);
}

/** The custom amount accepts digits only (or nothing). */
export function isAcceptableCustomAmount(value: string): boolean {
  return /^\d*$/.test(value);
}

export function paymentAlertText(amount: string, monthly: boolean, t: Translator['t'] = fillIn, locale = 'en-IN'): string {
  const values = { amount: formatRupees(amount, locale) };
  return monthly
    ? t('Thank you for your monthly donation of {amount}! The payment would be processed in a real application.', values)
    : t('Thank you for your one-time donation of {amount}! The payment would be processed in a real application.', values);
}

/**
 * The UPI payment link for this gift: payee, amount in INR (left to the donor's app when '') and a
 * note saying what it is for (a campaign's title, or the kind of gift).
 */
export function upiPaymentLink(upiId: string, payeeName: string, amount: string, monthly: boolean, note?: string): string {
  const params = new URLSearchParams({
    pa: upiId,
    pn: payeeName,
    ...(amount && { am: Number(amount).toFixed(2) }),
    cu: 'INR',
    tn: (note ?? `${monthly ? 'Monthly' : 'One-time'} donation to ${payeeName}`).slice(0, 80),
  });
  return `upi://pay?${params.toString().replace(/\+/g, '%20')}`;
}

/** The id of the "I have paid" section: a plain post of the report comes back to it. */
export const paidSectionId = 'paid';
