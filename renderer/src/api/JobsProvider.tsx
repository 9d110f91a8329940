// The window's view of long work. The job list is read once, and again when a job starts or ends; each running job
// is followed through jobs.watch, whose progress streams in (no timer asks the engine), and the reads a kind of job
// changes are fetched again as it goes and when it ends. A job that another process runs (a `kopa` command on the
// same data folder) cannot be watched from here, so while one runs the list is read again every few seconds.
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { JobInfo, JobMethod, MethodName, Progress } from '../../../main/api/contract.ts';
import { useEngine } from './EngineProvider.tsx';
import { useEngineQuery } from './queries.ts';

/** At most this often streamed progress reaches the screen. */
const SHOW_EVERY_MS = 400;
/** At most this often, while a job makes progress, the reads it changes are fetched again. */
const READS_EVERY_MS = 1500;
/** How often the list is read while a job runs that this window cannot watch. */
const OTHER_PROCESS_MS = 5000;

/** The reads each kind of job changes: fetched again as it goes and when it ends. */
const CHANGES: Record<JobMethod, MethodName[]> = {
  'synth.run': ['synth.list'],
  'edges.verify': ['edges.list', 'edges.show'],
  'bench.run': ['bench.runs', 'bench.show'],
  'bench.validate': [],
  'bfcl.run': ['bfcl.runs'],
  'rollout.run': [],
  'models.add': ['models.list'],
  'models.load': ['models.loaded'],
  'train.nano': ['models.list', 'train.history'],
  'train.nanoGrpo': ['models.list', 'train.history'],
};

const JobsContext = createContext<JobInfo[]>([]);

function refreshReadsOf(queryClient: QueryClient, method: JobMethod): void {
  for (const key of CHANGES[method]) void queryClient.invalidateQueries({ queryKey: [key] });
}

export function JobsProvider({ children }: { children: ReactNode }) {
  const api = useEngine();
  const queryClient = useQueryClient();
  const [otherProcess, setOtherProcess] = useState<ReadonlySet<string>>(new Set());
  const list = useEngineQuery('jobs.list', {}, { refetchInterval: otherProcess.size > 0 ? OTHER_PROCESS_MS : undefined });
  const [live, setLive] = useState<ReadonlyMap<string, Progress>>(new Map());
  const watching = useRef(new Map<string, AbortController>());
  const queued = useRef(new Map<string, Progress>());
  const flushTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const readsAt = useRef(new Map<JobMethod, number>());
  const endedSeen = useRef<Set<string> | undefined>(undefined);

  // Every job seen to end refreshes what it changed, a watched one and one too quick to be watched alike.
  useEffect(() => {
    if (!list.data) return;
    const ended = list.data.filter((j) => j.status !== 'running');
    if (endedSeen.current) for (const job of ended) if (!endedSeen.current.has(job.id)) refreshReadsOf(queryClient, job.method);
    endedSeen.current = new Set(ended.map((j) => j.id));
    setOtherProcess((known) => {
      const stillRunning = new Set([...known].filter((id) => list.data.some((j) => j.id === id && j.status === 'running')));
      return stillRunning.size === known.size ? known : stillRunning;
    });
  }, [list.data, queryClient]);

  useEffect(() => {
    if (!api) return;
    const flush = (): void => {
      flushTimer.current = undefined;
      const batch = new Map(queued.current);
      queued.current.clear();
      setLive((previous) => new Map([...previous, ...batch]));
      const now = Date.now();
      for (const id of batch.keys()) {
        const method = list.data?.find((j) => j.id === id)?.method;
        if (!method || now - (readsAt.current.get(method) ?? 0) < READS_EVERY_MS) continue;
        readsAt.current.set(method, now);
        refreshReadsOf(queryClient, method);
      }
    };
    for (const job of list.data ?? []) {
      if (job.status !== 'running' || watching.current.has(job.id) || otherProcess.has(job.id)) continue;
      const controller = new AbortController();
      watching.current.set(job.id, controller);
      const onProgress = (progress: Progress): void => {
        queued.current.set(job.id, progress);
        flushTimer.current ??= setTimeout(flush, SHOW_EVERY_MS);
      };
      api.call('jobs.watch', { id: job.id }, { signal: controller.signal, onProgress }).then(
        (final) => {
          if (watching.current.get(job.id) !== controller) return;
          watching.current.delete(job.id);
          if (final.status === 'running') setOtherProcess((known) => new Set([...known, job.id]));
          // The list as it ends: the effect above sees the job ended and refreshes what it changed.
          queryClient.setQueryData<JobInfo[]>(['jobs.list'], (jobs) => jobs?.map((j) => (j.id === final.id ? final : j)));
          void queryClient.invalidateQueries({ queryKey: ['jobs.list'] });
        },
        () => {
          // Watching stopped (the window left, the connection dropped): the job runs on; a fresh list watches it again.
          if (watching.current.get(job.id) === controller) watching.current.delete(job.id);
        },
      );
    }
  }, [api, list.data, otherProcess, queryClient]);

  useEffect(
    () => () => {
      for (const controller of watching.current.values()) controller.abort();
      watching.current.clear();
      if (flushTimer.current) clearTimeout(flushTimer.current);
      flushTimer.current = undefined;
    },
    [api],
  );

  const jobs = useMemo(
    () => (list.data ?? []).map((job) => (job.status === 'running' && live.has(job.id) ? { ...job, progress: live.get(job.id)! } : job)),
    [list.data, live],
  );
  return <JobsContext.Provider value={jobs}>{children}</JobsContext.Provider>;
}

/** Every job the engine knows, newest first, with the progress of those running as it streams in. */
export function useJobs(): JobInfo[] {
  return useContext(JobsContext);
}

/** A view's jobs of one kind (the latest `limit`), and whether one of them runs. */
export function useJobsOf(method: JobMethod, limit: number): { jobs: JobInfo[]; running: boolean } {
  const all = useJobs();
  const jobs = useMemo(() => all.filter((j) => j.method === method).slice(0, limit), [all, method, limit]);
  return { jobs, running: jobs.some((j) => j.status === 'running') };
}
