/** The memory the admin lists of one instance may take, shared by the four lists. */
export interface MemoryBudget {
  limit: number;
  used: number;
}

const nonLatin1 = /[\u0100-\uffff]/;
const roundUp = (bytes: number) => Math.ceil(bytes / 8) * 8;

/**
 * What one held row takes on V8's heap, a little over rather than under: the object (a header
 * and a slot per field), its place in the list and in the map by id, and each string (a header
 * and one byte a character, two for text outside Latin-1, such as Hindi). The 96 bytes a row are
 * set by bench section 8, which weighs the heap 100,000 held rows really take against this count.
 */
export function rowBytes(row: object): number {
  const values = Object.values(row);
  let bytes = 96 + 8 * values.length;
  for (const value of values) if (typeof value === 'string') bytes += roundUp(16 + value.length * (nonLatin1.test(value) ? 2 : 1));
  return bytes;
}
