// Long work as jobs: started by one call that returns at once with the job's id, run in the engine whatever happens
// to the window that asked, watched by any client (a reloaded window, a second one, the CLI) and cancelled by id. The
// state is in SQLite, so after a crash the work cut short shows as interrupted, and work that resumes (synthesis,
// evaluation, verification, rollouts all pick up where they stopped when run again with the same parameters) can
// be started again from there.
import { randomUUID } from 'node:crypto';
import type { CallOptions, JobInfo, JobMethod, MethodName, ParamsOf, Progress, ResultOf } from '../../api/contract.ts';
import { fromErrorPayload, toErrorPayload } from '../../core/errors.ts';
import type { SqliteDatabase } from '../../../native/sqlite/index.ts';
import { JobRepository } from '../store/repositories/JobRepository.ts';
import { saidError } from '../../core/i18n/saidError.ts';
import { jobReach } from '../../core/jobs/jobReach.ts';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Methods whose work resumes when they run again with the same parameters. */
const RESUMABLE = new Set<string>(['synth.run', 'bench.run', 'edges.verify', 'rollout.run', 'train.nano', 'train.nanoGrpo']);

export interface JobRunnerOptions {
  /** Runs a method of the engine API. */
  call: <M extends MethodName>(method: M, params: ParamsOf<M>, options: CallOptions) => Promise<unknown>;
  /** Checks a method's parameters before a job is made of them (throws InvalidRequest). */
  check: (method: MethodName, params: unknown) => void;
  /**
   * The parameters with every default that shapes the output resolved (a synthesis's "now"), so that what is stored
   * is what ran, and a resume runs the same. Defaults to the parameters as given.
   */
  settle?: (method: JobMethod, params: Record<string, unknown>) => Record<string, unknown>;
  /** Milliseconds between progress writes to the database. Defaults to 1,000; every update still reaches watchers. */
  persistEveryMs?: number;
  now?: () => Date;
}

interface Running {
  controller: AbortController;
  watchers: Set<(progress: Progress) => void>;
  done: Promise<JobInfo>;
  lastPersist: number;
  /** The last progress not yet written (writes are spaced out): written when the job ends, so a finished job's card
   * shows where it ended (30 / 30), not the last write before (25 / 30). */
  unwritten?: Progress;
}

export class JobRunner implements AsyncDisposable {
  private readonly repo: JobRepository;
  private readonly options: JobRunnerOptions;
  private readonly running = new Map<string, Running>();

  constructor(db: SqliteDatabase, options: JobRunnerOptions) {
    this.repo = new JobRepository(db, (method) => RESUMABLE.has(method));
    this.options = options;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Marks jobs of engines that died while running them as interrupted (at start-up). */
  recoverInterrupted(): number {
    return this.repo.recoverInterrupted(this.now());
  }

  start(method: JobMethod, given: Record<string, unknown>, resumedFrom?: string): JobInfo {
    this.options.check(method, given);
    const params = this.options.settle?.(method, given) ?? given;
    const id = randomUUID();
    const job =
      resumedFrom === undefined ? this.repo.create({ id, method, params }, this.now()) : this.repo.claimResume(resumedFrom, { id, method, params }, this.now());
    if (!job) {
      const by = this.repo.resumedBy(resumedFrom!);
      throw saidError('InvalidRequest', { message: 'error.jobTaken', hint: 'error.jobTaken.hint', vars: { id: resumedFrom!, by: by?.id ?? '?' } });
    }
    const controller = new AbortController();
    const entry: Running = { controller, watchers: new Set(), done: Promise.resolve(job), lastPersist: 0 };
    const onProgress = (progress: Progress): void => {
      // Agent events (a token at a time) reach watchers but are not worth a database write each.
      const at = Date.now();
      if (!progress.agentEvent && at - entry.lastPersist >= (this.options.persistEveryMs ?? 1000)) {
        entry.lastPersist = at;
        entry.unwritten = undefined;
        this.repo.progress(id, progress, this.now());
      } else if (!progress.agentEvent) entry.unwritten = progress;
      for (const watcher of entry.watchers) watcher(progress);
    };
    const writeLast = (): void => {
      if (entry.unwritten) this.repo.progress(id, entry.unwritten, this.now());
    };
    entry.done = this.options.call(method as MethodName, params as ParamsOf<MethodName>, { signal: controller.signal, onProgress }).then(
      (result) => (writeLast(), this.repo.finish(id, { status: 'done', result }, this.now())),
      (error: unknown) => (
        writeLast(), this.repo.finish(id, { status: controller.signal.aborted ? 'cancelled' : 'failed', error: toErrorPayload(error) }, this.now())
      ),
    );
    void entry.done.finally(() => this.running.delete(id));
    this.running.set(id, entry);
    return job;
  }

  /**
   * Runs work as a job and waits for it (the CLI): recorded like any job, so the workbench sees it running, and
   * cancelled when the caller's signal aborts.
   */
  async run<M extends JobMethod>(method: M, params: ParamsOf<M>, options: CallOptions = {}): Promise<ResultOf<M>> {
    const job = this.start(method, params as Record<string, unknown>);
    const done = await this.watch(job.id, { ...options, stopJob: true });
    // Stopped on purpose: what stopped inside (a call cut short, say) is not news; where it can go on is.
    if (done.status === 'cancelled')
      throw saidError('Aborted', { message: 'error.jobCancelled', ...(done.resumable ? { hint: 'error.jobCancelled.hint', vars: { id: done.id } } : {}) });
    if (done.status !== 'done') throw done.error ? fromErrorPayload(done.error) : saidError('Aborted', { message: 'error.jobStopped' });
    return done.result as ResultOf<M>;
  }

  list(): JobInfo[] {
    return this.repo.list();
  }

  get(id: string): JobInfo {
    const job = this.repo.get(id);
    if (!job) throw saidError('NotFound', { message: 'error.noJob', hint: 'error.noJob.hint', vars: { id } });
    return job;
  }

  cancel(id: string): JobInfo {
    const job = this.get(id);
    this.running.get(id)?.controller.abort();
    return job;
  }

  /**
   * Streams the job's progress until it ends, then its final state; a finished job answers at once. The caller's signal
   * stops the watch and leaves the job running, or, with stopJob, cancels the job and waits for its clean end (a
   * checkpoint, an export).
   */
  async watch(id: string, options: CallOptions & { stopJob?: boolean } = {}): Promise<JobInfo> {
    const job = this.get(id);
    const entry = this.running.get(id);
    const signal = options.signal;
    if (!entry) return job;
    if (job.progress) options.onProgress?.(job.progress);
    const watcher = (progress: Progress): void => options.onProgress?.(progress);
    entry.watchers.add(watcher);
    try {
      if (!signal) return await entry.done;
      return await new Promise<JobInfo>((resolve, reject) => {
        const onAbort = options.stopJob ? (): void => void this.cancel(id) : (): void => reject(saidError('Aborted', { message: 'error.jobWatchStopped' }));
        if (signal.aborted) onAbort();
        else signal.addEventListener('abort', onAbort, { once: true });
        entry.done.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
      });
    } finally {
      entry.watchers.delete(watcher);
    }
  }

  /**
   * Runs an interrupted, failed or cancelled job again with its parameters: resumable work picks up where it stopped.
   * The stored parameters are checked as a fresh start's are, and what they reach needs the same leave: calls to live
   * APIs need `allowNetwork` (the consent a fresh start in live mode asks for), replacing an existing file `overwrite`.
   */
  resume(id: string, leave: { allowNetwork?: boolean; overwrite?: boolean } = {}): JobInfo {
    const job = this.get(id);
    const by = job.resumable ? undefined : this.repo.resumedBy(id);
    if (by) throw saidError('InvalidRequest', { message: 'error.jobTaken', hint: 'error.jobTaken.hint', vars: { id, by: by.id } });
    if (!job.resumable) {
      throw saidError(
        'InvalidRequest',
        job.status === 'running' || job.status === 'done'
          ? { message: job.status === 'running' ? 'error.jobRunning' : 'error.jobDone', vars: { id } }
          : { message: 'error.jobNotResumable', vars: { method: job.method } },
      );
    }
    const reach = jobReach(job.method, job.params);
    if (reach.network && !leave.allowNetwork)
      throw saidError('InvalidRequest', {
        message: 'error.resumeNetwork',
        hint: 'error.resumeNetwork.hint',
        vars: { id, method: job.method, mode: reach.mode },
      });
    const existing = reach.outputs.filter((file) => existsSync(path.resolve(file)));
    if (existing.length > 0 && !leave.overwrite)
      throw saidError('InvalidRequest', { message: 'error.resumeOverwrite', hint: 'error.resumeOverwrite.hint', vars: { id, files: existing.join(', ') } });
    return this.start(job.method, job.params, id);
  }

  /** Stops the running jobs (the engine shuts down): they are recorded as interrupted, so they can be resumed. */
  async [Symbol.asyncDispose](): Promise<void> {
    const ids = [...this.running.keys()];
    for (const entry of this.running.values()) entry.controller.abort();
    await Promise.all([...this.running.values()].map((e) => e.done.catch(() => undefined)));
    for (const id of ids) this.repo.finish(id, { status: 'interrupted' }, this.now());
  }
}
