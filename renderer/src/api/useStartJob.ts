// Starting engine work as a job from a view: a write like any other (pending, the engine's refusal with its hint,
// tried again), after which the job list is read again and the jobs' cards follow it.
import { useCallback } from 'react';
import type { JobMethod } from '../../../main/api/contract.ts';
import { useEngineMutation, type EngineMutation } from './useEngineMutation.ts';

export interface StartJob extends Omit<EngineMutation<'jobs.start'>, 'run'> {
  /** Starts the job; resolves to whether the engine took it (a refusal is in `error`). */
  start: (method: JobMethod, params: Record<string, unknown>) => Promise<boolean>;
}

export function useStartJob(): StartJob {
  const { run, ...state } = useEngineMutation('jobs.start', { invalidates: ['jobs.list'] });
  const start = useCallback(async (method: JobMethod, params: Record<string, unknown>) => (await run({ method, params })) !== undefined, [run]);
  return { ...state, start };
}
