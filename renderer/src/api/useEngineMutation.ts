// Every write from the window goes through here: it is pending while it runs; its failure stays on screen with the
// engine's hint (the "what to do" half of every engine error) in the screen's language until it is tried again or
// dismissed; and the reads it changed are fetched again when it succeeds. Nothing a write says is swallowed. (Not
// TanStack's useMutation: it keeps a write's parameters in its state, and an API key must not outlive its call.)
import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CallOptions, MethodName, ParamsOf, ResultOf } from '../../../main/api/contract.ts';
import { toErrorPayload } from '../../../main/core/errors.ts';
import { useEngine } from './EngineProvider.tsx';

/** A failed write as the screen shows it. */
export interface ShownError {
  message: string;
  hint?: string;
}

export interface EngineMutationOptions<M extends MethodName> {
  /** Reads the write changes, fetched again once it succeeds. */
  invalidates?: MethodName[];
  /** Called with the result once the write succeeds. */
  onDone?: (result: ResultOf<M>) => void;
  /** The parameters carry a secret (an API key): they are not kept for a retry, which is then not offered. */
  secret?: boolean;
}

export interface EngineMutation<M extends MethodName> {
  /** Runs the write; resolves to its result, or to undefined when it failed (the failure is in `error`). */
  run: (params: ParamsOf<M>, options?: CallOptions) => Promise<ResultOf<M> | undefined>;
  pending: boolean;
  error: ShownError | null;
  /** The last successful write's result. */
  data: ResultOf<M> | undefined;
  /** Runs the last write again with the same parameters; undefined for a write of a secret. */
  retry: (() => void) | undefined;
  /** Forgets the failure. */
  dismiss: () => void;
}

/** A failure as the screen shows it: the engine's errors already arrive in the screen's language (useEngine). */
export function shownError(error: unknown): ShownError {
  const { message, hint } = toErrorPayload(error);
  return hint ? { message, hint } : { message };
}

export function useEngineMutation<M extends MethodName>(method: M, options: EngineMutationOptions<M> = {}): EngineMutation<M> {
  const api = useEngine();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const [data, setData] = useState<ResultOf<M> | undefined>(undefined);
  const last = useRef<{ params: ParamsOf<M>; options?: CallOptions } | undefined>(undefined);
  const settings = useRef(options);
  settings.current = options;

  const run = useCallback(
    async (params: ParamsOf<M>, callOptions?: CallOptions): Promise<ResultOf<M> | undefined> => {
      if (!api) return undefined;
      last.current = settings.current.secret ? undefined : { params, options: callOptions };
      setPending(true);
      setError(null);
      try {
        const result = await api.call(method, params, callOptions);
        setData(result);
        for (const key of settings.current.invalidates ?? []) void queryClient.invalidateQueries({ queryKey: [key] });
        settings.current.onDone?.(result);
        return result;
      } catch (failure) {
        setError(shownError(failure));
        return undefined;
      } finally {
        setPending(false);
      }
    },
    [api, method, queryClient],
  );
  const retry = useCallback(() => {
    if (last.current) void run(last.current.params, last.current.options);
  }, [run]);
  const dismiss = useCallback(() => setError(null), []);
  return { run, pending, error, data, retry: options.secret ? undefined : retry, dismiss };
}
