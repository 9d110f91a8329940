// A tool result as a model reads it: the first rows, the total, and no empty fields or endless strings. The full
// result stays in the trace; only the model's view is compacted, so a 300-row answer does not flood its context.
import type { CallResult } from '../gateway/callResult.ts';

export interface CompactOptions {
  /** Rows shown. Defaults to 10. */
  maxItems?: number;
  /** Characters of one text value. Defaults to 200. */
  maxChars?: number;
}

export function compactResult(result: CallResult, options: CompactOptions = {}): string {
  const maxItems = options.maxItems ?? 10;
  const maxChars = options.maxChars ?? 200;
  if (!result.ok) return JSON.stringify({ ok: false, error: result.error?.kind ?? 'Error', message: result.error?.message ?? '' });
  const items = result.items.slice(0, maxItems).map((item) =>
    Object.fromEntries(
      Object.entries(item)
        .filter(([, v]) => v !== null && v !== undefined && v !== '')
        .map(([k, v]) => [k, typeof v === 'string' && v.length > maxChars ? `${v.slice(0, maxChars)}…` : v]),
    ),
  );
  const total = result.totalCount ?? result.items.length;
  return JSON.stringify({ ok: true, totalCount: total, items, ...(total > items.length ? { more: `${total - items.length} more rows not shown` } : {}) });
}
