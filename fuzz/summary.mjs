// Turns schemathesis' JUnit report into one closing line CI reads: "fuzz: N passed, N failed".
// Each test case of the report is one API operation, run with all its generated requests.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [reportDir, exitStatus] = process.argv.slice(2);

// How many requests reached nginx during the run (the control API of e2e/run.mjs counts them).
try {
  const { count } = await (await fetch(`${process.env.E2E_CONTROL_URL}/nginx/requests`)).json();
  console.log(`[fuzz] nginx answered ${count} requests during the run`);
} catch (err) {
  console.error(`[fuzz] could not read the request count: ${err.message}`);
}

const junit = path.join(reportDir, 'junit.xml');
if (!existsSync(junit)) {
  console.log(`fuzz: 0 passed, 1 failed (schemathesis exited with ${exitStatus} and wrote no report)`);
  process.exit(0);
}
const xml = readFileSync(junit, 'utf8');
const cases = [...xml.matchAll(/<testcase\b[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)];
let failed = 0;
let skipped = 0;
for (const [, , body = ''] of cases) {
  if (/<(failure|error)\b/.test(body)) failed += 1;
  else if (/<skipped\b/.test(body)) skipped += 1;
}
const passed = cases.length - failed - skipped;
console.log(`fuzz: ${passed} passed, ${failed} failed, ${skipped} skipped`);
