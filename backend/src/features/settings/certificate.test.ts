// The HTTPS certificate in the settings' answer: read from the status folder nginx's container
// writes (nginx/acme.sh), with a real certificate made by openssl.
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectMatchesSpec, startTestApp, type TestApp } from '../../../test/app.js';

const statusDir = mkdtempSync(path.join(tmpdir(), 'ngo-tls-status-'));
let t: TestApp;

/** A self-signed certificate for example.org that expires in `days`, as certificate.pem. */
function writeCertificate(days: number): Date {
  const file = path.join(statusDir, 'certificate.pem');
  const key = path.join(statusDir, 'key.pem');
  const args = ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-subj', '/CN=example.org'];
  execFileSync('openssl', [...args, '-days', String(days), '-keyout', key, '-out', file], { stdio: 'pipe' });
  return new Date(new X509Certificate(readFileSync(file)).validTo);
}

/** Replaced whole, as acme.sh does it. */
function writeStatus(status: object) {
  writeFileSync(path.join(statusDir, '.status.json'), JSON.stringify(status));
  renameSync(path.join(statusDir, '.status.json'), path.join(statusDir, 'status.json'));
}

async function readSettings() {
  const res = await t.request.get('/api/get_settings.php');
  expect(res.status).toBe(200);
  expectMatchesSpec(res, 'getSettings');
  return res.body;
}

beforeAll(async () => {
  t = await startTestApp({ env: { TLS_STATUS_DIR: statusDir } });
});
afterAll(async () => {
  await t?.stop();
  rmSync(statusDir, { recursive: true, force: true });
});

describe('the certificate in the settings', () => {
  it('is left out while the status folder holds no certificate', async () => {
    expect(await readSettings()).not.toHaveProperty('certificate');
  });

  it('says until when the certificate nginx serves is valid, and when the last renewal failed', async () => {
    const validUntil = writeCertificate(10);
    writeStatus({ checked_at: '2026-01-10T08:00:00Z' });
    expect((await readSettings()).certificate).toEqual({ valid_until: validUntil.toISOString() });

    writeStatus({ checked_at: '2026-01-10T20:00:00Z', failed_at: '2026-01-10T20:00:00Z' });
    expect((await readSettings()).certificate).toEqual({ valid_until: validUntil.toISOString(), renewal_failed_at: '2026-01-10T20:00:00.000Z' });

    const renewed = writeCertificate(90);
    writeStatus({ checked_at: '2026-01-10T20:05:00Z' });
    expect((await readSettings()).certificate).toEqual({ valid_until: renewed.toISOString() });
  });

  it('is left out, without failing the settings, when the file is not a certificate', async () => {
    writeFileSync(path.join(statusDir, 'certificate.pem'), 'not a certificate');
    writeStatus({ failed_at: 'yesterday' });
    const body = await readSettings();
    expect(body).not.toHaveProperty('certificate');
    expect(body.data.name).toBeTruthy();
  });
});
