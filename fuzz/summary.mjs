// Turns schemathesis' JUnit reports into one closing line CI reads: "fuzz: N passed, N failed".
// Each test case of a report is one API operation, run with all its generated requests, or the
// stateful phase ("Stateful tests": every sequence along the links of openapi.yaml).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [reportDir, exitStatus] = process.argv.slice(2);

// How many requests reached nginx during the run (the control API of e2e/run.mjs counts them).
try {
  const { count } = await (await fetch(`${process.env.E2E_CONTROL_URL}/nginx/requests`)).json();
  console.log(`[fuzz] nginx answered ${count} requests during the run`);
} catch (err) {
  console.error(`[fuzz] could not read the request count: ${err.message}`);
}

// One JUnit report per schemathesis run (the quick run makes two: junit.xml, junit-stateful.xml).
const reports = existsSync(reportDir) ? readdirSync(reportDir).filter((name) => /^junit.*\.xml$/.test(name)) : [];
if (reports.length === 0) {
  console.log(`fuzz: 0 passed, 1 failed (schemathesis exited with ${exitStatus} and wrote no report)`);
  process.exit(0);
}
const cases = reports.flatMap((name) => [...readFileSync(path.join(reportDir, name), 'utf8').matchAll(/<testcase\b[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)]);
let failed = 0;
let skipped = 0;
for (const [, , body = ''] of cases) {
  if (/<(failure|error)\b/.test(body)) failed += 1;
  else if (/<skipped\b/.test(body)) skipped += 1;
}
const passed = cases.length - failed - skipped;
// A schemathesis run that failed without a report of its own (a crash, a bad config) still fails.
const unreported = exitStatus !== '0' && failed === 0 ? ` (schemathesis exited with ${exitStatus})` : '';
console.log(`fuzz: ${passed} passed, ${failed + (unreported ? 1 : 0)} failed, ${skipped} skipped${unreported}`);
