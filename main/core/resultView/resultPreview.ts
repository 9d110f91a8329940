// The first rows of a result as a small table for people (the chat's call card): columns that hold something in
// those rows, cells cut to a readable length, and how many rows there are in all. The model's own view is the
// result view; this one is only ever shown to the analyst.
import type { Item } from '../gateway/callResult.ts';

export interface ResultPreview {
  columns: string[];
  /** Cells as text, in column order; "" where a row lacks the field. */
  rows: string[][];
  /** Rows the call returned. */
  returned: number;
  /** Rows the service says exist (more than returned when paged), or null when it does not say. */
  total: number | null;
}

export interface ResultPreviewOptions {
  /** Rows kept. Defaults to 5. */
  rows?: number;
  /** Columns kept, in the order the rows first name them. Defaults to 12. */
  columns?: number;
  /** Characters kept of a cell, the rest replaced by "…". Defaults to 120. */
  maxChars?: number;
  /** Columns to put first, in this order (a tool's headline fields: a deal's price, area and floor). */
  headline?: string[];
  /**
   * The fields the tool's catalog entry documents: they come before the ones it does not (a service's row numbers and
   * internal codes such as NMC's `rnum` and `dutyDiv`), which fill only the columns left. Defaults to every field.
   */
  documented?: string[];
}

function cell(value: unknown, maxChars: number): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
}

export function resultPreview(items: Item[], total: number | null, options: ResultPreviewOptions = {}): ResultPreview {
  const head = items.slice(0, options.rows ?? 5);
  const maxChars = options.maxChars ?? 120;
  const columns: string[] = [];
  for (const name of options.headline ?? []) {
    if (head.some((row) => cell(row[name], maxChars) !== '')) columns.push(name);
  }
  const documented = options.documented ? new Set(options.documented) : undefined;
  for (const pass of documented ? [true, false] : [true]) {
    for (const row of head) {
      for (const [key, value] of Object.entries(row)) {
        if ((!documented || documented.has(key) === pass) && !columns.includes(key) && cell(value, maxChars) !== '') columns.push(key);
      }
    }
  }
  const kept = columns.slice(0, options.columns ?? 12);
  return { columns: kept, rows: head.map((row) => kept.map((c) => cell(row[c], maxChars))), returned: items.length, total };
}
