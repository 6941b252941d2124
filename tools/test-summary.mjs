// Adds up the reports in TEST_REPORT_DIR (vitest JSON, node:test TAP) and prints
// `tests: N passed, N failed, N skipped`, exiting non-zero when a report is missing or failed.
// Usage: node tools/test-summary.mjs <dir> <expected report names...>
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [dir, ...expected] = process.argv.slice(2);
const totals = { passed: 0, failed: 0, skipped: 0 };
let missing = 0;
/** The failed tests by name, printed last so that the end of a long log says which ones. */
const failures = [];

/** A vitest JSON report's failed tests (and files that failed to run), each with its first error line. */
function failedInVitest(report) {
  const firstLine = (messages) =>
    String(messages?.[0] ?? '')
      .split('\n')[0]
      .slice(0, 200);
  return (report.testResults ?? []).flatMap((file) => {
    const where = path.basename(file.name ?? '');
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (!failed.length && file.status === 'failed') return [`${where}: ${firstLine([file.message])}`];
    return failed.map((test) => `${where} > ${test.fullName ?? test.title}: ${firstLine(test.failureMessages)}`);
  });
}

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
    failures.push(...failedInVitest(report).map((line) => `${name}: ${line}`));
  } else if (existsSync(tap)) {
    const text = readFileSync(tap, 'utf8');
    const count = (key) => Number(new RegExp(`^# ${key} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    counts = { passed: count('pass'), failed: count('fail') + count('cancelled'), skipped: count('skipped') + count('todo') };
    failures.push(...[...text.matchAll(/^\s*not ok \d+ - (.*)$/gm)].map((match) => `${name}: ${match[1]}`));
  } else {
    console.log(`${name}: no report (the suite did not run)`);
    missing++;
    continue;
  }
  console.log(`${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  for (const key of Object.keys(totals)) totals[key] += counts[key];
}

if (failures.length) console.log(`failed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || missing > 0 || totals.passed === 0 ? 1 : 0);
