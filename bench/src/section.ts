// Runs one section: times it, and turns a failed prerequisite into a clear SKIPPED line
// instead of ending the whole run.
import type { Row, SectionResult } from './report.js';

/** Thrown when something a section needs is missing; the message says what. */
export class Skip extends Error {}

export interface SectionOutput {
  rows: Row[];
  notes: string[];
  data: Record<string, unknown>;
}

export async function runSection(title: string, body: (output: SectionOutput) => Promise<void>): Promise<SectionResult> {
  const output: SectionOutput = { rows: [], notes: [], data: {} };
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    await body(output);
    return { title, status: 'ok', ...output, seconds: seconds() };
  } catch (error) {
    const reason = error instanceof Skip ? error.message : `failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
    return { title, status: 'skipped', reason, ...output, seconds: seconds() };
  }
}

/** Fails the section with a clear reason unless `condition` holds. */
export function need(condition: unknown, reason: string): asserts condition {
  if (!condition) throw new Skip(reason);
}
