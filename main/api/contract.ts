// The one typed API of the engine. Every surface (CLI, desktop renderer, browser mode, tests) calls the engine
// through `EngineApi.call`, whatever carries the call: a direct call, a MessagePort, HTTP or a WebSocket.
// Each capability's slice (its types, methods and parameter schemas) is a file beside this one; this file joins them.
// A UI feature is a method of its capability first, then a view.
import type { ErrorPayload } from '../core/errors.ts';
import type { StatusMethods } from './status.ts';
import type { CatalogMethods } from './catalog.ts';
import type { AuditMethods } from './audit.ts';
import type { GatewayMethods } from './gateway.ts';
import type { KeysMethods } from './keys.ts';
import type { EdgesMethods } from './edges.ts';
import type { SynthMethods } from './synth.ts';
import type { TrainMethods } from './train.ts';
import type { ModelsMethods } from './models.ts';
import type { AgentMethods } from './agent.ts';
import type { BfclMethods } from './bfcl.ts';
import type { BenchMethods } from './bench.ts';
import type { JobsMethods } from './jobs.ts';

export type { EmptyParams, Progress } from './shared.ts';
import type { Progress } from './shared.ts';
export type * from './status.ts';
export type * from './catalog.ts';
export type * from './audit.ts';
export type * from './gateway.ts';
export type * from './keys.ts';
export type * from './edges.ts';
export type * from './synth.ts';
export type * from './train.ts';
export type * from './models.ts';
export type * from './agent.ts';
export type * from './bfcl.ts';
export type * from './bench.ts';
export type * from './jobs.ts';

/** Each method's parameters and result. Parameters are one JSON object, so every transport carries them alike. */
export type EngineMethods = StatusMethods &
  CatalogMethods &
  AuditMethods &
  GatewayMethods &
  KeysMethods &
  EdgesMethods &
  SynthMethods &
  TrainMethods &
  ModelsMethods &
  AgentMethods &
  BfclMethods &
  BenchMethods &
  JobsMethods;

export type MethodName = keyof EngineMethods;
export type ParamsOf<M extends MethodName> = EngineMethods[M]['params'];
export type ResultOf<M extends MethodName> = EngineMethods[M]['result'];

export interface CallOptions {
  signal?: AbortSignal;
  onProgress?: (progress: Progress) => void;
}

export interface EngineApi {
  call<M extends MethodName>(method: M, params: ParamsOf<M>, options?: CallOptions): Promise<ResultOf<M>>;
}

/** Messages of the RPC protocol that runs over MessagePorts and WebSockets. */
export type ClientMessage = { kind: 'call'; id: number; method: string; params: unknown } | { kind: 'cancel'; id: number };

export type ServerMessage =
  | { kind: 'result'; id: number; value: unknown }
  | { kind: 'error'; id: number; error: ErrorPayload }
  | { kind: 'progress'; id: number; progress: Progress };

/** WebSocket subprotocol of the API, and the prefix of the one that carries the token (browsers cannot set headers). */
export const API_PROTOCOL = 'kopa.v1';
export const API_TOKEN_PROTOCOL_PREFIX = 'kopa-token.';
