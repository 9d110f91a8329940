// What every report format shows, gathered once: the run's manifest and numbers, and per task its request,
// reference plan, attempts and pass count.
import type { BenchAttemptRow, BenchManifest, BenchRunRow, BenchRunSummary } from '../runTypes.ts';
import { claimText } from '../../answer/claim.ts';
import { judgesClaims } from '../runIdentity.ts';
import type { BenchTask } from '../types.ts';
import { benchTerm } from '../../i18n/strings.ts';
import { reportText, type ReportLang } from './reportText.ts';
import { percent } from '../../text/percent.ts';

export interface TaskReport {
  task: BenchTask | undefined;
  id: string;
  n: number;
  c: number;
  attempts: BenchAttemptRow[];
}

export interface ReportData {
  run: BenchRunRow;
  summary: BenchRunSummary;
  tasks: TaskReport[];
  /** Set when the suite's tasks changed since the run (requests shown are the current ones). */
  suiteChanged: boolean;
}

export function reportData(
  run: BenchRunRow,
  summary: BenchRunSummary,
  attempts: BenchAttemptRow[],
  tasks: Map<string, BenchTask>,
  currentSuiteHash: string | undefined,
): ReportData {
  const byTask = new Map<string, BenchAttemptRow[]>();
  for (const a of attempts) byTask.set(a.taskId, [...(byTask.get(a.taskId) ?? []), a]);
  return {
    run,
    summary,
    suiteChanged: currentSuiteHash !== undefined && currentSuiteHash !== run.manifest.suite.hash,
    tasks: [...byTask].map(([id, list]) => ({ id, task: tasks.get(id), n: list.length, c: list.filter((a) => a.verdict === 'pass').length, attempts: list })),
  };
}

/** A group row's name in a report: its level as the report says levels, an ability in the report's language, an agency as it is. */
export function groupName(by: 'level' | 'ability' | 'agency', key: string, lang: ReportLang): string {
  return by === 'level' ? reportText(lang).levelLabel(key) : by === 'ability' ? benchTerm(lang, 'ability', key) : key;
}

/** The distinct failure kinds of a task's attempts, in the report's language. */
export const taskFailures = (attempts: readonly BenchAttemptRow[], lang: ReportLang): string =>
  [...new Set(attempts.flatMap((a) => (a.failure ? [benchTerm(lang, 'failure', a.failure)] : [])))].join(', ');

export const pct = (x: number): string => percent(x, 1);

export const interval = (e: { value: number; low: number; high: number }): string => `${pct(e.value)} [${pct(e.low)}, ${pct(e.high)}]`;

/** How a run was judged, as a report's line. */
export const protocolLine = (m: BenchManifest, lang: ReportLang): string => reportText(lang).protocol(judgesClaims(m));

/** An attempt's committed answer, its grounding and the consistency lint, as one line. */
export function claimLine(a: BenchAttemptRow, lang: ReportLang): string {
  const w = reportText(lang);
  if (a.claim === undefined) return '';
  const parts = [`${w.claim}: ${a.claim ? claimText(a.claim, lang) : w.noClaim}`];
  if (a.verdict === 'pass' || a.grounded === false) parts.push(w.grounded(a.verdict === 'pass'));
  if (a.inconsistent) parts.push(w.inconsistent);
  return parts.join(' · ');
}

/** A call as one line: tool(args). */
export function callLine(tool: string, args: Record<string, unknown>): string {
  const shown = Object.entries(args)
    .filter(([k]) => k !== 'pageNo' && k !== 'numOfRows')
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');
  return `${tool}(${shown})`;
}

/** A reference step as one line, expressions shown as they are written. */
export function planLine(step: BenchTask['plan']['steps'][number]): string {
  const args = Object.fromEntries(Object.entries(step.args).map(([k, a]) => [k, 'value' in a ? a.value : `⟨${a.expr}⟩`]));
  return callLine(step.tool, args);
}
