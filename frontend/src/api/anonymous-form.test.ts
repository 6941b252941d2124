import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formMinimumMs, setFormWaitMs, waitOutMinimum } from './anonymous-form';

// The tests run from frontend/.
const contract = readFileSync(path.resolve(process.cwd(), '../openapi.yaml'), 'utf8');

describe("the anonymous forms' wait", () => {
  it('is at least the minimum openapi.yaml declares for every anonymous form', () => {
    const declared = [...contract.matchAll(/x-anonymous-form: \{ minimum-ms: (\d+)\b/g)].map((match) => Number(match[1]));
    expect(declared.length).toBeGreaterThanOrEqual(4);
    for (const minimum of declared) expect(formMinimumMs).toBeGreaterThanOrEqual(minimum);
  });

  it('waits for what is left of it, and not at all once it is over', async () => {
    setFormWaitMs(300);
    const opened = performance.now();
    expect(await waitOutMinimum(opened)).toBeGreaterThanOrEqual(300);
    const long = performance.now() - 1000;
    const before = performance.now();
    expect(await waitOutMinimum(long)).toBeGreaterThanOrEqual(1000);
    expect(performance.now() - before).toBeLessThan(100);
  });
});
