import { Schema } from 'mongoose';

export interface AdminUser {
  email: string;
  passwordHash: string;
  role: 'admin';
  createdAt: Date;
  updatedAt: Date;
}

export const adminUserSchema = new Schema<AdminUser>(
  {
    email: { type: String, required: true, trim: true, lowercase: true, unique: true },
    passwordHash: { type: String, required: true },
    role: { type: String, required: true, enum: ['admin'], default: 'admin' },
  },
  { timestamps: true },
);
