import { Schema } from 'mongoose';
import type { Schemas } from '../../contract.js';

/** openapi.yaml's `Role`. */
export type Role = Schemas['Role'];
// Every role once: a role added to or removed from the contract fails to compile here.
const everyRole: Record<Role, true> = { admin: true, editor: true };
export const roles = Object.keys(everyRole) as Role[];

/** An account of the admin area (the collection keeps its first name, admin_users). */
export interface AdminUser {
  name: string;
  email: string;
  passwordHash: string;
  role: Role;
  /** Bumped when the password changes or the role changes: tokens carry it, older ones are refused. */
  tokenVersion: number;
  lastLoginAt?: Date;
  /** Sessions ended by a logout (token ids), kept until their tokens expire. */
  endedSessions?: { id: string; until: Date }[];
  /** Invited and yet to choose a password (it has none that anyone knows). */
  invited?: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const adminUserSchema = new Schema<AdminUser>(
  {
    name: { type: String, trim: true, default: 'Admin' },
    email: { type: String, required: true, trim: true, lowercase: true, unique: true },
    passwordHash: { type: String, required: true },
    role: { type: String, required: true, enum: roles, default: 'admin' },
    tokenVersion: { type: Number, default: 0 },
    lastLoginAt: { type: Date },
    endedSessions: { type: [{ _id: false, id: String, until: Date }], default: undefined },
    invited: { type: Boolean },
  },
  { timestamps: true },
);
