import type { Spread } from './stats.js';

/** One line of a part's table: a measured figure and, when it has one, its target. */
export interface Row {
  readonly name: string;
  /** The bound the target sets, when it has one. */
  readonly bound?: { readonly max?: number; readonly min?: number };
  readonly unit: string;
  readonly value: Spread;
  /** E.g. "≤ 20 ms"; empty for figures shown for comparison only. */
  readonly target: string;
  /** `null` when the figure has no target. */
  readonly pass: boolean | null;
  readonly note?: string;
}

/** Builds a row; `pass` compares the median with the target bound when one is given. */
export function row(
  name: string,
  unit: string,
  value: Spread,
  bound?: { max?: number; min?: number },
  note?: string,
): Row {
  if (!bound) return { name, unit, value, target: '', pass: null, ...(note ? { note } : {}) };
  const target = bound.max !== undefined ? `≤ ${format(bound.max)} ${unit}` : `≥ ${format(bound.min!)} ${unit}`;
  const pass = Number.isNaN(value.median)
    ? false
    : bound.max !== undefined
      ? value.median <= bound.max
      : value.median >= bound.min!;
  return { name, unit, value, target, pass, bound, ...(note ? { note } : {}) };
}

/** The notes for every missed target: the median, the target and by how much it misses. */
export function missNotes(rows: readonly Row[]): string[] {
  return rows
    .filter((r) => r.pass === false)
    .map((r) => {
      const { max, min } = r.bound ?? {};
      const by =
        max !== undefined
          ? `${(r.value.median / max).toFixed(1)}× the bound`
          : min !== undefined
            ? `${((1 - r.value.median / min) * 100).toFixed(0)}% short`
            : '';
      return `MISS ${r.name.trim()}: median ${format(r.value.median)} ${r.unit} against ${r.target}${by ? ` (${by})` : ''}.`;
    });
}

/** A figure counted once (no spread): median = min = max. */
export const single = (value: number): Spread => ({ median: value, min: value, max: value, runs: 1 });

/** Numbers with at most three significant decimals, thousands grouped. */
export function format(n: number): string {
  if (Number.isNaN(n)) return '–';
  if (!Number.isFinite(n)) return n > 0 ? '∞' : '-∞';
  const abs = Math.abs(n);
  const digits = Number.isInteger(n) || abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : abs === 0 ? 0 : 3;
  return n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** The table as Markdown (readable in a terminal, pasted as is into docs/performance.md). */
export function renderTable(title: string, rows: readonly Row[]): string {
  const header = ['figure', 'target', 'median', 'min', 'max', 'runs', 'result'];
  const lines = rows.map((r) => [
    r.name,
    r.target,
    `${format(r.value.median)} ${r.unit}`,
    format(r.value.min),
    format(r.value.max),
    String(r.value.runs),
    r.pass === null ? (r.note ?? '') : `${r.pass ? 'pass' : 'MISS'}${r.note ? `: ${r.note}` : ''}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => [...l[i]!].length)));
  const pad = (cells: string[]) => `| ${cells.map((c, i) => c + ' '.repeat(widths[i]! - [...c].length)).join(' | ')} |`;
  return [
    `### ${title}`,
    '',
    pad(header),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...lines.map(pad),
  ].join('\n');
}
