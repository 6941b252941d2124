import type { BankCredit, Donation } from './model.js';
import { referenceKey } from './views.js';

/** The references a credit may carry: its reference column, and each word of its narration. */
export function creditReferences(credit: BankCredit): string[] {
  const words = `${credit.reference} ${credit.description}`.split(/[^A-Za-z0-9]+/).map(referenceKey);
  return [...new Set([referenceKey(credit.reference), ...words].filter((word) => word.length >= 5))];
}

/**
 * A donation and a credit belong together when the amounts are equal and the donation's reference
 * is the credit's, a word of its narration, or (a long one) inside the narration's characters, as
 * banks write a UTR run together with other text.
 */
function belongs(donation: Donation, credit: BankCredit, references: string[]): boolean {
  if (donation.amount !== credit.amount) return false;
  const key = donation.referenceKey;
  return references.includes(key) || (key.length >= 10 && referenceKey(credit.description).includes(key));
}

export interface Matches {
  matched: { donation: Donation; credit: BankCredit }[];
  alreadyReceived: number;
  unreported: BankCredit[];
}

/** Pairs each credit with at most one donation and each donation with at most one credit. */
export function matchCredits(credits: BankCredit[], donations: Donation[]): Matches {
  const taken = new Set<string>();
  const outcome: Matches = { matched: [], alreadyReceived: 0, unreported: [] };
  for (const credit of credits) {
    const references = creditReferences(credit);
    const donation = donations.find((candidate) => !taken.has(candidate._id.toHexString()) && belongs(candidate, credit, references));
    if (!donation) outcome.unreported.push(credit);
    else {
      taken.add(donation._id.toHexString());
      if (donation.status === 'received') outcome.alreadyReceived += 1;
      else outcome.matched.push({ donation, credit });
    }
  }
  return outcome;
}
