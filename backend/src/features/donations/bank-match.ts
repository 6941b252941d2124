import type { BankCredit, Donation } from './model.js';
import { referenceKey } from './views.js';

/**
 * The shapes of a payment reference, never a plain word: a UPI UTR or IMPS RRN (12 digits, or a
 * longer run of digits), or a NEFT/RTGS UTR (the sending bank's four letters, a letter or digit,
 * then digits: HDFCN52026040212345). A word of a narration (OKICICI, DEPOSIT, TRANSFER) is
 * anyone's to guess, so it never matches.
 */
const referenceShapes = [/^\d{12,22}$/, /^[A-Z]{4}[A-Z0-9]\d{9,17}$/];
export const isReferenceShaped = (key: string) => referenceShapes.some((shape) => shape.test(key));

/**
 * The references a credit carries: the reference-shaped tokens of its reference column and
 * narration, the runs of 12 or more digits inside a token (banks run a UTR together with text:
 * IMPS412345678901), and the bank's reference column whole when it holds 6 digits or more (a
 * cheque number).
 */
export function creditReferences(credit: Pick<BankCredit, 'reference' | 'description'>): string[] {
  const found = new Set<string>();
  for (const token of `${credit.reference} ${credit.description}`.split(/[^A-Za-z0-9]+/).map(referenceKey)) {
    if (isReferenceShaped(token)) found.add(token);
    for (const digits of token.match(/\d{12,22}/g) ?? []) found.add(digits);
  }
  const column = referenceKey(credit.reference);
  if ((column.match(/\d/g) ?? []).length >= 6) found.add(column);
  return [...found];
}

export interface Matches {
  /** One credit and one report that fit each other and nothing else. */
  matched: { donation: Donation; credit: BankCredit }[];
  /** Credits and reports that fit more than one way: flagged, never matched. */
  ambiguous: { credits: BankCredit[]; donations: Donation[] }[];
  alreadyReceived: number;
  unreported: BankCredit[];
}

/**
 * A report fits a credit when the amounts are equal and the report's reference is one the credit
 * carries. A credit and a report that fit only each other are matched; where two reports fit
 * one credit, or one report fits two credits, the whole group is left to the admin.
 */
export function matchCredits(credits: BankCredit[], donations: Donation[]): Matches {
  const fits = credits.map((credit) => {
    const references = new Set(creditReferences(credit));
    return donations.filter((donation) => donation.amount === credit.amount && references.has(donation.referenceKey));
  });
  const creditsOf = new Map<Donation, number[]>();
  fits.forEach((fitting, index) => fitting.forEach((donation) => creditsOf.set(donation, [...(creditsOf.get(donation) ?? []), index])));

  const outcome: Matches = { matched: [], ambiguous: [], alreadyReceived: 0, unreported: [] };
  const grouped = new Set<number>();
  credits.forEach((credit, index) => {
    const fitting = fits[index]!;
    if (!fitting.length) return outcome.unreported.push(credit);
    if (fitting.length === 1 && creditsOf.get(fitting[0]!)!.length === 1) {
      if (fitting[0]!.status === 'received') outcome.alreadyReceived += 1;
      else outcome.matched.push({ donation: fitting[0]!, credit });
      return;
    }
    if (grouped.has(index)) return;
    // The group: every credit and report reached from this credit through fits.
    const group = { credits: new Set<number>([index]), donations: new Set<Donation>() };
    for (const next of group.credits) {
      for (const donation of fits[next]!) {
        group.donations.add(donation);
        for (const other of creditsOf.get(donation)!) group.credits.add(other);
      }
    }
    group.credits.forEach((member) => grouped.add(member));
    outcome.ambiguous.push({ credits: [...group.credits].sort((a, b) => a - b).map((member) => credits[member]!), donations: [...group.donations] });
  });
  return outcome;
}
