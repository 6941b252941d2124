// The mail tests' harness: a real SMTP server (tools/mail-catcher.mjs, smtp-server) and an app
// whose SMTP_URL points at it, with short retry and poll times so a test waits seconds, not minutes.
import { startMailCatcher, type CaughtMail, type MailCatcher } from '../../tools/mail-catcher.mjs';
import { startTestApp, type StartTestAppOptions, type TestApp } from './app.js';

export type { CaughtMail, MailCatcher };

export interface MailTestApp {
  t: TestApp;
  catcher: MailCatcher;
  stop(): Promise<void>;
}

export const quickMailEnv = { MAIL_FROM: 'no-reply@ngo.example', MAIL_RETRY_MS: '150', MAIL_POLL_MS: '200', MAIL_SEND_TIMEOUT_MS: '3000' };

export async function startMailTestApp({
  env = {},
  clock,
  storage,
  catcher: catcherOptions = {},
}: StartTestAppOptions & { catcher?: Parameters<typeof startMailCatcher>[0] } = {}): Promise<MailTestApp> {
  const catcher = await startMailCatcher({ refuse: /^bounce@/, ...catcherOptions });
  const t = await startTestApp({ env: { SMTP_URL: catcher.url, ...quickMailEnv, ...env }, clock, storage });
  return {
    t,
    catcher,
    async stop() {
      await t.stop();
      await catcher.stop().catch(() => undefined);
    },
  };
}

/** Polls until `check` gives a value (not undefined/false), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15_000, what = 'the condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not hold within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The mails the catcher received for one address. */
export const mailsTo = (catcher: MailCatcher, address: string) => catcher.mails.filter((mail) => mail.to.includes(address));
