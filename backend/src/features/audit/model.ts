import { Schema, Types } from 'mongoose';
import type { Schemas } from '../../contract.js';

/**
 * Who exported or erased personal data, and when. It holds the admin's account id, the action
 * and how many records it touched: never the names, addresses or e-mails themselves.
 */
export interface AuditEntry {
  _id: Types.ObjectId;
  action: Schemas['AuditLogEntry']['action'];
  actor: string;
  count: number;
  /** What it was done to (a donation's reference, a receipt number, a year); never personal data. */
  subject?: string;
  createdAt: Date;
}

export const auditEntrySchema = new Schema<AuditEntry>(
  {
    action: { type: String, required: true },
    actor: { type: String, required: true },
    count: { type: Number, required: true },
    subject: { type: String },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
auditEntrySchema.index({ createdAt: -1 });
