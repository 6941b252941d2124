import { Schema } from 'mongoose';

/** A write's Idempotency-Key as stored: who claimed it, and the first answer once there is one. */
export interface IdempotencyRecord {
  _id: string;
  fingerprint: string;
  state: 'pending' | 'done';
  leaseUntil: Date;
  expiresAt: Date;
  status?: number;
  body?: unknown;
  /** How often the key was taken over (a lease that ran out, a key that expired): each take-over claims the next. */
  generation?: number;
}

export const idempotencyRecordSchema = new Schema<IdempotencyRecord>(
  {
    _id: { type: String, required: true },
    fingerprint: { type: String, required: true },
    state: { type: String, required: true },
    leaseUntil: { type: Date, required: true },
    // Swept by hand: FerretDB has no TTL indexes.
    expiresAt: { type: Date, required: true, index: true },
    status: { type: Number },
    body: { type: Schema.Types.Mixed },
    generation: { type: Number },
  },
  { versionKey: false, minimize: false },
);
