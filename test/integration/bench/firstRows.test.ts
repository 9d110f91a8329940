// KOPA-Bench v2 measures whether a model reaches the rows it needs: a scripted model that follows every reference
// plan but reads only the rows each result view shows, never calling the query tool (it computes each query over
// the rows it was shown), must fail exactly the tasks whose answer lies beyond the view, and pass the rest.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { functionName } from '../../../main/core/catalog/functionSchema.ts';
import { evaluate } from '../../../main/core/plan/expressions.ts';
import type { StepResults } from '../../../main/core/plan/visibility.ts';
import { QUERY_TOOL, queryRows, type RowQuery } from '../../../main/core/resultView/queryRows.ts';
import { renderResult } from '../../../main/core/resultView/resultView.ts';
import { plainAnswer } from '../../../main/core/train/reward/attacks.ts';
import { ANSWER_TOOL, answerArguments } from '../../../main/core/answer/answerTool.ts';
import { expectedClaim } from '../../../main/core/answer/expectedClaim.ts';
import type { Claim } from '../../../main/core/answer/claim.ts';
import { loadSuite } from '../../../main/engine/bench/suite.ts';
import { resolveArgs } from '../../../main/engine/plan/executePlan.ts';
import type { BenchTask } from '../../../main/core/bench/types.ts';
import type { Engine } from '../../../main/engine/Engine.ts';
import { testEngine } from '../../helpers/engine.ts';
import { tempDir } from '../../helpers/tempDir.ts';

/** The tasks whose answer lies in rows the standard view does not show. */
const BEYOND_THE_VIEW = [
  'air-03',
  'air-13',
  'air-14',
  'wx-04',
  'wx-05',
  'wx-11',
  'wx-12',
  'wx-13',
  'wx-16',
  'wx-17',
  're-03',
  're-04',
  're-05',
  're-08',
  're-10',
  're-18',
  'hp-04',
  'hp-05',
  'hp-11',
  'hp-12',
  'hp-14',
  'hp-15',
  'hp-16',
  'adr-11',
  'tour-01',
  'tour-07',
  'tour-14',
  'biz-08',
  'biz-11',
  'st-04',
  'st-06',
  'mx-10',
  'mx-12',
];

/**
 * Tasks with a query step whose first rows happen to give the right answer (the dearest deal is among the rows
 * shown, the nearest pharmacy is listed first, the first festival is among the shown ones): a model cannot know that
 * without the query, so the visible oracle still requires it, but one that guesses from the first rows is right by
 * chance.
 */
const RIGHT_BY_CHANCE = [
  'air-02',
  'air-04',
  'air-15',
  'hp-07',
  'mx-02',
  'mx-03',
  'mx-04',
  'mx-11',
  'mx-13',
  're-02',
  're-06',
  're-07',
  're-11',
  're-12',
  're-13',
  're-17',
  'st-07',
  'tour-02',
  'tour-06',
  'tour-12',
];

/** A turn that commits an answer through the answer tool. */
const commit = (claim: Claim, message: string): object => ({ toolCalls: [{ name: ANSWER_TOOL, arguments: answerArguments(claim, message) }] });

/** One task's turns for a model that reads the first rows only: its calls, then its answer. */
async function firstRowsTurns(engine: Engine, task: BenchTask): Promise<object[]> {
  const gateway = engine.gateway();
  const seen: StepResults = {};
  const turns: object[] = [];
  const calls = new Map<string, number>();
  for (const step of task.plan.steps) {
    const resolved = await resolveArgs(step, seen);
    if ('failure' in resolved) return [...turns, { text: '보이는 결과로는 알 수 없습니다.' }];
    if (step.tool === QUERY_TOOL) {
      // Instead of querying every row, the model works the query out over the rows it was shown.
      const source = /^(s\d+)\.handle$/.exec((step.args.result as { expr: string }).expr)![1]!;
      const out = queryRows(seen[source]!.items, resolved.args as unknown as RowQuery);
      seen[step.id] = { items: out.ok ? out.items : [], totalCount: out.ok ? out.totalCount : 0, handle: null };
      continue;
    }
    const turn = { toolCalls: [{ name: functionName(step.tool), arguments: resolved.args }] };
    const n = (calls.get(step.tool) ?? 0) + 1;
    calls.set(step.tool, n);
    turns.push(turn);
    // An injected failure is met by calling again, as the oracle does.
    if (task.faults?.some((f) => f.tool === step.tool && f.call === n)) turns.push(turn);
    const result = await gateway.call(step.tool, resolved.args, { emulatorNow: new Date(task.asOf) });
    seen[step.id] = { items: renderResult(result, null).visible, totalCount: result.totalCount, handle: null };
  }
  if (task.plan.answer.compare === 'decline') return [...turns, commit(expectedClaim(task.plan.answer, true), '요청하신 정보는 제공할 수 없습니다.')];
  const answer = await evaluate(task.plan.answer.expr, seen).catch(() => undefined);
  if (answer === undefined) return [...turns, { text: '보이는 결과로는 알 수 없습니다.' }];
  return [...turns, commit(expectedClaim(task.plan.answer, answer, task.unit), plainAnswer(answer, task.unit))];
}

/**
 * Of those, the ones whose value no call of the guess supports (it skipped the query, and the value is a count, or
 * sits in the query's result alone): a right answer without support is an ungrounded answer, a failure. The others
 * state a value the guess was shown in the field the reference reads it from.
 */
const GUESSED_UNSUPPORTED = ['air-04', 'air-15', 'mx-13', 're-07', 're-17'];

describe('KOPA-Bench v2 and a model that reads only the first rows', () => {
  it('fails the tasks whose answer lies beyond the view and the lucky guesses nothing supports, and passes every other', async () => {
    const engine = testEngine();
    const suite = loadSuite('kopa', engine.resourcesDir, engine.catalog());
    const lines: string[] = [];
    for (const task of suite.tasks) lines.push(JSON.stringify({ task: task.id, turns: await firstRowsTurns(engine, task) }));
    const script = path.join(tempDir(), 'first-rows.jsonl');
    writeFileSync(script, lines.join('\n'));
    const run = await engine.call('bench.run', { suite: 'kopa', model: `scripted:${script}`, concurrency: 4 });
    expect(run.errors).toEqual([]);
    const report = JSON.parse((await engine.call('bench.report', { run: run.runId, format: 'json' })).content) as {
      tasks: { id: string; attempts: { verdict: string; failure: string | null }[] }[];
    };
    const failed = report.tasks.filter((t) => t.attempts[0]!.verdict !== 'pass');
    expect(failed.map((t) => t.id).sort()).toEqual([...BEYOND_THE_VIEW, ...GUESSED_UNSUPPORTED].sort());
    for (const t of failed.filter((f) => GUESSED_UNSUPPORTED.includes(f.id))) expect(t.attempts[0]!.failure, t.id).toBe('ungrounded answer');
    expect(GUESSED_UNSUPPORTED.every((id) => RIGHT_BY_CHANCE.includes(id))).toBe(true);
    // Every task whose reference plan reaches hidden rows with the query tool is one or the other.
    const querying = suite.tasks.filter((t) => t.plan.steps.some((s) => s.tool === QUERY_TOOL)).map((t) => t.id);
    expect(querying.sort()).toEqual([...BEYOND_THE_VIEW, ...RIGHT_BY_CHANCE].sort());
    expect(run.passed).toBe(145 - BEYOND_THE_VIEW.length - GUESSED_UNSUPPORTED.length);
  }, 180_000);
});
