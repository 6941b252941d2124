// Runs the load generator (load-worker.mjs) in a worker thread and sums up what it measured.
import { Worker } from 'node:worker_threads';
import { need } from './section.js';

export interface LoadJob {
  /** http://127.0.0.1:<port>/... */
  url: string;
  headers?: Record<string, string>;
  /** GET unless said otherwise; `body` is sent with every request. */
  method?: string;
  body?: string;
  /** Hold this many requests per second (all connections together) instead of sending flat out. */
  ratePerSecond?: number;
  concurrency: number;
  maxRequests: number;
  maxSeconds: number;
  warmupRequests?: number;
}

interface RawLoadResult {
  requests: number;
  errors: number;
  seconds: number;
  bytes: number;
  statuses: Record<string, number>;
  latencies: number[];
}

export interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  medianMs: number;
  p95Ms: number;
  p99Ms: number;
  /** Bytes of the bodies received, per request. */
  bytesPerRequest: number;
  statuses: Record<string, number>;
}

export function percentile(values: number[], fraction: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

export const median = (values: number[]) => percentile(values, 0.5);

export function runLoad(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: job });
    // The worker bounds itself; this is the belt to its braces.
    const killer = setTimeout(() => void worker.terminate(), (job.maxSeconds + 30) * 1000);
    worker.once('message', (message: { ok: true; result: RawLoadResult } | { ok: false; error: string }) => {
      clearTimeout(killer);
      void worker.terminate();
      if (!message.ok) return reject(new Error(message.error));
      const raw = message.result;
      resolve({
        requests: raw.requests,
        errors: raw.errors,
        rps: raw.requests / raw.seconds,
        medianMs: median(raw.latencies),
        p95Ms: percentile(raw.latencies, 0.95),
        p99Ms: percentile(raw.latencies, 0.99),
        bytesPerRequest: raw.requests ? raw.bytes / raw.requests : 0,
        statuses: raw.statuses,
      });
    });
    worker.once('error', (error) => {
      clearTimeout(killer);
      reject(error);
    });
    worker.once('exit', (code) => {
      clearTimeout(killer);
      reject(new Error(`load worker stopped (exit code ${code}) before answering`));
    });
  });
}

/**
 * Measures several targets in alternating rounds (A B C, A B C, ...), so that a noisy moment on
 * the 2-core machine is spread over all of them instead of spoiling one; returns the median
 * round of each.
 */
export async function compareLoads<K extends string>(jobs: Record<K, LoadJob>, rounds: number): Promise<Record<K, LoadResult & { roundsRps: number[] }>> {
  const keys = Object.keys(jobs) as K[];
  const runs = new Map<K, LoadResult[]>(keys.map((key) => [key, []]));
  for (let round = 0; round < rounds; round++) {
    for (const key of keys) runs.get(key)!.push(await runLoad(jobs[key]));
  }
  return Object.fromEntries(
    keys.map((key) => {
      const sorted = [...runs.get(key)!].sort((a, b) => a.rps - b.rps);
      return [key, { ...sorted[Math.floor(sorted.length / 2)]!, roundsRps: runs.get(key)!.map((run) => Math.round(run.rps)) }];
    }),
  ) as Record<K, LoadResult & { roundsRps: number[] }>;
}

/** Median time of `task` run `times` times one after another (after one untimed warm-up run). */
export async function medianTime(task: () => Promise<unknown>, times: number): Promise<number> {
  await task();
  const durations: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await task();
    durations.push(performance.now() - started);
  }
  return median(durations);
}

/** Skips the section unless every request of every run was answered 200. */
export function needAllOk(runs: Record<string, LoadResult>): void {
  for (const [name, result] of Object.entries(runs)) {
    need(result.statuses['200'] === result.requests && result.errors === 0, `${name} under load: ${JSON.stringify(result.statuses)}, ${result.errors} errors`);
  }
}
