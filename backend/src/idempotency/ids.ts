import { createHash } from 'node:crypto';
import { Types } from 'mongoose';

/**
 * The id of the `index`-th document a write creates. With a key it is derived from the key, so a
 * write carried out again (after an answer was lost) finds what the first attempt saved instead of
 * saving it twice; without one it is new.
 */
export function newDocumentId(state: { idempotency?: { recordId: string } }, index = 0): Types.ObjectId {
  if (!state.idempotency) return new Types.ObjectId();
  const hex = createHash('sha256').update(`${state.idempotency.recordId}:${index}`).digest('hex').slice(0, 24);
  return new Types.ObjectId(hex);
}
