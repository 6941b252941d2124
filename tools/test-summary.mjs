// Adds up the reports in TEST_REPORT_DIR (vitest JSON, node:test TAP) and prints
// `tests: N passed, N failed, N skipped`, exiting non-zero when a report is missing or failed.
// Usage: node tools/test-summary.mjs <dir> <expected report names...>
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [dir, ...expected] = process.argv.slice(2);
const totals = { passed: 0, failed: 0, skipped: 0 };
let missing = 0;

for (const name of expected) {
  const json = path.join(dir, `${name}.json`);
  const tap = path.join(dir, `${name}.tap`);
  let counts;
  if (existsSync(json)) {
    const report = JSON.parse(readFileSync(json, 'utf8'));
    counts = {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    };
  } else if (existsSync(tap)) {
    const text = readFileSync(tap, 'utf8');
    const count = (key) => Number(new RegExp(`^# ${key} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    counts = { passed: count('pass'), failed: count('fail') + count('cancelled'), skipped: count('skipped') + count('todo') };
  } else {
    console.log(`${name}: no report (the suite did not run)`);
    missing++;
    continue;
  }
  console.log(`${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  for (const key of Object.keys(totals)) totals[key] += counts[key];
}

console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || missing > 0 || totals.passed === 0 ? 1 : 0);
