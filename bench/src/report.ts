// What a section hands back, and how the run prints it.
import { formatBytes } from '../../backend/src/format-bytes.js';

export interface Row {
  /** What was measured, in a visitor's or an admin's words. */
  measure: string;
  value: string;
  /** The baseline measured in the same run, when the number is a ratio. */
  baseline?: string;
  /** value / baseline (or the other way round where the row says so). */
  ratio?: number;
  /** The target in words, e.g. "≤ 10%". */
  target?: string;
  /** Whether the target is met; undefined when the row has no target. */
  met?: boolean;
}

export type SectionResult =
  | { title: string; status: 'ok'; rows: Row[]; notes: string[]; data: Record<string, unknown>; seconds: number }
  | { title: string; status: 'skipped'; reason: string; rows: Row[]; notes: string[]; data: Record<string, unknown>; seconds: number };

/** A size in the report: the site's one byte formatter ("8.2 KB", "1.4 MB"). */
export const kib = formatBytes;
export const ms = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(value < 10 ? 2 : 1)} ms`);
export const perSecond = (value: number) => `${Math.round(value).toLocaleString('en-US')}/s`;

export function formatRatio(ratio: number | undefined): string {
  if (ratio === undefined || !Number.isFinite(ratio)) return '';
  if (ratio < 0.1) return `${(ratio * 100).toFixed(1)}%`;
  return `${ratio.toFixed(2)}x`;
}

export function printSection(section: SectionResult, out: (line: string) => void = console.log): void {
  out('');
  out(`== ${section.title} (${section.seconds.toFixed(1)} s)`);
  if (section.status === 'skipped') out(`   SKIPPED: ${section.reason}`);
  if (section.rows.length) {
    const header = ['measure', 'value', 'baseline', 'ratio', 'target', ''];
    const cells = section.rows.map((row) => [
      row.measure,
      row.value,
      row.baseline ?? '',
      formatRatio(row.ratio),
      row.target ?? '',
      row.met === undefined ? '' : row.met ? 'ok' : 'MISSED',
    ]);
    const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column]!.length)));
    const line = (values: string[]) =>
      '   ' +
      values
        .map((value, column) => (column === 0 ? value.padEnd(widths[column]!) : value.padStart(widths[column]!)))
        .join('  ')
        .trimEnd();
    out(line(header));
    out('   ' + widths.map((width) => '-'.repeat(width)).join('  '));
    for (const values of cells) out(line(values));
  }
  for (const note of section.notes) out(`   note: ${note}`);
}
