import { describe, expect, it } from 'vitest';
import { largestAmountInWords, numberInIndianWords, rupeesInWords } from './amount-words.js';

// The words read back as a number, by the rules a person reading a cheque uses: a group's value
// is multiplied by the scale word that ends it. Written apart from the code under test.
const values: Record<string, number> = {
  One: 1,
  Two: 2,
  Three: 3,
  Four: 4,
  Five: 5,
  Six: 6,
  Seven: 7,
  Eight: 8,
  Nine: 9,
  Ten: 10,
  Eleven: 11,
  Twelve: 12,
  Thirteen: 13,
  Fourteen: 14,
  Fifteen: 15,
  Sixteen: 16,
  Seventeen: 17,
  Eighteen: 18,
  Nineteen: 19,
  Twenty: 20,
  Thirty: 30,
  Forty: 40,
  Fifty: 50,
  Sixty: 60,
  Seventy: 70,
  Eighty: 80,
  Ninety: 90,
};
const scales: Record<string, number> = { Hundred: 100, Thousand: 1000, Lakh: 100_000, Crore: 10_000_000 };

function readBack(words: string): number {
  let total = 0;
  let group = 0;
  let lastScale = Infinity;
  for (const word of words.split(' ')) {
    if (word in values) group += values[word]!;
    else if (word in scales) {
      // Scales come in falling order, each once, each after a number below 100 (10 for Hundred).
      if (scales[word]! >= lastScale || group < 1 || group >= (word === 'Hundred' ? 10 : 100)) throw new Error(`"${words}" is not well formed`);
      lastScale = scales[word]!;
      total += group * scales[word]!;
      group = 0;
    } else throw new Error(`unknown word ${word} in "${words}"`);
  }
  return total + group;
}

describe('amounts in Indian words', () => {
  it.each([
    [1, 'One'],
    [9, 'Nine'],
    [10, 'Ten'],
    [11, 'Eleven'],
    [19, 'Nineteen'],
    [20, 'Twenty'],
    [21, 'Twenty One'],
    [99, 'Ninety Nine'],
    [100, 'One Hundred'],
    [101, 'One Hundred One'],
    [110, 'One Hundred Ten'],
    [999, 'Nine Hundred Ninety Nine'],
    [1000, 'One Thousand'],
    [1001, 'One Thousand One'],
    [1500, 'One Thousand Five Hundred'],
    [9999, 'Nine Thousand Nine Hundred Ninety Nine'],
    [10_000, 'Ten Thousand'],
    [99_999, 'Ninety Nine Thousand Nine Hundred Ninety Nine'],
    [100_000, 'One Lakh'],
    [100_001, 'One Lakh One'],
    [120_000, 'One Lakh Twenty Thousand'],
    [999_999, 'Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine'],
    [1_000_000, 'Ten Lakh'],
    [9_999_999, 'Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine'],
    [10_000_000, 'One Crore'],
    [10_000_001, 'One Crore One'],
    [10_100_000, 'One Crore One Lakh'],
    [12_345_678, 'One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight'],
    [99_999_999, 'Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine'],
    [100_000_000, 'Ten Crore'],
    [999_999_999, 'Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine'],
  ])('%i is %s', (amount, words) => {
    expect(numberInIndianWords(amount)).toBe(words);
  });

  it('say the currency as receipts do', () => {
    expect(rupeesInWords(120_000)).toBe('Rupees One Lakh Twenty Thousand Only');
    expect(rupeesInWords(1)).toBe('Rupees One Only');
  });

  it('refuse what has no words: zero, fractions, negatives and past 99,99,99,999', () => {
    for (const amount of [0, -1, 1.5, Number.NaN, largestAmountInWords + 1]) expect(() => numberInIndianWords(amount)).toThrow(RangeError);
  });

  it('read back as the same number over every boundary and a large random sample', () => {
    const amounts = new Set<number>();
    // Every power of ten and its neighbours, and each group's edges.
    for (let power = 1; power <= largestAmountInWords; power *= 10) for (const amount of [power - 1, power, power + 1]) amounts.add(amount);
    for (const scale of [100, 1000, 100_000, 10_000_000])
      for (const k of [1, 9, 10, 11, 19, 20, 21, 99])
        amounts
          .add(k * scale)
          .add(k * scale - 1)
          .add(k * scale + 1);
    for (let n = 1; n <= 2000; n++) amounts.add(n);
    // A fixed-seed generator (mulberry32), so a failure can be replayed.
    let seed = 20262027;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    for (let i = 0; i < 50_000; i++) amounts.add(1 + Math.floor(random() * largestAmountInWords));
    for (let digits = 1; digits <= 9; digits++) {
      for (let i = 0; i < 2000; i++) amounts.add(Math.max(1, Math.floor(random() * 10 ** digits)));
    }
    for (const amount of amounts) {
      if (amount < 1 || amount > largestAmountInWords) continue;
      const words = numberInIndianWords(amount);
      if (readBack(words) !== amount) expect.fail(`${amount} → "${words}" → ${readBack(words)}`);
    }
    expect(amounts.size).toBeGreaterThan(60_000);
  });
});
