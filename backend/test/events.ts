// The event tests' helpers: an event added through the API, and sign-ups as a visitor's form sends them.
import { randomUUID } from 'node:crypto';
import type supertest from 'supertest';
import { expect } from 'vitest';
import type { TestApp } from './app.js';

type Request = ReturnType<typeof supertest>;

const inDays = (days: number, hour = 9) => {
  const day = new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return `${day}T${String(hour).padStart(2, '0')}:00:00+05:30`;
};

export const campFields = (fields: Record<string, unknown> = {}) => ({
  title: 'Blood donation camp',
  title_hi: 'रक्तदान शिविर',
  kind: 'blood-donation',
  starts_at: inDays(10, 9),
  ends_at: inDays(10, 14),
  venue: 'Community hall, Lalpur',
  venue_hi: 'सामुदायिक भवन, लालपुर',
  address: 'Lalpur Chowk, Ranchi 834001',
  description: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Give blood, save lives. Tea and biscuits after.' }] }] },
  capacity: 100,
  status: 'published',
  ...fields,
});

/** Adds an event as an admin does; its id. */
export async function addEvent(t: TestApp, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await t.request.post('/api/add_event.php').set('Authorization', `Bearer ${t.adminToken()}`).send(campFields(fields));
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as string;
}

/** A sign-up as the event page's form sends it. */
export const signUp = (request: Request, eventId: string, person: Record<string, unknown>, lang?: 'hi') =>
  request
    .post(`/api/rsvp_save.php${lang ? `?lang=${lang}` : ''}`)
    .send({ event_id: eventId, name: 'Asha Kumari', email: 'asha@example.org', website: '', elapsed_ms: 5000, ...person });

/**
 * A sign-up as the page's script sends it: with an Idempotency-Key, sent again with that key
 * after a 503 or a 409 with Retry-After (the database slow for a moment), as the site's forms do.
 */
export async function signUpAsTheForm(request: Request, eventId: string, person: Record<string, unknown>) {
  const key = randomUUID();
  for (let attempt = 1; ; attempt++) {
    const res = await signUp(request, eventId, person).set('Idempotency-Key', key);
    const retry = res.status === 503 || (res.status === 409 && res.headers['retry-after']);
    if (!retry || attempt === 10) return res;
    await new Promise((resolve) => setTimeout(resolve, Number(res.headers['retry-after'] ?? 1) * 1000));
  }
}
