// The create-admin command against a real database: the password comes from standard input or
// CREATE_ADMIN_PASSWORD, and one given on the command line is refused before anything is made.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.stop());

const createAdmin = (args: string[], { input, env = {} }: { input?: string; env?: Record<string, string> } = {}) => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/create-admin.ts', ...args], {
    cwd: backendDir,
    env: { ...process.env, NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), MONGO_URL: t.db.url, CREATE_ADMIN_PASSWORD: '', ...env },
    input: input ?? '',
  });
  return { status: result.status, out: `${String(result.stdout)}${String(result.stderr)}` };
};
const logsIn = async (email: string, password: string) => (await t.request.post('/api/login.php').send({ email, password })).status === 200;

describe('create-admin', () => {
  it('refuses a password on the command line, and makes nothing', async () => {
    const { status, out } = createAdmin(['argued@example.org', 'a password in the history']);
    expect(status).toBe(2);
    expect(out).toMatch(/never taken from the command line/);
    expect(await t.db.models.AdminUser.exists({ email: 'argued@example.org' })).toBeNull();
  });

  it('takes the password from standard input', async () => {
    const { status, out } = createAdmin(['piped@example.org'], { input: 'a piped password\n' });
    expect(status, out).toBe(0);
    expect(await logsIn('piped@example.org', 'a piped password')).toBe(true);
  });

  it('or from CREATE_ADMIN_PASSWORD', async () => {
    const { status, out } = createAdmin(['from-env@example.org'], { env: { CREATE_ADMIN_PASSWORD: 'a password in the environment' } });
    expect(status, out).toBe(0);
    expect(await logsIn('from-env@example.org', 'a password in the environment')).toBe(true);
  });
});
