// Rows as an aligned text table for the terminal: the columns that matter first (a tool's headline fields, or the
// ones the user names with --columns), as many as fit, long cells cut, and a note of what was left out and how to
// see it. Ids, names, files and paths are never cut: users paste them into the next command.
const MAX_CELL = 28;
/** Columns whose values a user types again (a tool id, a dataset name, a run id, a file): always whole. */
const WHOLE = /^(id|name|tool|run|dataset|snapshot|link|location|file|path|endpoint|url)$/i;

import { translate, type Locale } from '../core/i18n/strings.ts';

/** How the user asked tables to be shown: every column whole (--wide), or only these columns (--columns), and in which language notes are said. */
export interface TableView {
  wide: boolean;
  columns?: string[];
  locale?: Locale;
}

let view: TableView = { wide: false };
const say = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>): string => translate(view.locale ?? 'en', key, vars);

/** Set once per command from its global options. */
export function useTableView(next: TableView): void {
  view = next;
}

function cell(value: unknown, whole: boolean): string {
  const text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return !whole && text.length > MAX_CELL ? `${text.slice(0, MAX_CELL - 1)}…` : text;
}

/** Columns a text takes in a terminal: Hangul and CJK characters take two. */
const widthOf = (text: string): number => [...text].reduce((w, ch) => w + (/[\u1100-\u11ff\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(ch) ? 2 : 1), 0);
const padTo = (text: string, width: number): string => text + ' '.repeat(Math.max(0, width - widthOf(text)));

/**
 * The labels of a card (`label  value` lines) as they are said, each padded to the widest of them and two spaces more,
 * so the values line up in any language.
 */
export function labeller<K>(keys: readonly K[], say: (key: K) => string): (key: K) => string {
  const width = Math.max(...keys.map((k) => widthOf(say(k)))) + 2;
  return (key) => padTo(say(key), width);
}

export interface TableOptions {
  maxRows?: number;
  maxWidth?: number;
  /** Columns to put first, in this order (a tool's headline fields: price, area and floor for a deal). */
  headline?: string[];
}

export function renderTable(rows: Record<string, unknown>[], options: TableOptions = {}): string {
  if (rows.length === 0) return `  ${say('cli.table.noRows')}`;
  const maxRows = view.wide ? Infinity : (options.maxRows ?? 20);
  const maxWidth = view.wide ? Infinity : (options.maxWidth ?? 160);
  const present = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const unknown = (view.columns ?? []).filter((c) => !present.includes(c));
  const first = view.columns ?? (options.headline ?? []).filter((c) => present.includes(c));
  const columns = view.columns ? first.filter((c) => present.includes(c)) : [...first, ...present.filter((c) => !first.includes(c))];
  if (columns.length === 0) return `  ${say('cli.table.noneOfColumns', { columns: unknown.join(', '), present: present.join(', ') })}`;
  const shown = rows.slice(0, maxRows).map((r) => columns.map((c) => cell(r[c], view.wide || WHOLE.test(c))));
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
  if (rows.length > maxRows) notes.push(say('cli.table.moreRows', { n: rows.length - maxRows, total: rows.length }));
  if (kept.length < columns.length)
    notes.push(say('cli.table.moreColumns', { n: columns.length - kept.length, columns: columns.slice(kept.length).join(', ') }));
  if (notes.length) out.push(`  … ${say('cli.table.seeMore', { notes: notes.join('; ') })}`);
  if (unknown.length) out.push(`  ${say('cli.table.noColumn', { columns: unknown.join(', ') })}`);
  return out.join('\n');
}
