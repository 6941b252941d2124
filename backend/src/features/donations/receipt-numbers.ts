import type { Model } from 'mongoose';
import type { Receipt, ReceiptCounter } from './model.js';

export const receiptNumber = (fy: string, seq: number) => `${fy}/${String(seq).padStart(4, '0')}`;

const maxAttempts = 1000;
const isDuplicate = (error: unknown) => (error as { code?: number }).code === 11000;

/**
 * Numbers receipts per financial year with no gap and no repeat, across instances. The counter
 * document holds the last number issued and says where to start; the receipt's unique `number`
 * decides. FerretDB's `findOneAndUpdate` with `$inc` reads, then writes: two instances at once
 * get the same value and the counter loses the other's step, so the counter cannot decide alone.
 * An insert that meets a taken number tries the next one, so no number is skipped either; the
 * counter moves only after its number is taken, so a failed insert leaves no hole.
 */
export class ReceiptNumbers {
  constructor(
    private readonly receipts: Model<Receipt>,
    private readonly counters: Model<ReceiptCounter>,
  ) {}

  /** Inserts the receipt under the next free number of its year; the one already issued for (donation, issue) if there is one. */
  async issue(fy: string, receipt: Omit<Receipt, 'number' | 'fy' | 'seq'>): Promise<Receipt> {
    let seq = (await this.last(fy)) + 1;
    // Each failed attempt means another receipt took that number, so the loop ends within as many
    // attempts as receipts are being issued at this moment.
    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      const numbered = { ...receipt, fy, seq, number: receiptNumber(fy, seq) };
      try {
        await this.receipts.create(numbered);
        await this.advance(fy, seq);
        return numbered;
      } catch (error) {
        if (!isDuplicate(error)) throw error;
      }
      const same = await this.receipts.findOne({ donation: receipt.donation, issue: receipt.issue }).lean<Receipt>();
      if (same) return same;
      seq = Math.max(seq, await this.last(fy)) + 1;
    }
    throw new Error(`no free receipt number in ${fy} after ${maxAttempts} attempts`);
  }

  private async last(fy: string): Promise<number> {
    return (await this.counters.findById(fy).lean<ReceiptCounter>())?.last ?? 0;
  }

  /** Raises the counter to `seq` (never lowers it); a lost race only makes the next search start lower. */
  private async advance(fy: string, seq: number) {
    try {
      await this.counters.updateOne({ _id: fy }, { $max: { last: seq } }, { upsert: true });
    } catch (error) {
      // Two first receipts of a year created the counter at once: the other one is there now.
      if (!isDuplicate(error)) throw error;
      await this.counters.updateOne({ _id: fy }, { $max: { last: seq } });
    }
  }
}
