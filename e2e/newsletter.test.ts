// The newsletter through nginx and two backends, read from the run's SMTP server (docs/newsletter.md):
// subscribing and confirming in Hindi without the script (the link's page confirms nothing until
// its button is pressed), subscribing from a post with it, a post sent to the confirmed subscribers
// only, each in their language with the list headers, the one-click unsubscribe of RFC 8058, and
// the confirmation mails (transactional) without them.
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { addPost, adminGet, postJson, removePosts } from './content';
import { e2e, launchBrowser, loggedInAdmin, mailbox, openPage, visit, type GuardedPage } from './harness';
import { screenshot, seriousA11yViolations } from './screens';

const runTag = `news${Date.now().toString(36)}`;
const readers = { hindi: `meena.${runTag}@example.org`, english: `ravi.${runTag}@example.org`, pending: `later.${runTag}@example.org` };
const posts: string[] = [];
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await removePosts(posts);
  for (const email of Object.values(readers)) await postJson('/api/delete_subscriber.php', { email });
});

type Subscriber = { email: string; state: string; language: string };
const subscriberOf = async (email: string) =>
  (await adminGet<{ data: Subscriber[] }>(`/api/get_subscribers.php?q=${encodeURIComponent(email)}`)).body.data.find((row) => row.email === email);
const visible = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor({ state: 'visible', timeout: 15_000 });
const linkIn = (text: string, page: string) =>
  new RegExp(`${e2e.baseUrl.replace(/[.:/]/g, '\\$&')}(/hi)?/newsletter/${page}\\?token=[A-Za-z0-9_-]+`).exec(text)?.[0];

/** A browser without the page's script, speaking from `address`. */
async function withoutScript(address: string): Promise<GuardedPage> {
  const guarded = await openPage(browser, { javaScript: false, viewport: 'phone' });
  await guarded.context.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  return guarded;
}

async function submit(page: Page, button: string): Promise<Response> {
  const [response] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: button }).click()]);
  return response!;
}

test('without the script: subscribed in Hindi at /hi/newsletter, confirmed only by the button of the mailed link', async () => {
  const guarded = await withoutScript('192.0.2.61');
  const { page } = guarded;
  await page.goto('/hi/newsletter');
  await page.fill('#newsletter-email', readers.hindi);
  await page.selectOption('#newsletter-language', 'hi');
  // The minimum time on the page, from the signed time the page carries.
  const issuedAt = Number((await page.locator('input[name="form_token"]').first().inputValue()).split('.')[0]);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, issuedAt + 3200 - Date.now())));
  const answer = await submit(page, 'सदस्यता लें');
  expect(answer.status()).toBe(200);
  expect(new URL(page.url()).search).toBe('?sent=accepted');
  await visible(page, /कृपया अपना इनबॉक्स देखें/);

  const confirmation = await mailbox.waitFor((mail) => mail.to.includes(readers.hindi));
  expect(confirmation.subject).toContain('पुष्टि');
  expect(confirmation.listUnsubscribe).toBeNull();
  const link = linkIn(confirmation.text, 'confirm');
  expect(link, confirmation.text).toMatch(/\/hi\/newsletter\/confirm\?token=/);

  // Opening the link (as a mail provider's scanner would) confirms nothing.
  await page.goto(link!);
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
  expect((await subscriberOf(readers.hindi))?.state).toBe('pending');
  await submit(page, 'मेरी सदस्यता की पुष्टि करें');
  await visible(page, 'आपकी सदस्यता की पुष्टि हो गई है। धन्यवाद!');
  expect(await subscriberOf(readers.hindi)).toMatchObject({ state: 'subscribed', language: 'hi' });
  guarded.expectClean();
  await guarded.close();
});

test('a post goes to the confirmed subscribers only, in their language, with the list headers; one click unsubscribes', async () => {
  const post = await addPost({
    title: `A well for Khunti ${runTag}`,
    title_hi: `खूंटी के लिए एक कुआँ ${runTag}`,
    content: 'The pump works again.',
    content_hi: 'पंप फिर से चलता है।',
  });
  posts.push(post.id);

  // With the script, from the end of the post.
  const visitor = await openPage(browser, { viewport: 'desktop' });
  await visitor.context.setExtraHTTPHeaders({ 'x-forwarded-for': '192.0.2.62' });
  await visit(visitor.page, `/blog/${post.id}`);
  expect(await seriousA11yViolations(visitor.page), 'a post with the subscribe box').toEqual([]);
  const box = visitor.page.locator('#newsletter-form');
  await box.getByLabel('Email Address').fill(readers.english);
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await visible(visitor.page, /Please check your inbox/);
  visitor.expectClean();
  await visitor.close();
  const confirmation = await mailbox.waitFor((mail) => mail.to.includes(readers.english));
  const token = new URL(linkIn(confirmation.text, 'confirm')!).searchParams.get('token');
  expect((await postJson('/api/confirm_subscription.php', { token })).status).toBe(200);
  // Asked, never confirmed: nothing is sent to it.
  expect((await postJson('/api/subscribe.php', { email: readers.pending })).status).toBe(202);

  const sent = await postJson<{ data: { id: string } }>('/api/send_newsletter.php', { post_id: post.id });
  expect(sent.status).toBe(202);
  const admin = await loggedInAdmin(browser);
  await visit(admin.page, '/admin/dashboard?section=newsletter');
  await admin.page
    .locator('.sends-table')
    .getByRole('row', { name: new RegExp(runTag) })
    .waitFor({ timeout: 15_000 });
  await screenshot(admin.page, 'newsletter-admin-desktop');
  admin.expectClean();
  await admin.close();

  const ours = (to: string) => (mail: { to: string[]; subject: string }) => mail.to.includes(to) && mail.subject.endsWith(runTag);
  const hindi = await mailbox.waitFor(ours(readers.hindi), 60_000);
  const english = await mailbox.waitFor(ours(readers.english), 60_000);
  expect(hindi.subject).toBe(`खूंटी के लिए एक कुआँ ${runTag}`);
  expect(hindi.text).toContain(`/hi/blog/${post.id}`);
  expect(english.subject).toBe(`A well for Khunti ${runTag}`);
  expect(english.html).toContain(`${e2e.baseUrl}/blog/${post.id}`);
  for (const mail of [hindi, english]) {
    expect(mail.listUnsubscribe).toMatch(/^<http:\/\/[^>]+\/api\/unsubscribe\.php\?token=[A-Za-z0-9_-]+>$/);
    expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
  }
  const all = await mailbox.all();
  expect(all.filter(ours(readers.pending))).toEqual([]);
  expect(all.filter(ours(readers.english))).toHaveLength(1);
  // Transactional mail carries neither list header.
  expect(
    all.filter((mail) => Object.values(readers).some((to) => mail.to.includes(to)) && !mail.subject.endsWith(runTag)).every((mail) => !mail.listUnsubscribe),
  ).toBe(true);

  // RFC 8058: a mail provider posts to the header's address, with no cookie and no other credential.
  const oneClick = await fetch(english.listUnsubscribe!.slice(1, -1), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.status).toBe(200);
  expect((await subscriberOf(readers.english))?.state).toBe('unsubscribed');
});
