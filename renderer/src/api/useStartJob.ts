// Starting engine work as a job from a view: a write like any other (pending, the engine's refusal with its hint,
// tried again), after which the job list is read again and the jobs' cards follow it.
import { useCallback } from 'react';
import type { JobMethod, JobParams, JobStart } from '../../../main/api/contract.ts';
import { useEngineMutation, type EngineMutation } from './useEngineMutation.ts';

export interface StartJob extends Omit<EngineMutation<'jobs.start'>, 'run'> {
  /** Starts the job; resolves to whether the engine took it (a refusal is in `error`). */
  start: <M extends JobMethod>(method: M, params: JobParams<M>) => Promise<boolean>;
}

export function useStartJob(): StartJob {
  const { run, ...state } = useEngineMutation('jobs.start', { invalidates: ['jobs.list'] });
  const start = useCallback(async <M extends JobMethod>(method: M, params: JobParams<M>) => (await run({ method, params } as JobStart)) !== undefined, [run]);
  return { ...state, start };
}
