import { Schema, Types } from 'mongoose';
import type { Schemas } from '../../contract.js';

export type LinkPurpose = Schemas['PasswordLink']['purpose'];

/**
 * A link mailed to set a password: a reset, or an invitation's first password. Only the token's
 * hash is kept (the token itself is in the mail alone), with the account's token version when it
 * was issued: setting a password bumps that version, which ends this link and every other one.
 */
export interface PasswordLink {
  _id: string;
  user: Types.ObjectId;
  purpose: LinkPurpose;
  tokenVersion: number;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
}

export const passwordLinkSchema = new Schema<PasswordLink>(
  {
    _id: { type: String, required: true },
    user: { type: Schema.Types.ObjectId, required: true, index: true },
    purpose: { type: String, required: true },
    tokenVersion: { type: Number, required: true },
    // Swept by hand: FerretDB has no TTL indexes.
    expiresAt: { type: Date, required: true, index: true },
  },
  { timestamps: true },
);
