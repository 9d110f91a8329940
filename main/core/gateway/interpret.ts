// From a raw HTTP response to a ParsedOutcome: parse the body (JSON or XML, whatever was asked for), read the
// API's envelope, classify the result code, normalise the rows. Live calls, replays and `kopa gateway parse`
// all come through here, so a recorded body reproduces exactly the result the live call gave.
import type { RemoteToolSpec } from '../catalog/types.ts';
import { failure, type ParsedOutcome } from './callResult.ts';
import { MalformedEnvelope, readEnvelope, type Envelope } from './envelopes.ts';
import { driftWarnings, normaliseItem, numberWarnings } from './normalise.ts';
import { STANDARD_CODES, standardCode } from './standardCodes.ts';
import { isSafeNumber, parse as parseLossless } from 'lossless-json';
import { parseXml, XmlRefused } from './xml.ts';

export interface RawResponse {
  status: number;
  contentType: string;
  body: string;
}

/** Deeper than any real envelope: a body nested past this is an attack on the parser's callers, not data. */
export const MAX_DEPTH = 64;

const RISKY_NUMBER = /[:,[]\s*-?(\d{16}|\d+(\.\d+)?[eE][+-]?\d{3})/;

/** Numbers JSON.parse would round (beyond 2^53) or turn into Infinity (1e400) are kept as their exact text. */
const exactNumber = (text: string): unknown => (isSafeNumber(text) ? Number(text) : text);

interface Inspection {
  tooDeep: boolean;
  /** A number that may not be what the text said: an integer past 2^53, an infinity, or a zero (1e-400 reads as 0). */
  suspectNumber: boolean;
}

/** One walk over a parsed body, without recursion (so it cannot overflow): its depth and its suspect numbers. */
function inspect(value: unknown): Inspection {
  let suspectNumber = false;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_DEPTH) return { tooDeep: true, suspectNumber };
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'number') suspectNumber ||= child === 0 || (!Number.isSafeInteger(child) && (Number.isInteger(child) || !Number.isFinite(child)));
      else if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return { tooDeep: false, suspectNumber };
}

/**
 * A JSON body, natively parsed; parsed again keeping exact text only where a suspect number meets the text of one
 * (a number of 16 or more digits, or with a three-digit exponent, right after ":", "," or "["), which is rare.
 */
function parseJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  const found = inspect(value);
  if (found.tooDeep) throw new TooDeep(`the body nests deeper than ${MAX_DEPTH} levels`);
  return found.suspectNumber && RISKY_NUMBER.test(text) ? parseLossless(text, undefined, exactNumber) : value;
}

/** Whether a parsed body nests deeper than MAX_DEPTH. */
const tooDeep = (value: unknown): boolean => inspect(value).tooDeep;

class TooDeep extends Error {}

export function parseBody(raw: Pick<RawResponse, 'body'>): unknown {
  const text = raw.body.replace(/^\uFEFF/, '').trim();
  if (!text.startsWith('<')) return parseJson(text);
  const body = parseXml(text);
  if (tooDeep(body)) throw new TooDeep(`the body nests deeper than ${MAX_DEPTH} levels`);
  return body;
}

const isBlank = (v: unknown): boolean => v === null || v === undefined || v === '' || v === 0;

/** For rows that hold nothing but zeros and empty values (`except` aside), the excepted values ("regId 11D20301"); else undefined. */
function blankAnswer(items: Record<string, unknown>[], except: string[]): string | undefined {
  if (items.length === 0 || !items.every((row) => Object.entries(row).every(([k, v]) => except.includes(k) || isBlank(v)))) return undefined;
  return except.flatMap((k) => [...new Set(items.map((row) => row[k]).filter((v) => !isBlank(v)))].map((v) => `${k} ${String(v)}`)).join(', ');
}

function classify(spec: RemoteToolSpec, envelope: Envelope): ParsedOutcome {
  const response = spec.response;
  const code = envelope.code ?? '';
  const message = envelope.message;
  const page = envelope.pageNo !== null && envelope.numOfRows !== null ? { pageNo: envelope.pageNo, numOfRows: envelope.numOfRows } : null;
  if (!envelope.gateway && response.successCodes.includes(code)) {
    const items = envelope.rows.map((row) => normaliseItem(row, response.fields));
    const blank = response.blankRows && blankAnswer(items, response.blankRows.except);
    if (blank !== undefined)
      return {
        ...failure('NoData', `${response.blankRows!.message}${blank ? ` (${blank})` : ''}`, { retryable: false }),
        resultCode: code,
        resultMessage: message,
        page,
        totalCount: 0,
      };
    return {
      ok: true,
      items,
      totalCount: envelope.totalCount ?? items.length,
      page,
      resultCode: code,
      resultMessage: message,
      error: null,
      warnings: [...driftWarnings(items, response.fields), ...numberWarnings(items, response.fields)],
      ...(envelope.counts ? { counts: envelope.counts } : {}),
    };
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
    if (raw.status === 401 || raw.status === 403)
      return failure('BadKey', `HTTP ${raw.status}: the service refused the key (or the key is not approved for this API)`, { httpStatus: raw.status });
    if (raw.status === 429) return failure('Quota', 'HTTP 429: too many requests', { retryable: true, httpStatus: raw.status });
    const reason = error instanceof XmlRefused || error instanceof TooDeep ? error.message : `the body is neither JSON nor XML (${(error as Error).message})`;
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
    return {
      ...outcome,
      ok: false,
      error: { kind: raw.status >= 500 ? 'Upstream' : 'InvalidParam', message: `HTTP ${raw.status}`, retryable: raw.status >= 500, httpStatus: raw.status },
    };
  }
  if (outcome.error && raw.status >= 400) outcome.error.httpStatus = raw.status;
  return outcome;
}
