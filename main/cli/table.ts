// Rows as an aligned text table for the terminal: the first columns that fit, long cells cut, and a note of
// what was left out. Ids and names are never cut: users paste them into the next command.
const MAX_CELL = 28;
/** Columns whose values a user types again (a tool id, a dataset name, a run id): always whole. */
const WHOLE = /^(id|name|tool|run|dataset|snapshot|link)$/i;

function cell(value: unknown, whole: boolean): string {
  const text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return !whole && text.length > MAX_CELL ? `${text.slice(0, MAX_CELL - 1)}…` : text;
}

const widthOf = (text: string): number => [...text].reduce((w, ch) => w + (/[\u1100-\u11ff\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(ch) ? 2 : 1), 0);
const padTo = (text: string, width: number): string => text + ' '.repeat(Math.max(0, width - widthOf(text)));

export function renderTable(rows: Record<string, unknown>[], options: { maxRows?: number; maxWidth?: number } = {}): string {
  if (rows.length === 0) return '  (no rows)';
  const maxRows = options.maxRows ?? 20;
  const maxWidth = options.maxWidth ?? 160;
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const shown = rows.slice(0, maxRows).map((r) => columns.map((c) => cell(r[c], WHOLE.test(c))));
  const widths = columns.map((c, i) => Math.max(widthOf(c), ...shown.map((row) => widthOf(row[i]!))));
  const kept: number[] = [];
  let used = 2;
  for (let i = 0; i < columns.length; i++) {
    if (used + widths[i]! + 2 > maxWidth && kept.length > 0) break;
    kept.push(i);
    used += widths[i]! + 2;
  }
  const line = (values: string[]): string => `  ${kept.map((i) => padTo(values[i]!, widths[i]!)).join('  ')}`.trimEnd();
  const out = [line(columns), ...shown.map(line)];
  const notes: string[] = [];
  if (rows.length > maxRows) notes.push(`${rows.length - maxRows} more rows of ${rows.length}`);
  if (kept.length < columns.length) notes.push(`${columns.length - kept.length} more columns (${columns.slice(kept.length).join(', ')})`);
  if (notes.length) out.push(`  … ${notes.join('; ')} — use --json for everything`);
  return out.join('\n');
}
