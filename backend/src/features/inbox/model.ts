import { Schema, Types } from 'mongoose';

export interface ContactMessage {
  _id: Types.ObjectId;
  name: string;
  email: string;
  subject: string;
  message: string;
  read: boolean;
  /** The language of the page it was sent from: replies are written in it. */
  lang?: 'en' | 'hi';
  createdAt: Date;
  updatedAt: Date;
}

export const contactMessageSchema = new Schema<ContactMessage>(
  {
    name: { type: String, required: true, trim: true },
    email: { type: String, required: true, trim: true },
    subject: { type: String, required: true, trim: true },
    message: { type: String, required: true, trim: true },
    read: { type: Boolean, default: false },
    lang: { type: String, default: 'en' },
  },
  { timestamps: true },
);
contactMessageSchema.index({ createdAt: -1 });
