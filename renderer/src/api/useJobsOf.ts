// A view's jobs of one kind, polled while shown, and the reads they change refreshed when one ends. Keyed by the
// jobs that ended, not only by "something was running", so a job too quick for the list to ever show it running
// still refreshes what it changed.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { JobInfo, JobMethod, MethodName } from '../../../main/api/contract.ts';
import { useEngineQuery } from './queries.ts';

const REFRESH_MS = 1500;

export function useJobsOf(method: JobMethod, refresh: MethodName[], limit: number): { jobs: JobInfo[]; running: boolean } {
  const queryClient = useQueryClient();
  const list = useEngineQuery('jobs.list', {}, { refetchInterval: REFRESH_MS });
  const jobs = (list.data ?? []).filter((j) => j.method === method).slice(0, limit);
  const running = jobs.some((j) => j.status === 'running');
  const ended = jobs
    .filter((j) => j.status !== 'running')
    .map((j) => j.id)
    .join();
  const reads = refresh.join();
  useEffect(() => {
    if (running) return;
    for (const key of reads.split(',').filter(Boolean)) void queryClient.invalidateQueries({ queryKey: [key] });
  }, [running, ended, reads, queryClient]);
  return { jobs, running };
}
