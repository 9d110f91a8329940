// Jobs: long work that outlives the window that started it, watched, cancelled and resumed.
import type { ErrorPayload } from '../core/errors.ts';
import { z } from 'zod';
import { empty, text, type EmptyParams, type MethodSchemas, type Progress } from './shared.ts';
import type { BenchMethods } from './bench.ts';
import type { BfclMethods } from './bfcl.ts';
import type { EdgesMethods } from './edges.ts';
import type { ModelsMethods } from './models.ts';
import type { SynthMethods } from './synth.ts';
import type { TrainMethods } from './train.ts';

/** Methods that run as jobs: long work that must outlive the window that asked for it. */
export const jobMethods = [
  'synth.run',
  'edges.verify',
  'bench.run',
  'bench.validate',
  'bfcl.run',
  'rollout.run',
  'train.nano',
  'train.nanoGrpo',
  'models.add',
  'models.load',
] as const;
export type JobMethod = (typeof jobMethods)[number];

type JobMethodTable = BenchMethods & BfclMethods & EdgesMethods & ModelsMethods & SynthMethods & TrainMethods;

/** A job to start: a method and that method's own parameters, so a wrong parameter fails to compile. */
export type JobStart = { [M in JobMethod]: { method: M; params: JobMethodTable[M]['params'] } }[JobMethod];

/** The parameters of one job method. */
export type JobParams<M extends JobMethod> = JobMethodTable[M]['params'];

export type JobStatus = 'running' | 'done' | 'failed' | 'cancelled' | 'interrupted';

export interface JobInfo {
  id: string;
  method: JobMethod;
  params: Record<string, unknown>;
  /** interrupted: the engine stopped (a crash, a shutdown) while it ran. */
  status: JobStatus;
  /** The latest progress written (every second or so while it runs). */
  progress: Progress | null;
  /** The method's result, once done. */
  result: unknown;
  error: ErrorPayload | null;
  /** Whether jobs.resume can pick it up where it stopped. */
  resumable: boolean;
  /** The job this one resumed. */
  resumedFrom: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

/** Parameters and result of each method. */
export interface JobsMethods {
  /** Starts long work as a job and answers at once; its progress streams to jobs.watch. */
  'jobs.start': { params: JobStart; result: JobInfo };
  'jobs.list': { params: EmptyParams; result: JobInfo[] };
  'jobs.get': { params: { id: string }; result: JobInfo };
  'jobs.cancel': { params: { id: string }; result: JobInfo };
  /**
   * Streams a job's progress until it ends, then answers with its final state (at once for a finished job). Stopping
   * the watch leaves the job running; with stopJob it cancels the job and still answers with its clean end (the CLI's
   * Ctrl+C, as the window's Stop).
   */
  'jobs.watch': { params: { id: string; stopJob?: boolean }; result: JobInfo };
  /** allowNetwork: leave for a job that calls live APIs; overwrite: leave to replace files it writes that exist. */
  'jobs.resume': { params: { id: string; allowNetwork?: boolean; overwrite?: boolean }; result: JobInfo };
}

export const jobsSchemas: MethodSchemas<JobsMethods> = {
  // The parameters are checked against the method's own schema when the job starts (JobRunner's check).
  'jobs.start': z.object({ method: z.enum(jobMethods), params: z.record(z.string(), z.unknown()) }).strict() as unknown as z.ZodType<JobStart>,
  'jobs.list': empty,
  'jobs.get': z.object({ id: text }).strict(),
  'jobs.cancel': z.object({ id: text }).strict(),
  'jobs.watch': z.object({ id: text, stopJob: z.boolean().optional() }).strict(),
  'jobs.resume': z.object({ id: text, allowNetwork: z.boolean().optional(), overwrite: z.boolean().optional() }).strict(),
};
