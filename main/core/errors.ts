// Errors a user (or a calling program) must act on. Each carries a stable code, a message saying what happened,
// and a hint saying what to do; they cross every transport as plain data and come back as the same class.

export const errorCodes = [
  'Usage',
  'InvalidRequest',
  'Unauthorized',
  'NotFound',
  'Aborted',
  'Disposed',
  'DataDirUnavailable',
  'CorruptDatabase',
  'NewerDatabase',
  'MigrationFailed',
  'RuntimeUnavailable',
  'InvalidModelFile',
  'Internal',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/**
 * The message (and hint) as catalogue keys with their values, for a surface that speaks the user's language; the
 * English `message` and `hint` stay for logs, JSON and any surface that does not.
 */
export interface SaidAs {
  message: string;
  hint?: string;
  vars?: Record<string, string | number>;
  /** Values that are sentences of their own (why a file was refused), said in the same language as the message. */
  parts?: Record<string, { key: string; vars?: Record<string, string | number> }>;
}

export interface KopaErrorOptions {
  /** What the user can do about it, in one sentence. */
  hint?: string;
  /** The same in the message catalogue (resources/strings): keys and their values. */
  saidAs?: SaidAs;
  /** Machine-readable facts (paths, versions, ids). Never secrets. */
  details?: Record<string, unknown>;
  cause?: unknown;
}

export class KopaError extends Error {
  readonly code: ErrorCode;
  readonly hint: string | undefined;
  readonly details: Record<string, unknown>;
  /** The message and hint in the catalogue, for a surface in the user's language. */
  readonly saidAs: SaidAs | undefined;

  constructor(code: ErrorCode, message: string, options: KopaErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'KopaError';
    this.code = code;
    this.hint = options.hint;
    this.details = options.details ?? {};
    this.saidAs = options.saidAs;
  }
}

/** The wire form of an error. */
export interface ErrorPayload {
  code: ErrorCode;
  message: string;
  hint?: string;
  details?: Record<string, unknown>;
  saidAs?: SaidAs;
}

export function toErrorPayload(error: unknown): ErrorPayload {
  if (error instanceof KopaError) {
    return {
      code: error.code,
      message: error.message,
      ...(error.hint ? { hint: error.hint } : {}),
      details: error.details,
      ...(error.saidAs ? { saidAs: error.saidAs } : {}),
    };
  }
  if (error instanceof Error && error.name === 'AbortError') return { code: 'Aborted', message: 'The operation was aborted.' };
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'Internal', message };
}

export function fromErrorPayload(payload: ErrorPayload): KopaError {
  const code = (errorCodes as readonly string[]).includes(payload.code) ? payload.code : 'Internal';
  return new KopaError(code, payload.message, { hint: payload.hint, details: payload.details, saidAs: payload.saidAs });
}

export function isKopaError(error: unknown, code?: ErrorCode): error is KopaError {
  return error instanceof KopaError && (code === undefined || error.code === code);
}
