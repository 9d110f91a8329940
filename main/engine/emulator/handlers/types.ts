// What a handler of one operation sees and returns. Handlers hold the behaviour of each API; the server does
// routing, keys, faults, paging and rendering for all of them alike.
import type { RemoteToolSpec } from '../../../core/catalog/types.ts';
import type { World } from '../world/World.ts';
import type { Row } from '../render.ts';

export interface HandlerContext {
  spec: RemoteToolSpec;
  /** Query parameters, decoded once (as the real services decode them). */
  params: Record<string, string>;
  /** The parsed JSON body of a POST. */
  body: unknown;
  world: World;
  /** The emulator's clock. */
  now: Date;
}

/** Rows a handler found. An array, or a list that builds only the rows of the page asked for (a month of hourly
 * readings is 720 rows, of which a caller usually reads ten). */
export interface RowList {
  readonly length: number;
  slice(start?: number, end?: number): Row[];
}

export type HandlerResult =
  /** Rows to page and render with the API's success code. `paged: false` renders them all. */
  | { kind: 'rows'; rows: RowList; paged?: boolean }
  /** The API's own error or no-data code, in its own envelope. */
  | { kind: 'error'; code: string; message: string };

export type Handler = (ctx: HandlerContext) => HandlerResult;

export const rows = (list: RowList, paged = true): HandlerResult => ({ kind: 'rows', rows: list, paged });

/** `length` rows, the i-th built by `at(i)` only when its page is rendered. */
export function lazyRows(length: number, at: (i: number) => Row): RowList {
  return {
    length,
    slice: (start = 0, end = length) => {
      const from = Math.max(0, start);
      return Array.from({ length: Math.max(0, Math.min(end, length) - from) }, (_, i) => at(from + i));
    },
  };
}
export const apiError = (code: string, message: string): HandlerResult => ({ kind: 'error', code, message });
export const NO_DATA = apiError('03', 'NODATA_ERROR');
export const INVALID = (what: string): HandlerResult => apiError('10', `INVALID_REQUEST_PARAMETER_ERROR(${what})`);

export { isRealDate, kst, kstAt, pad, ymd } from '../../../core/time/kst.ts';
