// Responses as the real services write them, in JSON and in XML: each family's envelope, its success and error
// codes, and its quirks (one row as an object, no rows as "", AirKorea's bare item array, KMA's dataType, the
// data.go.kr gateway error that is XML whatever was asked).
import type { EnvelopeKind, RemoteToolSpec } from '../../core/catalog/types.ts';

export type Format = 'json' | 'xml';
export type Row = Record<string, unknown>;

export interface Rendered {
  status: number;
  contentType: string;
  body: string;
}

export interface Page {
  rows: Row[];
  totalCount: number;
  pageNo: number;
  numOfRows: number;
}

const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function xmlValue(tag: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return `<${tag}/>`;
  if (Array.isArray(value)) return value.map((v) => xmlValue(tag, v)).join('');
  if (typeof value === 'object')
    return `<${tag}>${Object.entries(value)
      .map(([k, v]) => xmlValue(k, v))
      .join('')}</${tag}>`;
  return `<${tag}>${escapeXml(String(value))}</${tag}>`;
}

function xml(root: string, value: Record<string, unknown>): Rendered {
  return { status: 200, contentType: 'application/xml;charset=UTF-8', body: `${XML_DECL}${xmlValue(root, value)}` };
}

function json(value: unknown, status = 200): Rendered {
  return { status, contentType: 'application/json;charset=UTF-8', body: JSON.stringify(value) };
}

/** What each agency writes as its success message. */
function successMessage(spec: RemoteToolSpec): string {
  switch (spec.agency) {
    case 'KMA':
      return 'NORMAL_SERVICE';
    case 'AirKorea':
      return 'NORMAL_CODE';
    case 'TourAPI':
    case 'MOLIT':
      return spec.response.successCodes[0] === '000' || spec.response.successCodes[0] === '0000' ? 'OK' : 'NORMAL SERVICE.';
    default:
      return 'NORMAL SERVICE.';
  }
}

/** The data.go.kr gateway's own refusal (key, quota, IP): always XML, with its own root element. */
export function gatewayError(code: string, message: string): Rendered {
  return xml('OpenAPI_ServiceResponse', { cmmMsgHeader: { errMsg: 'SERVICE ERROR', returnAuthMsg: message, returnReasonCode: code } });
}

export function renderRows(spec: RemoteToolSpec, format: Format, page: Page): Rendered {
  const code = spec.response.successCodes[0]!;
  return render(spec.response.envelope, spec, format, { code, message: successMessage(spec), page });
}

export function renderError(spec: RemoteToolSpec, format: Format, code: string, message: string): Rendered {
  return render(spec.response.envelope, spec, format, { code, message });
}

interface Outcome {
  code: string;
  message: string;
  page?: Page;
}

function render(kind: EnvelopeKind, spec: RemoteToolSpec, format: Format, outcome: Outcome): Rendered {
  switch (kind) {
    case 'datago':
      return datago(spec, format, outcome);
    case 'stanReginCd':
      return stanReginCd(format, outcome);
    case 'juso':
      return juso(format, outcome);
    case 'vworld':
      return vworld(format, outcome);
    case 'nts':
      return nts(outcome);
    case 'seoulBus':
      return seoulBus(format, outcome);
    case 'kosis':
      return kosis(outcome);
  }
}

/**
 * Services whose JSON writes a lone row as an array of one, as the real KMA and TourAPI bodies do; the others
 * (converted from their XML) write it as the object itself.
 */
const LONE_ROW_IN_ARRAY = new Set(['KMA', 'TourAPI']);

function datago(spec: RemoteToolSpec, format: Format, { code, message, page }: Outcome): Rendered {
  const bareItems = spec.agency === 'AirKorea';
  if (!page) {
    // TourAPI answers parameter errors without any envelope.
    if (spec.agency === 'TourAPI' && format === 'json') return json({ responseTime: new Date().toISOString(), resultCode: code, resultMsg: message });
    const header = { resultCode: code, resultMsg: message };
    return format === 'json' ? json({ response: { header } }) : xml('response', { header });
  }
  const rows = page.rows;
  const body: Record<string, unknown> = {};
  if (spec.agency === 'KMA') body.dataType = format === 'json' ? 'JSON' : 'XML';
  if (format === 'json') {
    body.items = rows.length === 0 ? '' : bareItems ? rows : { item: rows.length === 1 && !LONE_ROW_IN_ARRAY.has(spec.agency) ? rows[0] : rows };
  } else {
    body.items = rows.length === 0 ? '' : { item: rows };
  }
  body.pageNo = page.pageNo;
  body.numOfRows = page.numOfRows;
  body.totalCount = page.totalCount;
  const response = { header: { resultCode: code, resultMsg: message }, body };
  return format === 'json' ? json({ response }) : xml('response', response);
}

function stanReginCd(format: Format, { code, message, page }: Outcome): Rendered {
  const result = { resultCode: code, resultMsg: message };
  if (!page || page.rows.length === 0) {
    return format === 'json' ? json({ RESULT: result }) : xml('RESULT', result);
  }
  if (format === 'json') {
    return json({
      StanReginCd: [
        { head: [{ totalCount: page.totalCount }, { numOfRows: String(page.numOfRows), pageNo: String(page.pageNo), type: 'JSON' }, { RESULT: result }] },
        { row: page.rows },
      ],
    });
  }
  return xml('StanReginCd', {
    head: { totalCount: page.totalCount, numOfRows: page.numOfRows, pageNo: page.pageNo, type: 'XML', RESULT: result },
    row: page.rows,
  });
}

function juso(format: Format, { code, message, page }: Outcome): Rendered {
  const common = {
    errorMessage: message,
    countPerPage: String(page?.numOfRows ?? 0),
    totalCount: String(page?.totalCount ?? 0),
    errorCode: code,
    currentPage: String(page?.pageNo ?? 0),
  };
  const rows = page?.rows ?? [];
  if (format === 'json') return json({ results: { common, juso: page ? rows : null } });
  return xml('results', { common, juso: rows });
}

function vworld(format: Format, { code, message, page }: Outcome): Rendered {
  const service = { name: 'address', version: '2.0', operation: 'getcoord', time: '9(ms)' };
  let response: Record<string, unknown>;
  if (code === 'OK' && page && page.rows[0]) {
    const { point, refined, input } = page.rows[0] as { point: unknown; refined: unknown; input: unknown };
    response = { service, status: 'OK', input, refined, result: { crs: 'EPSG:4326', point } };
  } else if (code === 'NOT_FOUND') {
    response = { service, status: 'NOT_FOUND', record: { total: '0', current: '0' }, page: { total: '1', current: '1', size: '10' } };
  } else {
    // Level 1 for a request the service cannot read (a missing parameter), 2 for one it refuses (a wrong key).
    response = { service, status: 'ERROR', error: { level: code === 'PARAM_REQUIRED' ? '1' : '2', code, text: message } };
  }
  return format === 'json' ? json({ response }) : xml('response', response);
}

function nts({ code, message, page }: Outcome): Rendered {
  if (!page) return code === '-4' ? json({ code: -4, msg: message }, 401) : json({ status_code: code }, 400);
  // The status service counts the numbers it knows (match_cnt); the validation service the ones that match (valid_cnt).
  const validation = page.rows.some((r) => 'valid' in r);
  const counts = validation ? { valid_cnt: page.rows.filter((r) => r.valid === '01').length } : { match_cnt: page.rows.filter((r) => r.b_stt_cd).length };
  return json({ request_cnt: page.totalCount, ...counts, status_code: 'OK', data: page.rows });
}

function seoulBus(format: Format, { code, message, page }: Outcome): Rendered {
  const comMsgHeader = { errMsg: null, responseTime: null, requestMsgID: null, responseMsgID: null, successYN: null, returnCode: null };
  const rows = page?.rows ?? [];
  const msgHeader = { headerMsg: message, headerCd: code, itemCount: rows.length };
  if (format === 'json') return json({ comMsgHeader, msgHeader, msgBody: { itemList: rows.length ? rows : null } });
  return xml('ServiceResult', { comMsgHeader: {}, msgHeader, msgBody: { itemList: rows } });
}

function kosis({ code, message, page }: Outcome): Rendered {
  if (!page) return json({ err: code, errMsg: message });
  return json(page.rows);
}
