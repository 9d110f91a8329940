// The one policy for what a model sees of a tool result, used by chat, evaluation, rollouts, rewards, MCP and every
// synthesis export, so that training data shows exactly what inference shows. A result is rendered as compact
// JSON: its handle (r1, r2, …) for the query tool, the total, the field names once, fields that hold the same value
// in every row folded into `same`, then rows as arrays of values, as many as fit a token budget, long text cut
// with "…" and empty fields left out. A note says when rows are hidden and how to reach them. Counts a service
// reports beside its rows follow the total (NTS status: "matched", the numbers its register knows).
//
// Example (KMA 단기예보, 761 rows, budget 1,024 tokens):
//   {"result":"r3","totalCount":761,"shown":38,"fields":["category","fcstDate","fcstTime","fcstValue"],
//    "same":{"baseDate":"20250421","baseTime":"0800","nx":60,"ny":127},
//    "data":[["TMP","20250421","0900","14"],…],"note":"761행 중 앞 38행만 보입니다. …"}
// A model can be shown each row as an object instead ("named" rows: {"category":"TMP","fcstDate":"20250421",…}): about
// a fifth more tokens, but a value stands beside its field's name, where a small model that must count positions to
// pair them reads the wrong column (KOPA-Nano's commonest failure). A model trained on it records it in its GGUF.
import type { CallResult, Item } from '../gateway/callResult.ts';
import { estimateTokens } from './tokenEstimate.ts';

/** The per-result budget of the standard view: what a model with an 8,192-token context is shown. */
export const STANDARD_RESULT_TOKENS = 1024;
/** Characters of one text value before it is cut. */
export const DEFAULT_MAX_CHARS = 80;

const MIN_RESULT_TOKENS = 256;
const MAX_RESULT_TOKENS = 4096;

/**
 * The result budget for a model's context size: an eighth of the context, between 256 and 4,096 tokens, so that a
 * system prompt, the tool schemas and several results fit together. 8,192 → 1,024; 32,768 → 4,096.
 */
export function resultTokenBudget(contextTokens: number): number {
  return Math.min(MAX_RESULT_TOKENS, Math.max(MIN_RESULT_TOKENS, Math.round(contextTokens / 8)));
}

/** How a result's rows are written: values in the order of `fields`, or each value beside its field's name. */
export const resultRowForms = ['columns', 'named'] as const;
export type ResultRowForm = (typeof resultRowForms)[number];

export interface ViewOptions {
  /** Estimated tokens (tokenEstimate.ts) one result may take. Defaults to STANDARD_RESULT_TOKENS (1,024). */
  tokenBudget?: number;
  /** Characters of one text value before it is cut with "…". Defaults to 80. */
  maxChars?: number;
  /** The query tool's function name, named in the note when rows are hidden. Defaults to "local_queryRows". */
  queryFunction?: string;
  /** How rows are written. Defaults to "columns". */
  rows?: ResultRowForm;
}

export interface ResultView {
  /** What the model reads. */
  text: string;
  /** The result's handle, or null for a failure. */
  handle: string | null;
  /** The rows exactly as the model can read them off `text`: cut strings, no empty fields, `same` folded back in. */
  visible: Item[];
  /** Rows in the response. */
  returned: number;
  /** Rows shown (a prefix of the response's rows). */
  shown: number;
  totalCount: number;
}

type Viewable = Pick<CallResult, 'ok' | 'items' | 'totalCount' | 'error' | 'counts'>;

const empty = (v: unknown): boolean => v === null || v === undefined || v === '';

function cut(value: unknown, maxChars: number): unknown {
  if (typeof value === 'string') return value.length > maxChars ? `${value.slice(0, maxChars - 1)}…` : value;
  if (value !== null && typeof value === 'object') return cut(JSON.stringify(value), maxChars);
  return value;
}

/** Field names in order of first appearance, without those empty in every row, and those equal in every row. */
function layout(items: Item[]): { fields: string[]; same: string[] } {
  const order: string[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    for (const key of Object.keys(item)) {
      if (!seen.has(key)) {
        seen.add(key);
        order.push(key);
      }
    }
  }
  const fields: string[] = [];
  const same: string[] = [];
  for (const key of order) {
    const first = items[0]![key];
    let constant = items.length > 1 && !empty(first) && (typeof first !== 'object' || first === null);
    let any = false;
    for (const item of items) {
      const v = item[key];
      if (!empty(v)) any = true;
      if (constant && v !== first) constant = false;
      if (any && !constant) break;
    }
    if (!any) continue;
    (constant ? same : fields).push(key);
  }
  return { fields, same };
}

export function renderResult(result: Viewable, handle: string | null, options: ViewOptions = {}): ResultView {
  if (!result.ok) {
    const text = JSON.stringify({ ok: false, error: result.error?.kind ?? 'Error', message: result.error?.message ?? '' });
    return { text, handle: null, visible: [], returned: 0, shown: 0, totalCount: 0 };
  }
  const budget = options.tokenBudget ?? STANDARD_RESULT_TOKENS;
  const maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  const items = result.items;
  const returned = items.length;
  const totalCount = result.totalCount ?? returned;
  const head: Record<string, unknown> = { result: handle, totalCount, ...result.counts };
  if (returned !== totalCount) head.returned = returned;
  if (returned === 0) {
    const text = JSON.stringify({ ...head, data: [] });
    return { text, handle, visible: [], returned, shown: 0, totalCount };
  }
  const { fields, same } = layout(items);
  const sameValues = Object.fromEntries(same.map((k) => [k, cut(items[0]![k], maxChars)]));
  const partial = returned < totalCount ? `전체 ${totalCount}건 중 ${returned}건만 받았습니다. 더 받으려면 페이지 크기·번호 인자를 바꿔 다시 호출하세요.` : '';
  const hiddenNote = (shown: number): string =>
    `${returned}행 중 앞 ${shown}행만 보입니다. 전체 행은 ${options.queryFunction ?? 'local_queryRows'}(result="${handle}")로 거르기(where)·정렬(orderBy)·집계(aggregate)할 수 있습니다.`;

  const rows: string[] = [];
  const visible: Item[] = [];
  const named = options.rows === 'named';
  // Cost of everything but the rows, with the longest note the view could carry.
  const fixed = estimateTokens(
    JSON.stringify({ ...head, shown: returned, ...(named ? {} : { fields }), same: sameValues, data: [], note: `${hiddenNote(returned)} ${partial}` }),
  );
  let used = fixed;
  for (const item of items) {
    const values = fields.map((k) => (empty(item[k]) ? null : cut(item[k], maxChars)));
    const json = JSON.stringify(named ? Object.fromEntries(fields.flatMap((k, i) => (values[i] === null ? [] : [[k, values[i]]]))) : values);
    const cost = estimateTokens(json) + 1;
    if (rows.length > 0 && used + cost > budget) break;
    used += cost;
    rows.push(json);
    const row: Item = {};
    for (const k of [...same, ...fields]) {
      const v = k in sameValues ? sameValues[k] : values[fields.indexOf(k)];
      if (!empty(v)) row[k] = v;
    }
    visible.push(row);
  }
  const shown = rows.length;
  const note = [shown < returned ? hiddenNote(shown) : '', partial].filter(Boolean).join(' ');
  const parts = [
    JSON.stringify({ ...head, ...(shown < returned ? { shown } : {}), ...(named ? {} : { fields }), ...(same.length ? { same: sameValues } : {}) }).slice(
      0,
      -1,
    ),
    `,"data":[${rows.join(',')}]`,
    note ? `,"note":${JSON.stringify(note)}` : '',
    '}',
  ];
  return { text: parts.join(''), handle, visible, returned, shown, totalCount };
}

export interface ReadView {
  handle: string | null;
  totalCount: number;
  rows: Item[];
  /** Every field the view names, those its rows share included, also where no visible row has a value. */
  fields: string[];
  /** Set when the text reports a failure. */
  error?: string;
}

/** The field names of named rows, in order of first appearance. */
function namedFields(rows: Item[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const k in row) seen.add(k);
  return [...seen];
}

/** Reads a rendered result back into rows (either form), as a model reading it would (the visible oracle reads tool messages so). */
export function readView(text: string): ReadView {
  const parsed = JSON.parse(text) as Record<string, unknown>;
  if (parsed.ok === false) return { handle: null, totalCount: 0, rows: [], fields: [], error: String(parsed.error) };
  const same = (parsed.same as Record<string, unknown> | undefined) ?? {};
  const data = (parsed.data as unknown[] | undefined) ?? [];
  // The same key order renderResult gives its visible rows: the values every row shares, then the row's own.
  // Plain loops: a reward reads thousands of views per completion.
  const shared: Item = {};
  for (const k in same) if (!empty(same[k])) shared[k] = same[k];
  const named = !Array.isArray(parsed.fields) && data.length > 0 && !Array.isArray(data[0]);
  const fields = named ? namedFields(data as Item[]) : ((parsed.fields as string[] | undefined) ?? []);
  const own: [string, number][] = [];
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    if (fields.indexOf(f) === i && !Object.hasOwn(same, f)) own.push([f, i]);
  }
  const rows: Item[] = new Array(data.length);
  for (let r = 0; r < data.length; r++) {
    const row: Item = { ...shared };
    if (named) {
      const values = data[r] as Item;
      for (const [k] of own) if (!empty(values[k])) row[k] = values[k];
    } else {
      const values = data[r] as unknown[];
      for (const [k, at] of own) {
        const v = values[at];
        if (!empty(v)) row[k] = v;
      }
    }
    rows[r] = row;
  }
  return {
    handle: (parsed.result as string | null | undefined) ?? null,
    totalCount: Number(parsed.totalCount ?? rows.length),
    rows,
    fields: [...new Set([...fields, ...Object.keys(same)])],
  };
}
