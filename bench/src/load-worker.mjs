// The load generator, run in a worker thread so that it has its own event loop (and core) and
// does not queue behind the server it measures. Plain ESM: workers do not inherit tsx's hooks.
//
// Like autocannon: `concurrency` keep-alive connections, each sending its next request as soon
// as the answer is read. Bounded in count and in time; loopback only.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/** @param {{url: string, headers?: Record<string, string>, method?: string, body?: string, ratePerSecond?: number, concurrency: number, maxRequests: number, maxSeconds: number, warmupRequests?: number}} job */
async function run(job) {
  const target = new URL(job.url);
  if (target.hostname !== '127.0.0.1' || target.protocol !== 'http:') throw new Error(`load runs only against http://127.0.0.1, not ${job.url}`);
  const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency });
  const options = {
    agent,
    host: target.hostname,
    port: target.port,
    path: target.pathname + target.search,
    method: job.method ?? 'GET',
    headers: job.headers ?? {},
  };

  const once = () =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const req = request(options, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - started }));
        res.on('error', reject);
      });
      req.setTimeout(10_000, () => req.destroy(new Error('request timed out after 10 s')));
      req.on('error', reject);
      req.end(job.body);
    });

  // Warm-up: open the connections and let caches and the JIT settle before measuring.
  const warmup = job.warmupRequests ?? job.concurrency * 4;
  for (let i = 0; i < warmup; i += job.concurrency) await Promise.all(Array.from({ length: job.concurrency }, once));

  const latencies = [];
  const statuses = {};
  let bytes = 0;
  let errors = 0;
  let sent = 0;
  const started = performance.now();
  const deadline = started + job.maxSeconds * 1000;
  const connection = async () => {
    while (sent < job.maxRequests && performance.now() < deadline) {
      // A steady rate instead of as fast as possible (e.g. page views arriving beside the reads).
      if (job.ratePerSecond) {
        const wait = started + (sent / job.ratePerSecond) * 1000 - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (performance.now() >= deadline) break;
      }
      sent++;
      try {
        const answer = await once();
        latencies.push(answer.ms);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        bytes += answer.bytes;
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, connection));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { requests: latencies.length, errors, seconds, bytes, statuses, latencies };
}

run(workerData).then(
  (result) => parentPort?.postMessage({ ok: true, result }),
  (error) => parentPort?.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) }),
);
