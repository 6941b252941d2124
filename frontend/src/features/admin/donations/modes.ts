import type { components } from '@ngo-site/shared/contract';

/** How the money came, as the admin reads it: said by the donor, or read from the bank's line. */
export const modeLabels: Record<components['schemas']['BankCreditMode'], string> = {
  upi: 'UPI',
  bank: 'Bank transfer',
  cash: 'Cash',
  cheque: 'Cheque',
  unknown: 'mode not shown',
};
