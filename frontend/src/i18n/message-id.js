/**
 * The short id a message is stored under in a compiled catalog (FNV-1a of its English text, base
 * 36), so the Hindi chunk carries no English keys; the build fails if two texts share one.
 * @param {string} text
 * @returns {string}
 */
export function messageId(text) {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
