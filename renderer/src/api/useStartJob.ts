// Starting engine work as a job from a view: the job lists refresh (status bar, the view's own list), and the
// engine's refusal (bad parameters, an unknown model) comes back as the message to show.
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { JobMethod } from '../../../main/api/contract.ts';
import { useEngine } from './EngineProvider.tsx';

/** Resolves to null once the job exists, or to why the engine would not start it. */
export function useStartJob(): (method: JobMethod, params: Record<string, unknown>) => Promise<string | null> {
  const api = useEngine();
  const queryClient = useQueryClient();
  return useCallback(
    async (method, params) => {
      if (!api) return null;
      try {
        await api.call('jobs.start', { method, params });
        void queryClient.invalidateQueries({ queryKey: ['jobs.list'] });
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    },
    [api, queryClient],
  );
}
