// Each API family wraps its rows differently. An envelope reader finds the result code, the rows and the paging
// in a parsed body (JSON, or XML parsed into the same shape), whatever variant of the envelope arrived.
import type { EnvelopeKind } from '../catalog/types.ts';

export interface Envelope {
  code: string | null;
  message: string | null;
  rows: unknown[];
  totalCount: number | null;
  pageNo: number | null;
  numOfRows: number | null;
  /** The data.go.kr gateway answered instead of the API (key, quota, IP problems). */
  gateway?: boolean;
  /** Counts the service reports besides the total (NTS: match_cnt as `matched`, valid_cnt as `valid`). */
  counts?: Record<string, number>;
}

export class MalformedEnvelope extends Error {}

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : String(v).trim());
const num = (v: unknown): number | null => {
  if (v === undefined || v === null || v === '') return null;
  const n = Number(String(v).replace(/,/g, '').trim());
  return Number.isFinite(n) ? n : null;
};

/** One row arrives as an object, none as "" or nothing: always give an array. */
export function toRows(v: unknown): unknown[] {
  if (v === undefined || v === null || v === '') return [];
  return Array.isArray(v) ? v : [v];
}

function gatewayError(body: Obj): Envelope | undefined {
  const root = body.OpenAPI_ServiceResponse;
  if (!isObj(root)) return undefined;
  const header = isObj(root.cmmMsgHeader) ? root.cmmMsgHeader : {};
  return {
    code: str(header.returnReasonCode),
    message: str(header.returnAuthMsg) ?? str(header.errMsg),
    rows: [],
    totalCount: null,
    pageNo: null,
    numOfRows: null,
    gateway: true,
  };
}

function datago(body: Obj): Envelope {
  const gw = gatewayError(body);
  if (gw) return gw;
  if (isObj(body.response)) {
    const header = isObj(body.response.header) ? body.response.header : {};
    const payload = isObj(body.response.body) ? body.response.body : {};
    const items = payload.items;
    // AirKorea puts the rows directly in items (an array in JSON); others nest them in items.item.
    const rows = isObj(items) ? toRows(items.item) : toRows(items);
    return {
      code: str(header.resultCode),
      message: str(header.resultMsg),
      rows,
      totalCount: num(payload.totalCount),
      pageNo: num(payload.pageNo),
      numOfRows: num(payload.numOfRows),
    };
  }
  // TourAPI validation errors arrive without any envelope.
  if ('resultCode' in body) return { code: str(body.resultCode), message: str(body.resultMsg), rows: [], totalCount: null, pageNo: null, numOfRows: null };
  throw new MalformedEnvelope('neither response.header nor a gateway error was found');
}

function stanReginCd(body: Obj): Envelope {
  const gw = gatewayError(body);
  if (gw) return gw;
  if (isObj(body.RESULT))
    return { code: str(body.RESULT.resultCode), message: str(body.RESULT.resultMsg), rows: [], totalCount: null, pageNo: null, numOfRows: null };
  const root = body.StanReginCd;
  let head: Obj = {};
  let rows: unknown[] = [];
  if (Array.isArray(root)) {
    // JSON: [{head: [{totalCount}, {numOfRows, pageNo, type}, {RESULT}]}, {row: [...]}]
    for (const part of root) {
      if (!isObj(part)) continue;
      if (Array.isArray(part.head)) for (const h of part.head) if (isObj(h)) head = { ...head, ...h };
      if ('row' in part) rows = toRows(part.row);
    }
  } else if (isObj(root)) {
    head = isObj(root.head) ? root.head : {};
    rows = toRows(root.row);
  } else {
    throw new MalformedEnvelope('no StanReginCd root');
  }
  const result = isObj(head.RESULT) ? head.RESULT : {};
  return {
    code: str(result.resultCode),
    message: str(result.resultMsg),
    rows,
    totalCount: num(head.totalCount),
    pageNo: num(head.pageNo),
    numOfRows: num(head.numOfRows),
  };
}

function juso(body: Obj): Envelope {
  const results = body.results;
  if (!isObj(results)) throw new MalformedEnvelope('no results object');
  const common = isObj(results.common) ? results.common : {};
  return {
    code: str(common.errorCode),
    message: str(common.errorMessage),
    rows: toRows(results.juso),
    totalCount: num(common.totalCount),
    pageNo: num(common.currentPage),
    numOfRows: num(common.countPerPage),
  };
}

function vworld(body: Obj): Envelope {
  const response = body.response;
  if (!isObj(response)) throw new MalformedEnvelope('no response object');
  const status = str(response.status);
  if (status === 'ERROR') {
    const error = isObj(response.error) ? response.error : {};
    return { code: str(error.code) ?? 'ERROR', message: str(error.text), rows: [], totalCount: null, pageNo: null, numOfRows: null };
  }
  if (status !== 'OK') return { code: status, message: null, rows: [], totalCount: 0, pageNo: null, numOfRows: null };
  const result = isObj(response.result) ? response.result : {};
  const point = isObj(result.point) ? result.point : {};
  const refined = isObj(response.refined) ? response.refined : {};
  const structure = isObj(refined.structure) ? refined.structure : {};
  const row: Obj = { x: point.x, y: point.y, refinedText: refined.text };
  for (const [key, value] of Object.entries(structure)) if (key.startsWith('level') || key === 'detail') row[key] = value;
  return { code: 'OK', message: null, rows: [row], totalCount: 1, pageNo: null, numOfRows: null };
}

function nts(body: Obj): Envelope {
  if (!('status_code' in body)) {
    // The odcloud gateway's own errors: {"code": -4, "msg": "..."}
    if ('code' in body) return { code: str(body.code), message: str(body.msg), rows: [], totalCount: null, pageNo: null, numOfRows: null, gateway: true };
    throw new MalformedEnvelope('no status_code');
  }
  const rows = toRows(body.data).map((row) => {
    if (!isObj(row)) return row;
    // validate rows nest the status fields; lift them beside b_no/valid and drop the echo of the request.
    const { status, request_param: _echo, ...rest } = row;
    return isObj(status) ? { ...status, ...rest } : rest;
  });
  const counts = Object.fromEntries(
    [
      ['matched', num(body.match_cnt)],
      ['valid', num(body.valid_cnt)],
    ].filter((entry): entry is [string, number] => entry[1] !== null),
  );
  // request_cnt is the numbers asked about, one row each; match_cnt how many of them the register knows.
  return {
    code: str(body.status_code),
    message: null,
    rows,
    totalCount: num(body.request_cnt),
    pageNo: null,
    numOfRows: null,
    ...(Object.keys(counts).length ? { counts } : {}),
  };
}

function seoulBus(body: Obj): Envelope {
  const root = isObj(body.ServiceResult) ? body.ServiceResult : body;
  const header = root.msgHeader;
  if (!isObj(header)) throw new MalformedEnvelope('no msgHeader');
  const msgBody = isObj(root.msgBody) ? root.msgBody : {};
  const rows = toRows(msgBody.itemList);
  return { code: str(header.headerCd), message: str(header.headerMsg), rows, totalCount: num(header.itemCount) ?? rows.length, pageNo: null, numOfRows: null };
}

function kosis(body: unknown): Envelope {
  if (Array.isArray(body)) return { code: 'OK', message: null, rows: body, totalCount: body.length, pageNo: null, numOfRows: null };
  if (isObj(body) && ('err' in body || 'errMsg' in body))
    return { code: str(body.err), message: str(body.errMsg), rows: [], totalCount: null, pageNo: null, numOfRows: null };
  throw new MalformedEnvelope('neither a row array nor an err object');
}

const readers: Record<EnvelopeKind, (body: Obj) => Envelope> = { datago, stanReginCd, juso, vworld, nts, seoulBus, kosis };

export function readEnvelope(kind: EnvelopeKind, body: unknown): Envelope {
  if (kind === 'kosis') return kosis(body);
  if (!isObj(body)) throw new MalformedEnvelope('the body is not an object');
  // A gateway error can come back from any data.go.kr API, whatever its own envelope.
  return gatewayError(body) ?? readers[kind](body);
}
