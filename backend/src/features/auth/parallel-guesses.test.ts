// Sixty wrong passwords at one account at once, each from its own address, over two app
// instances on FerretDB (PostgreSQL storage): at most ten are checked, the rest get 429. The lock
// used to be read, the password checked, then the failure counted, so every parallel guess
// passed the read. A password reset through a valid link ends the lock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondInstance, startTestApp, type SecondInstance, type TestApp } from '../../../test/app.js';
import { issueLink } from '../password-links/service.js';
import { createAdmin } from './service.js';

let t: TestApp;
let second: SecondInstance;

beforeAll(async () => {
  t = await startTestApp({ storage: 'embedded', env: { TRUSTED_PROXIES: '127.0.0.1', LOGIN_ACCOUNT_MAX_FAILURES: '10', LOGIN_LOCK_SECONDS: '600' } });
  second = await startSecondInstance(t);
});
afterAll(async () => {
  await second?.stop();
  await t?.stop();
});

const email = 'targeted@example.test';
const password = 'the right password';
const login = (index: number, guess: string) =>
  (index % 2 ? second.request : t.request)
    .post('/api/login.php')
    .set('X-Forwarded-For', `192.0.2.${index + 1}`)
    .send({ email, password: guess });

describe('sixty parallel wrong passwords at one account from sixty addresses', () => {
  it('check at most ten: the others are refused with 429 before any password is checked', async () => {
    await createAdmin(t.db.models.AdminUser, email, password);
    const answers = await Promise.all(Array.from({ length: 60 }, (_, index) => login(index, `guess ${index}`)));
    const checked = answers.filter((res) => res.status === 401).length;
    for (const res of answers) expect([401, 429], res.text).toContain(res.status);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(10);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(60 - checked);
    // Locked now, against the right password too.
    expect((await login(61, password)).status).toBe(429);
  });

  it('end when the password is reset through a valid link: the new password logs in at once', async () => {
    const account = (await t.db.models.AdminUser.findOne({ email }).lean())!;
    const { token } = await issueLink(t.db.models.PasswordLink, account, 'reset', { secret: t.config.jwtSecret });
    const reset = await second.request.post('/api/reset_password.php').send({ token, new_password: 'a new password for me' });
    expect(reset.status, reset.text).toBe(200);
    const res = await login(62, 'a new password for me');
    expect(res.status, res.text).toBe(200);
  });
});
