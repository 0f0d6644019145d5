/** What the shipping commands print: aligned tables for people, JSON for scripts. */

export type Cell = string | number | boolean | null | undefined;

export function table(columns: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const text = rows.map((row) => row.map((c) => (c === null || c === undefined ? '' : String(c))));
  const widths = columns.map((c, i) => Math.max(c.length, ...text.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
  return [line(columns.map((c) => c.toUpperCase())), ...text.map(line)].join('\n');
}

export function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

export interface BatchCounts {
  total: number;
  queued: number;
  in_progress: number;
  booked: number;
  failed: number;
  cancelled: number;
}

/** One line of a batch's progress: `[#####-----]  5/10  booked 4  failed 1  …`. */
export function progressLine(counts: BatchCounts, width = 30): string {
  const settled = counts.booked + counts.failed + counts.cancelled;
  const filled = counts.total === 0 ? width : Math.round((settled / counts.total) * width);
  const bar = '#'.repeat(filled) + '-'.repeat(width - filled);
  return `[${bar}] ${String(settled).padStart(String(counts.total).length)}/${counts.total}  booked ${counts.booked}  failed ${counts.failed}  queued ${counts.queued + counts.in_progress}`;
}

/** "1 row", "2 rows": a count with its noun, as a person says it. */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
