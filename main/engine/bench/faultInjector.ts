// A task's injected faults: the n-th call of a tool in an attempt fails as the real API would fail it (an
// HTTP 503 page, no answer in time, a body cut short), the same way in every attempt and every mode, replay
// included. The failure reaches the agent as an ordinary retryable error; whether it calls again is the test.
import { failure, type CallResult, type CallSource } from '../../core/gateway/callResult.ts';
import type { FaultKind, FaultSpec } from '../../core/bench/types.ts';

export type ToolCaller = (tool: string, args: Record<string, unknown>, signal?: AbortSignal) => Promise<CallResult>;

const OUTCOMES: Record<FaultKind, () => ReturnType<typeof failure>> = {
  serverError: () => failure('Upstream', 'HTTP 503 Service Unavailable: the service is temporarily unavailable.', { retryable: true, httpStatus: 503 }),
  timeout: () => failure('Timeout', 'The request timed out.', { retryable: true }),
  malformed: () => failure('Malformed', 'The response body was cut short and could not be parsed.', { retryable: true, httpStatus: 200 }),
};

export interface FaultyCaller {
  call: ToolCaller;
  /** The fault each call met, by call order (undefined where none was injected). */
  injected: (FaultKind | undefined)[];
}

/** Wraps a caller for one attempt; counters start at zero for each attempt. */
export function injectFaults(call: ToolCaller, faults: FaultSpec[] = [], source: CallSource = 'emulator'): FaultyCaller {
  const counts = new Map<string, number>();
  const injected: (FaultKind | undefined)[] = [];
  return {
    injected,
    call: async (tool, args, signal) => {
      const n = (counts.get(tool) ?? 0) + 1;
      counts.set(tool, n);
      const fault = faults.find((f) => f.tool === tool && f.call === n);
      injected.push(fault?.kind);
      if (!fault) return call(tool, args, signal);
      return { ...OUTCOMES[fault.kind](), tool, source, requestHash: '', latencyMs: 0 };
    },
  };
}
