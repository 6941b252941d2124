// An amount in words as Indian receipts and cheques write it: thousand, lakh (1,00,000) and
// crore (1,00,00,000), e.g. 1,20,000 is "Rupees One Lakh Twenty Thousand Only".

const ones = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const tens = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** The largest amount the words go to: 99,99,99,999. */
export const largestAmountInWords = 999_999_999;

function belowHundred(n: number): string[] {
  if (n < 20) return n ? [ones[n]!] : [];
  return [tens[Math.floor(n / 10)]!, ...(n % 10 ? [ones[n % 10]!] : [])];
}

/** Whole rupees (1 to 99,99,99,999) in words: "One Lakh Twenty Thousand". */
export function numberInIndianWords(amount: number): string {
  if (!Number.isInteger(amount) || amount < 1 || amount > largestAmountInWords) throw new RangeError(`no words for ${amount}`);
  const groups: [value: number, name: string][] = [
    [Math.floor(amount / 10_000_000), 'Crore'],
    [Math.floor(amount / 100_000) % 100, 'Lakh'],
    [Math.floor(amount / 1000) % 100, 'Thousand'],
    [Math.floor(amount / 100) % 10, 'Hundred'],
  ];
  const words = groups.flatMap(([value, name]) => (value ? [...belowHundred(value), name] : []));
  return [...words, ...belowHundred(amount % 100)].join(' ');
}

export const rupeesInWords = (amount: number) => `Rupees ${numberInIndianWords(amount)} Only`;
