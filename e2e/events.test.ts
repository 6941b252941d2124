// An event from the admin's API to the door, through nginx and two backends: signing up without
// the page's script in English and in Hindi (the page's answer, the confirmation mail with its
// .ics and cancellation link, which cancels), the event page's JSON-LD, and checking a person in
// by tapping their name in the admin on a phone. The rest (capacity under contention, reminders
// across a restart, calendars) is proven by the backend's tests.
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminToken, api, e2e, launchBrowser, loggedInAdmin, mailbox, openPage, type GuardedPage } from './harness';
import { seriousA11yViolations } from './screens';

const runTag = `ev${Date.now().toString(36)}`;
const day = (days: number, hour: number) =>
  `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00:00+05:30`;
let browser: Browser;
let token: string;
let eventId = '';

const post = (path: string, body: unknown) =>
  api<{ data: { id: string } }>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), token });

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  const added = await post('/api/add_event.php', {
    title: `Blood donation camp ${runTag}`,
    title_hi: `रक्तदान शिविर ${runTag}`,
    kind: 'blood-donation',
    starts_at: day(12, 9),
    ends_at: day(12, 14),
    venue: 'Community hall, Lalpur',
    venue_hi: 'सामुदायिक भवन, लालपुर',
    address: 'Lalpur Chowk, Ranchi 834001',
    capacity: 50,
    description: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Give blood, save lives.' }] }] },
  });
  expect(added.status).toBe(201);
  eventId = added.body.data.id;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  // Cancelled rather than deleted: it has sign-ups, whose list stays on record.
  if (eventId) await post('/api/update_event.php', { id: eventId, status: 'cancelled' });
});

/** A browser without the page's script, speaking from an address of its own. */
async function withoutScript(address: string): Promise<GuardedPage> {
  const guarded = await openPage(browser, { javaScript: false, viewport: 'phone' });
  await guarded.context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  return guarded;
}

/** Waits out the form's minimum time on the page, counted from the signed time the page carries. */
async function waitOutMinimum(page: Page) {
  const issuedAt = Number((await page.locator('input[name="form_token"]').first().inputValue()).split('.')[0]);
  const rest = issuedAt + 3200 - Date.now();
  if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
}

async function submit(page: Page, button: string): Promise<Response> {
  const [response] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: button }).click()]);
  return response!;
}

/** The page's schema.org Event, as a search engine reads it. */
async function eventJsonLd(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>).find((data) => data['@type'] === 'Event');
}

describe('an event', () => {
  test('takes a sign-up without the script in English: the page says it, the mail carries the .ics and a link that cancels', async () => {
    const guarded = await withoutScript('192.0.2.61');
    const { page } = guarded;
    await page.goto(`/events/${eventId}`);
    const jsonLd = await eventJsonLd(page);
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      name: `Blood donation camp ${runTag}`,
      startDate: day(12, 9),
      endDate: day(12, 14),
      eventStatus: 'https://schema.org/EventScheduled',
      location: { '@type': 'Place', name: 'Community hall, Lalpur', address: { '@type': 'PostalAddress', streetAddress: 'Lalpur Chowk, Ranchi 834001' } },
      offers: { '@type': 'Offer', price: 0, availability: 'https://schema.org/InStock' },
      remainingAttendeeCapacity: 50,
      organizer: { '@type': 'NGO' },
    });
    const email = `asha.${runTag}@example.org`;
    await page.fill('#signup-name', `Asha ${runTag}`);
    await page.fill('#signup-email', email);
    await waitOutMinimum(page);
    const answer = await submit(page, 'Sign up');
    expect(answer.status()).toBe(200);
    expect(new URL(page.url()).search).toBe('?sent=1&status=confirmed');
    await expect.poll(() => page.getByRole('status').textContent()).toContain('You have a place!');
    expect(await seriousA11yViolations(page), 'the event page after signing up').toEqual([]);
    guarded.expectClean();

    const mail = await mailbox.waitFor((caught) => caught.to.includes(email));
    expect(mail.subject).toBe(`Your place is confirmed: Blood donation camp ${runTag}`);
    expect(mail.attachments.map((file) => file.filename)).toEqual(['event.ics']);
    expect(mail.attachments[0]!.content).toContain(`UID:event-${eventId}@`);
    expect(mail.text).toContain('https://calendar.google.com/calendar/render?action=TEMPLATE');
    const link = new URL(/\S+\/events\?cancel=\S+/.exec(mail.text)![0]);
    await page.goto(`${link.pathname}${link.search}`);
    const cancelled = await submit(page, 'Cancel my place');
    expect(cancelled.status()).toBe(200);
    expect(new URL(page.url()).search).toBe('?sent=1&status=cancelled');
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('Your place is cancelled');
    await guarded.close();
  });

  test('takes a sign-up without the script in Hindi, and mails in Hindi', async () => {
    const guarded = await withoutScript('192.0.2.62');
    const { page } = guarded;
    await page.goto(`/hi/events/${eventId}`);
    expect(await eventJsonLd(page)).toMatchObject({ name: `रक्तदान शिविर ${runTag}`, location: { name: 'सामुदायिक भवन, लालपुर' } });
    const email = `sunita.${runTag}@example.org`;
    await page.fill('#signup-name', `सुनीता ${runTag}`);
    await page.fill('#signup-email', email);
    await waitOutMinimum(page);
    expect((await submit(page, 'पंजीकरण करें')).status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(`/hi/events/${eventId}`);
    await expect.poll(() => page.getByRole('status').textContent()).toContain('आपका स्थान पक्का है!');
    guarded.expectClean();
    await guarded.close();
    const mail = await mailbox.waitFor((caught) => caught.to.includes(email));
    expect(mail.subject).toBe(`आपका स्थान पक्का है: रक्तदान शिविर ${runTag}`);
  });

  test('checks a person in by tapping their name in the admin, on a phone', async () => {
    const email = `ravi.${runTag}@example.org`;
    const signed = await api<{ data: { status: string } }>('/api/rsvp_save.php', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.63' },
      body: JSON.stringify({ event_id: eventId, name: `Ravi ${runTag}`, email, website: '', elapsed_ms: 5000 }),
    });
    expect(signed.body.data.status).toBe('confirmed');
    const admin = await loggedInAdmin(browser);
    const { page } = admin;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${e2e.baseUrl}/admin/dashboard?section=events&slug=${eventId}`);
    const name = page.getByRole('button', { name: new RegExp(`^Ravi ${runTag}`) });
    await name.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await name.getAttribute('aria-pressed')).toBe('false');
    await name.click();
    await expect.poll(async () => name.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    const list = await api<{ counts: { checked_in: number } }>(`/api/get_rsvps.php?event_id=${eventId}`, { token });
    expect(list.body.counts.checked_in).toBe(1);
    expect(await seriousA11yViolations(page), 'the list of the day').toEqual([]);
    admin.expectClean();
    await admin.close();
  });
});
