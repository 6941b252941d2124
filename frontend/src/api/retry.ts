// Writes that survive a bad moment: every write carries an Idempotency-Key, and one that met a
// 502/503/504, a 409 (the same write still at work) or no answer is sent again with the same key,
// so the server carries it out once however many times it arrives.

/** Waits between the tries of a write; the last failure is the answer shown. */
let retryDelaysMs: readonly number[] = [500, 1000, 2000];

/** Component tests that are about a failure want it at once; nothing else should call this. */
export function setRetryDelays(delays: readonly number[]): void {
  retryDelaysMs = delays;
}

/**
 * A 409 is worth retrying only when it says when (Retry-After): the same write is still at work.
 * Without it, a 409 is a refusal that a retry would only repeat (an e-mail already taken).
 */
export const isRetryableStatus = (status: number, hasRetryAfter: boolean) =>
  status === 409 ? hasRetryAfter : status === 502 || status === 503 || status === 504;

/** A fresh key: a random UUID (crypto.randomUUID needs HTTPS; getRandomValues does not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` until it gives an answer that is not worth retrying, or the tries run out: then
 * the last answer (or the last error) stands.
 */
export async function withRetries<T>(attempt: () => Promise<T>, retryable: (answer: T) => boolean): Promise<T> {
  for (let tried = 0; ; tried++) {
    const last = tried >= retryDelaysMs.length;
    try {
      const answer = await attempt();
      if (last || !retryable(answer)) return answer;
    } catch (error) {
      if (last) throw error;
    }
    await sleep(retryDelaysMs[tried]!);
  }
}
