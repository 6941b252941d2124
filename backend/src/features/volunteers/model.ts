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
    withdrawnAt: { type: Date, default: null },
  },
  { timestamps: true },
);
volunteerSchema.index({ createdAt: -1 });
