// CI reads one closing line to know how many tests ran. When TEST_REPORT_DIR is set, each vitest
// suite also writes a JSON report there, and tools/test-summary.mjs adds them up into that line.
import path from 'node:path';

/** vitest options that add a JSON report named `name` when TEST_REPORT_DIR is set. */
export function ciReporters(name) {
  const dir = process.env.TEST_REPORT_DIR;
  if (!dir) return {};
  return { reporters: ['default', 'json'], outputFile: { json: path.join(dir, `${name}.json`) } };
}
