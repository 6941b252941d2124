// The campaign tests' helpers: a campaign added as the admin's form sends it, and gifts for it as
// the campaign page's "I have paid" form sends them.
import { randomInt } from 'node:crypto';
import type supertest from 'supertest';
import { expect } from 'vitest';
import type { TestApp } from './app.js';

type Request = ReturnType<typeof supertest>;

const day = (fromToday: number) => new Date(Date.now() + fromToday * 24 * 60 * 60 * 1000 + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 10);

export const campaignFields = (fields: Record<string, unknown> = {}) => ({
  title: '200 rainwater tanks before the monsoon',
  title_hi: 'मानसून से पहले 200 वर्षा जल टैंक',
  story: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Every tank keeps a family in water through the dry months.' }] }] },
  goal: 10000,
  starts_on: day(-10),
  ends_on: day(20),
  program: 'health',
  status: 'published',
  ...fields,
});

/** Adds a campaign as an admin does; its id. */
export async function addCampaign(t: TestApp, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await t.request.post('/api/add_campaign.php').set('Authorization', `Bearer ${t.adminToken()}`).send(campaignFields(fields));
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as string;
}

/** A fresh UPI transaction reference (12 digits). */
export const newUtr = () => `4${String(randomInt(0, 1e11)).padStart(11, '0')}`;

/** "I have paid" for a gift, as a donor sends it; the donation's id. */
export async function reportGift(t: TestApp, request: Request, fields: Record<string, unknown> = {}): Promise<string> {
  const reference = newUtr();
  const res = await request
    .post('/api/donation_save.php')
    .send({ name: 'Asha Kumari', email: 'asha@example.org', amount: 2500, reference, mode: 'upi', website: '', elapsed_ms: 5000, ...fields });
  expect(res.status, res.text).toBe(201);
  return (await t.db.models.Donation.findOne({ referenceKey: reference }).lean())!._id.toHexString();
}
