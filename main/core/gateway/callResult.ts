// What every tool call returns, whatever answered it (live API, recording, emulator, local function). Failures
// are data with a typed kind, so an agent can read them and recover; keys never appear anywhere in it.
import type { ArgsViolation } from '../catalog/argsValidator.ts';
import type { CallErrorKind } from './callErrorKinds.ts';

export { callErrorKinds, type CallErrorKind } from './callErrorKinds.ts';

export const callSources = ['live', 'replay', 'emulator', 'local'] as const;

/** How the gateway answers: the local emulator (default), the live API, live while recording, or recordings only. */
export const gatewayModes = ['emulator', 'live', 'record', 'replay'] as const;
export type GatewayMode = (typeof gatewayModes)[number];
/** The audit log's mode of a request to a registered model server (the gateway's own calls carry their GatewayMode). */
export const MODEL_CALL_MODE = 'model';
export type CallSource = (typeof callSources)[number];

export interface CallError {
  kind: CallErrorKind;
  message: string;
  /** Whether the same call may succeed if tried again later. */
  retryable: boolean;
  /** For InvalidParam raised before any request: every problem with the arguments. */
  violations?: ArgsViolation[];
  httpStatus?: number;
  /** The message's catalogue key and values where the gateway wrote it (a screen says it in its own language). */
  said?: { key: string; vars?: Record<string, string | number> };
}

export type Item = Record<string, unknown>;

export interface CallResult {
  ok: boolean;
  tool: string;
  source: CallSource;
  items: Item[];
  totalCount: number | null;
  page: { pageNo: number; numOfRows: number } | null;
  resultCode: string | null;
  resultMessage: string | null;
  error: CallError | null;
  /** Things worth knowing that are not failures (e.g. a field the spec expects went missing). */
  warnings: string[];
  /** Counts a service reports beside its rows (NTS status: `matched`, the numbers its register knows). */
  counts?: Record<string, number>;
  /** hash(tool id, canonical arguments without secrets, spec version): the recording key. */
  requestHash: string;
  latencyMs: number;
  /** The body the service sent, keys scrubbed: only when the caller asked for it (a person reading it). */
  raw?: RawBody;
}

export interface RawBody {
  status: number;
  contentType: string;
  body: string;
  /** The body was longer than what is kept here. */
  truncated: boolean;
}

/** The part of a CallResult that comes from the response itself (what a replay must reproduce exactly). */
export type ParsedOutcome = Pick<CallResult, 'ok' | 'items' | 'totalCount' | 'page' | 'resultCode' | 'resultMessage' | 'error' | 'warnings' | 'counts'>;

export function failure(kind: CallErrorKind, message: string, extra: Partial<CallError> = {}): ParsedOutcome {
  const retryable = extra.retryable ?? (kind === 'Timeout' || kind === 'Upstream');
  return {
    ok: false,
    items: [],
    totalCount: null,
    page: null,
    resultCode: null,
    resultMessage: null,
    error: { kind, message, retryable, ...extra },
    warnings: [],
  };
}
