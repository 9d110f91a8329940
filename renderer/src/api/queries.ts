// Engine reads through the one query cache: views that ask the same thing share the answer, and a write
// invalidates what it changed.
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { MethodName, ParamsOf, ResultOf } from '../../../main/api/contract.ts';
import { useEngine } from './EngineProvider.tsx';

export function engineKey<M extends MethodName>(method: M, params?: ParamsOf<M>): unknown[] {
  return params === undefined ? [method] : [method, params];
}

export interface EngineQueryOptions {
  /** Fetch again every this many milliseconds while shown. */
  refetchInterval?: number;
  enabled?: boolean;
}

export function useEngineQuery<M extends MethodName>(method: M, params: ParamsOf<M>, options: EngineQueryOptions = {}): UseQueryResult<ResultOf<M>, Error> {
  const api = useEngine();
  return useQuery({
    queryKey: engineKey(method, params),
    queryFn: ({ signal }) => api!.call(method, params, { signal }),
    enabled: api !== null && (options.enabled ?? true),
    refetchInterval: options.refetchInterval,
  });
}
