/**
 * A size as people read it: "512 bytes", "16 KB", "2.4 MB" (binary units, at most one decimal).
 * The server's sentences about limits, the admin's list of chosen files and the bench all use it.
 * @param {number} bytes
 * @returns {string}
 */
export function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} bytes`;
  const kilobytes = oneDecimal(bytes / 1024);
  // Decided after rounding, so 1,048,575 bytes read "1 MB", not "1024 KB".
  return kilobytes < 1024 ? `${kilobytes} KB` : `${oneDecimal(bytes / 1024 / 1024)} MB`;
}

/** 2.4, and 3 rather than 3.0. @param {number} value */
const oneDecimal = (value) => +value.toFixed(1);
