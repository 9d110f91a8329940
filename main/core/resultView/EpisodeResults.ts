// The results of one episode (an agent's answer to one question, or one execution of a plan): each successful
// result gets the next handle (r1, r2, …) and keeps all its rows, the query tool runs over them, and every result
// is rendered through the one view. The agent loop and the plan executor both call tools through this, so a plan
// and a model that make the same calls get the same handles and read the same text.
import type { Catalog } from '../catalog/Catalog.ts';
import { failure, type CallResult, type Item, type ParsedOutcome } from '../gateway/callResult.ts';
import type { ArgsViolation } from '../catalog/argsValidator.ts';
import { listViolations } from '../catalog/sayViolation.ts';
import { translate, type StringKey } from '../i18n/strings.ts';
import { QUERY_TOOL, queryRows, type RowQuery } from './queryRows.ts';
import { renderResult, type ResultView, type ViewOptions } from './resultView.ts';

export type ToolCaller = (tool: string, args: Record<string, unknown>, signal?: AbortSignal) => Promise<CallResult>;

export interface ViewedResult {
  result: CallResult;
  view: ResultView;
}

const HANDLE = /^r([1-9]\d*)$/;

/** The highest handle number in texts a model has already read (a continued chat), so new handles do not repeat them. */
export function lastHandle(texts: string[]): number {
  let max = 0;
  for (const text of texts) {
    const m = /^\{"result":"r([1-9]\d*)"/.exec(text);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return max;
}

export interface EpisodeResultsOptions {
  /** Validates the query tool's arguments (other tools are validated by the gateway). */
  catalog: Catalog;
  /** What a model sees of each result. Defaults to the standard view. */
  view?: ViewOptions;
  /** Handles already used in this conversation (a continued chat); numbering continues after it. Defaults to 0. */
  after?: number;
}

/** A query the tool refused: the model reads the Korean; `said` lets a screen say it in its own language. */
function refusedQuery(key: StringKey, vars: Record<string, string>, violations?: ArgsViolation[]): ParsedOutcome {
  return failure('InvalidParam', translate('ko', key, vars), { retryable: false, said: { key, vars }, ...(violations ? { violations } : {}) });
}

export class EpisodeResults {
  private readonly call: ToolCaller;
  private readonly options: EpisodeResultsOptions;
  private readonly rows = new Map<string, Item[]>();
  private count: number;

  constructor(call: ToolCaller, options: EpisodeResultsOptions) {
    this.call = call;
    this.options = options;
    this.count = options.after ?? 0;
  }

  async run(tool: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<ViewedResult> {
    const result = tool === QUERY_TOOL ? this.query(args) : await this.call(tool, args, signal);
    const handle = result.ok ? this.keep(result.items) : null;
    return { result, view: renderResult(result, handle, this.options.view) };
  }

  /** Every row of a handle's result, or undefined. */
  rowsOf(handle: string): Item[] | undefined {
    return this.rows.get(handle);
  }

  private keep(items: Item[]): string {
    const handle = `r${++this.count}`;
    this.rows.set(handle, items);
    return handle;
  }

  private query(raw: Record<string, unknown>): CallResult {
    const base = { tool: QUERY_TOOL, source: 'local' as const, requestHash: '', latencyMs: 0 };
    const checked = this.options.catalog.validator(QUERY_TOOL).check(raw);
    if (!checked.ok) {
      const list = listViolations('ko', checked.violations, (v) => v.message);
      return { ...refusedQuery('query.invalidArguments', { tool: QUERY_TOOL, violations: list }, checked.violations), ...base };
    }
    const args = checked.args as unknown as RowQuery;
    const rows = HANDLE.test(String(args.result)) ? this.rows.get(args.result) : undefined;
    if (!rows) {
      const known = [...this.rows.keys()];
      const result = String(args.result);
      return {
        ...(known.length ? refusedQuery('query.noResult', { result, known: known.join(', ') }) : refusedQuery('query.noResultYet', { result })),
        ...base,
      };
    }
    const outcome = queryRows(rows, args);
    if (!outcome.ok) return { ...refusedQuery(outcome.said.key, outcome.said.vars), ...base };
    return {
      ok: true,
      items: outcome.items,
      totalCount: outcome.totalCount,
      page: null,
      resultCode: null,
      resultMessage: null,
      error: null,
      warnings: [],
      ...base,
    };
  }
}
