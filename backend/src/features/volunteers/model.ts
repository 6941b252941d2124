import { Schema, Types } from 'mongoose';

export interface Volunteer {
  _id: Types.ObjectId;
  name: string;
  email: string;
  mobile: string;
  gender: string;
  interest: string;
  start_date: Date | null;
  address: string;
  about: string;
  /** Asked since the DPDP Rules: under 18, a guardian confirmed the registration before it was stored. */
  date_of_birth?: Date | null;
  guardian_name?: string;
  guardian_email?: string;
  guardian_confirmed_at?: Date | null;
  /** The version of the volunteer form's privacy notice agreed to. */
  notice_version?: number;
  /** When the person withdrew the registration from their own page (/my), or null. */
  withdrawnAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const volunteerSchema = new Schema<Volunteer>(
  {
    name: { type: String, required: true, trim: true },
    email: { type: String, required: true, trim: true },
    mobile: { type: String, required: true, trim: true },
    gender: { type: String, default: '', trim: true },
    interest: { type: String, default: '', trim: true },
    start_date: { type: Date, default: null },
    address: { type: String, required: true, trim: true },
    about: { type: String, default: '', trim: true },
    date_of_birth: { type: Date, default: null },
    guardian_name: { type: String, default: '', trim: true },
    guardian_email: { type: String, default: '', trim: true },
    guardian_confirmed_at: { type: Date, default: null },
    notice_version: { type: Number },
    withdrawnAt: { type: Date, default: null },
  },
  { timestamps: true },
);
volunteerSchema.index({ createdAt: -1 });
