/** Preset amounts in rupees, and what each one does (spec section 9). */
export const donationPresets = [
  { amount: 500, impact: 'provides clean water for a family for a month' },
  { amount: 1000, impact: 'educational materials for 10 students' },
  { amount: 2000, impact: 'plants 50 trees' },
  { amount: 5000, impact: 'funds a micro-business for a woman entrepreneur' },
  { amount: 10000, impact: 'builds a rainwater harvesting system for a community' },
] as const;

export const defaultDonationAmount = '50';

export function formatRupees(amount: number | string): string {
  return `₹${Number(amount).toLocaleString('en-IN')}`;
}

export function isPresetAmount(amount: string): boolean {
  return amount !== '' && donationPresets.some((preset) => String(preset.amount) === amount);
}

/** The custom amount accepts digits only (or nothing). */
export function isAcceptableCustomAmount(value: string): boolean {
  return /^\d*$/.test(value);
}

export function paymentAlertText(amount: string, monthly: boolean): string {
  return `Thank you for your ${monthly ? 'monthly' : 'one-time'} donation of ${formatRupees(amount)}! The payment would be processed in a real application.`;
}

/** The UPI payment link for this gift: payee, amount in INR and a note saying what it is for. */
export function upiPaymentLink(upiId: string, payeeName: string, amount: string, monthly: boolean): string {
  const params = new URLSearchParams({
    pa: upiId,
    pn: payeeName,
    am: Number(amount).toFixed(2),
    cu: 'INR',
    tn: `${monthly ? 'Monthly' : 'One-time'} donation to ${payeeName}`.slice(0, 80),
  });
  return `upi://pay?${params.toString().replace(/\+/g, '%20')}`;
}
