// A run's numbers from its attempts: pass@k and pass^k with intervals, the same per level, ability and agency,
// the failure taxonomy, and the step metrics averaged over attempts.
import { meanInterval, passCurves, type TaskCount } from './passAtK.ts';
import type { BenchGroupScore, BenchRunSummary } from './runTypes.ts';
import type { BenchTask, FailureKind, StepMetrics } from './types.ts';
import { FAILURE_KINDS } from './types.ts';
import { mean } from '../mean.ts';

export interface ScoredAttempt {
  taskId: string;
  pass: boolean;
  /** A pass the attempt's own calls support; defaults to `pass`. */
  grounded?: boolean;
  failure: FailureKind | null;
  metrics: StepMetrics;
}

/** The numbers of a run that its attempts determine. */
export type RunNumbers = Pick<
  BenchRunSummary,
  'tasks' | 'attempts' | 'passed' | 'pass@k' | 'pass^k' | 'byLevel' | 'byAbility' | 'byAgency' | 'failures' | 'steps'
>;

const round = (x: number): number => Math.round(x * 10_000) / 10_000;

function counts(attempts: ScoredAttempt[], passed: (a: ScoredAttempt) => boolean = (a) => a.pass): Map<string, TaskCount> {
  const byTask = new Map<string, TaskCount>();
  for (const a of attempts) {
    const t = byTask.get(a.taskId) ?? { n: 0, c: 0 };
    t.n++;
    if (passed(a)) t.c++;
    byTask.set(a.taskId, t);
  }
  return byTask;
}

function group(tasks: BenchTask[], attempts: ScoredAttempt[], keysOf: (t: BenchTask) => string[]): Record<string, BenchGroupScore> {
  const byTask = counts(attempts);
  const out: Record<string, BenchGroupScore> = {};
  const members = new Map<string, BenchTask[]>();
  for (const task of tasks) for (const key of keysOf(task)) members.set(key, [...(members.get(key) ?? []), task]);
  for (const [key, list] of [...members].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))) {
    const scored = list.map((t) => byTask.get(t.id)).filter((c): c is TaskCount => c !== undefined);
    out[key] = {
      tasks: scored.length,
      attempts: scored.reduce((s, c) => s + c.n, 0),
      passed: scored.reduce((s, c) => s + c.c, 0),
      'pass@1': meanInterval(scored.map((c) => c.c / c.n)),
    };
  }
  return out;
}

export function runNumbers(tasks: BenchTask[], attempts: ScoredAttempt[], agenciesOf: (t: BenchTask) => string[]): RunNumbers {
  const byTask = counts(attempts);
  const taskCounts = tasks.map((t) => byTask.get(t.id)).filter((c): c is TaskCount => c !== undefined);
  const curves = passCurves(taskCounts);
  const failures: Record<string, number> = Object.fromEntries(FAILURE_KINDS.map((k) => [k, 0]));
  for (const a of attempts) if (a.failure) failures[a.failure] = (failures[a.failure] ?? 0) + 1;
  const m = attempts.map((a) => a.metrics);
  const totals = { user: 0, tool: 0, invented: 0 };
  for (const x of m) for (const k of ['user', 'tool', 'invented'] as const) totals[k] += x.provenance[k];
  return {
    tasks: taskCounts.length,
    attempts: attempts.length,
    passed: attempts.filter((a) => a.pass).length,
    'pass@k': curves.passAt,
    'pass^k': curves.passHat,
    byLevel: group(tasks, attempts, (t) => [String(t.level)]),
    byAbility: group(tasks, attempts, (t) => t.abilities),
    byAgency: group(tasks, attempts, agenciesOf),
    failures,
    steps: {
      toolPrecision: round(mean(m.map((x) => x.toolPrecision))),
      toolRecall: round(mean(m.map((x) => x.toolRecall))),
      toolF1: round(mean(m.map((x) => x.toolF1))),
      argumentAccuracy: round(mean(m.map((x) => x.argumentAccuracy))),
      provenance: totals,
      stepsUsed: round(mean(m.map((x) => x.stepsUsed))),
      stepsNeeded: round(mean(m.map((x) => x.stepsNeeded))),
      faultsMet: m.reduce((s, x) => s + x.faultsMet, 0),
      faultsRecovered: m.reduce((s, x) => s + x.faultsRecovered, 0),
    },
  };
}
