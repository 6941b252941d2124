import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, serveApi, unreachable } from '../../test/api-fetch';
import { setUploadTransport, resetUploadTransport, uploadForm, type UploadRequest } from '../features/admin/upload';
import { api } from './client';
import { setRetryDelays } from './retry';

const registration = { name: 'Asha', email: 'asha@example.org', mobile: '9876543210', address: 'Ranchi' };

describe('writes are retried with one Idempotency-Key', () => {
  beforeEach(() => setRetryDelays([1, 1, 1]));
  afterEach(() => resetUploadTransport());

  it('sends a key with a write and the same key again after a 503, then takes the success', async () => {
    const answers = [json({ success: false, message: 'database away' }, 503), json({ success: true, message: 'ok' }, 201)];
    const { requests } = serveApi({ 'POST /api/volunteer_save.php': () => answers.shift()! });
    const { data, response } = await api.POST('/api/volunteer_save.php', { body: registration });
    expect(response.status).toBe(201);
    expect(data?.success).toBe(true);
    expect(requests).toHaveLength(2);
    const keys = requests.map((request) => request.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await requests[1]!.json()).toEqual(registration);
  });

  it('retries when no answer came at all, and gives a new key to the next write', async () => {
    let calls = 0;
    const { requests } = serveApi({
      'POST /api/volunteer_save.php': (request) => (++calls === 1 ? unreachable(request) : json({ success: true, message: 'ok' }, 201)),
    });
    expect((await api.POST('/api/volunteer_save.php', { body: registration })).response.status).toBe(201);
    expect((await api.POST('/api/volunteer_save.php', { body: registration })).response.status).toBe(201);
    const keys = requests.map((request) => request.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('gives up after four tries and shows the last answer; a refusal (4xx) is not retried', async () => {
    const { requests } = serveApi({ 'POST /api/volunteer_save.php': () => json({ success: false, message: 'still away' }, 503) });
    expect((await api.POST('/api/volunteer_save.php', { body: registration })).response.status).toBe(503);
    expect(requests).toHaveLength(4);
    const refused = serveApi({ 'POST /api/volunteer_save.php': () => json({ success: false, message: 'Please fill all required fields' }, 400) });
    expect((await api.POST('/api/volunteer_save.php', { body: registration })).response.status).toBe(400);
    expect(refused.requests).toHaveLength(1);
  });

  it('retries a 409 that says when (the same write still at work), not a 409 refusal', async () => {
    const answers = [
      json({ success: false, message: 'still being processed' }, 409, { 'Retry-After': '1' }),
      json({ success: true, message: 'Account added', data: {} }, 200),
    ];
    const busy = serveApi({ 'POST /api/add_user.php': () => answers.shift()! });
    const account = { name: 'Ravi', email: 'ravi@example.org', role: 'editor' as const, password: 'a long first password' };
    expect((await api.POST('/api/add_user.php', { body: account })).response.status).toBe(200);
    expect(busy.requests).toHaveLength(2);
    const taken = serveApi({ 'POST /api/add_user.php': () => json({ success: false, message: 'That e-mail already has an account' }, 409) });
    expect((await api.POST('/api/add_user.php', { body: account })).response.status).toBe(409);
    expect(taken.requests).toHaveLength(1);
  });

  it('sends reads once, without a key', async () => {
    const { requests } = serveApi({ 'GET /api/get_blogs.php': () => json({ success: false, message: 'away' }, 503) });
    await api.GET('/api/get_blogs.php');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.headers.has('Idempotency-Key')).toBe(false);
  });

  it('retries an upload with the same key after a 502', async () => {
    const sent: UploadRequest[] = [];
    const answers = [
      { status: 502, text: '<html>Bad gateway</html>' },
      { status: 201, text: JSON.stringify({ success: true, message: 'Saved', data: [] }) },
    ];
    setUploadTransport(async (request) => {
      sent.push(request);
      return answers.shift()!;
    });
    const outcome = await uploadForm('/api/add_gallery_image.php', { title: 'Well', category: 'water' }, { fallback: 'Upload failed' });
    expect(outcome.ok).toBe(true);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.headers.get('Idempotency-Key')).toBeTruthy();
    expect(sent[1]!.headers.get('Idempotency-Key')).toBe(sent[0]!.headers.get('Idempotency-Key'));
  });
});
