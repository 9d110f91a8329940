// From a raw HTTP response to a ParsedOutcome: parse the body (JSON or XML, whatever was asked for), read the
// API's envelope, classify the result code, normalise the rows. Live calls, replays and `kopa gateway parse`
// all come through here, so a recorded body reproduces exactly the result the live call gave.
import type { RemoteToolSpec } from '../catalog/types.ts';
import { failure, type ParsedOutcome } from './callResult.ts';
import { MalformedEnvelope, readEnvelope, type Envelope } from './envelopes.ts';
import { driftWarnings, normaliseItem } from './normalise.ts';
import { STANDARD_CODES, standardCode } from './standardCodes.ts';
import { parseXml, XmlRefused } from './xml.ts';

export interface RawResponse {
  status: number;
  contentType: string;
  body: string;
}

function parseBody(raw: RawResponse): unknown {
  const text = raw.body.replace(/^\uFEFF/, '').trim();
  if (text.startsWith('<')) return parseXml(text);
  return JSON.parse(text);
}

function classify(spec: RemoteToolSpec, envelope: Envelope): ParsedOutcome {
  const response = spec.response;
  const code = envelope.code ?? '';
  const message = envelope.message;
  const page = envelope.pageNo !== null && envelope.numOfRows !== null ? { pageNo: envelope.pageNo, numOfRows: envelope.numOfRows } : null;
  if (!envelope.gateway && response.successCodes.includes(code)) {
    const items = envelope.rows.map((row) => normaliseItem(row, response.fields));
    return { ok: true, items, totalCount: envelope.totalCount ?? items.length, page, resultCode: code, resultMessage: message, error: null, warnings: driftWarnings(items, response.fields) };
  }
  const base = { resultCode: envelope.code, resultMessage: message, page };
  if (!envelope.gateway && response.noDataCodes?.includes(code)) {
    return { ...failure('NoData', message ?? 'No data matches the request.', { retryable: false }), ...base, totalCount: 0 };
  }
  const specific = envelope.gateway ? undefined : response.errorCodes?.[code];
  if (specific) {
    return { ...failure(specific.kind, message ?? specific.message ?? code), ...base };
  }
  const standard = STANDARD_CODES[standardCode(code)];
  if (standard) {
    return { ...failure(standard.kind, `${message ?? standard.message} (result code ${code})`, { retryable: standard.retryable }), ...base };
  }
  return { ...failure('Upstream', `Unexpected result code ${code || '(none)'}: ${message ?? 'no message'}`, { retryable: false }), ...base };
}

export function interpretResponse(spec: RemoteToolSpec, raw: RawResponse): ParsedOutcome {
  let body: unknown;
  try {
    body = parseBody(raw);
  } catch (error) {
    if (raw.status >= 500) return failure('Upstream', `HTTP ${raw.status} with an unreadable body`, { httpStatus: raw.status });
    if (raw.status === 401 || raw.status === 403) return failure('BadKey', `HTTP ${raw.status}: the service refused the key (or the key is not approved for this API)`, { httpStatus: raw.status });
    if (raw.status === 429) return failure('Quota', 'HTTP 429: too many requests', { retryable: true, httpStatus: raw.status });
    const reason = error instanceof XmlRefused ? error.message : `the body is neither JSON nor XML (${(error as Error).message})`;
    return failure('Malformed', reason, { retryable: raw.status >= 500, httpStatus: raw.status });
  }
  let envelope: Envelope;
  try {
    envelope = readEnvelope(spec.response.envelope, body);
  } catch (error) {
    if (error instanceof MalformedEnvelope) {
      if (raw.status >= 500) return failure('Upstream', `HTTP ${raw.status}: ${error.message}`, { httpStatus: raw.status });
      return failure('Malformed', `The ${spec.response.envelope} envelope is not there: ${error.message}`, { httpStatus: raw.status });
    }
    throw error;
  }
  const outcome = classify(spec, envelope);
  if (raw.status >= 400 && outcome.ok) {
    return { ...outcome, ok: false, error: { kind: raw.status >= 500 ? 'Upstream' : 'InvalidParam', message: `HTTP ${raw.status}`, retryable: raw.status >= 500, httpStatus: raw.status } };
  }
  if (outcome.error && raw.status >= 400) outcome.error.httpStatus = raw.status;
  return outcome;
}
