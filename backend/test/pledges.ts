// The pledge tests' helpers: a pledge as the Donate page's monthly form sends it, and the parts of
// a reminder mail (its month's reference, its stop link, its QR code).
import type supertest from 'supertest';
import { expect } from 'vitest';
import type { CaughtMail } from '../../tools/mail-catcher.mjs';

type Request = ReturnType<typeof supertest>;

export const pledgeFields = (fields: Record<string, unknown> = {}) => ({
  name: 'Asha Kumari',
  email: 'asha@example.org',
  mobile: '+91 98765 43210',
  amount: 1000,
  day: 5,
  pan: 'ABCPT1234F',
  address: 'House 12, Lalpur, Ranchi 834001',
  website: '',
  elapsed_ms: 5000,
  ...fields,
});

/** Makes a pledge as the form does (in Hindi with `lang`); its id. */
export async function makePledge(request: Request, fields: Record<string, unknown> = {}, lang?: 'hi'): Promise<void> {
  const res = await request.post(`/api/pledge_save.php${lang ? `?lang=${lang}` : ''}`).send(pledgeFields(fields));
  expect(res.status, res.text).toBe(201);
}

/** The month's reference a reminder asks the donor to put in the payment's note. */
export const referenceOf = (mail: CaughtMail) => /PLG\d{10}/.exec(mail.text)?.[0] ?? '';
/** The path and query of the reminder's stop link. */
export const stopLinkOf = (mail: CaughtMail) => {
  const url = /https?:\/\/\S+\/api\/stop_pledge\.php\?token=[\w.-]+/.exec(mail.text)?.[0];
  return url ? new URL(url).pathname + new URL(url).search : '';
};
/** The QR code image the reminder carries. */
export const qrOf = (mail: CaughtMail) => mail.attachments.find((file) => file.contentType === 'image/png');
