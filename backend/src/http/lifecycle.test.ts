// Background work yields to the requests an instance is answering: quietMoment() waits for a gap
// without any, for a bounded time, counted as the app's request listener counts them, on a real
// HTTP server.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Lifecycle, quietGapMs } from './lifecycle.js';

const lifecycle = new Lifecycle();
const server = createServer();
let base = '';
/** Requests to /slow are answered when the test lets them go. */
const held: (() => void)[] = [];

beforeAll(async () => {
  server.on('request', async (req, res) => {
    lifecycle.answering(res);
    if (req.url === '/slow') await new Promise<void>((resolve) => held.push(resolve));
    res.end('ok');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Until the server holds `count` requests. */
async function holding(count: number) {
  while (held.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('a quiet moment', () => {
  it('comes at once when no request was answered lately, and after a gap when one just was', async () => {
    let started = performance.now();
    await lifecycle.quietMoment(5000);
    expect(performance.now() - started).toBeLessThan(quietGapMs);
    expect((await fetch(`${base}/fast`)).status).toBe(200);
    started = performance.now();
    await lifecycle.quietMoment(5000);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThan(quietGapMs / 2);
    expect(waited).toBeLessThan(1000);
  });

  it('waits out a steady stream of short requests, up to its longest wait', async () => {
    let streaming = true;
    const stream = async () => {
      while (streaming) await fetch(`${base}/fast`);
    };
    await fetch(`${base}/fast`);
    const streams = [stream(), stream()];
    const started = performance.now();
    try {
      await lifecycle.quietMoment(300);
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    } finally {
      streaming = false;
      await Promise.all(streams);
    }
  });

  it('waits while requests are answered, and comes when the last one ends', async () => {
    const answers = [fetch(`${base}/slow`), fetch(`${base}/slow`)];
    await holding(2);
    let quiet = false;
    const moment = lifecycle.quietMoment(10_000).then(() => (quiet = true));
    held.shift()!();
    await answers[0];
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(quiet, 'one request is still being answered').toBe(false);
    held.shift()!();
    await answers[1];
    await moment;
    expect(quiet).toBe(true);
  });

  it('comes after its longest wait under a load that never stops, or when its work is stopped', async () => {
    const answer = fetch(`${base}/slow`);
    await holding(1);
    const started = Date.now();
    await lifecycle.quietMoment(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    const stopping = new AbortController();
    const moment = lifecycle.quietMoment(10_000, stopping.signal);
    stopping.abort();
    await moment;
    expect(Date.now() - started).toBeLessThan(2000);
    held.shift()!();
    expect((await answer).status).toBe(200);
  });
});
