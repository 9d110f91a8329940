// KOPA-Bench cannot be farmed by a model that calls nothing: committing to a small number, a hedge between a few,
// yes, or a refusal for every task. A right answer its own calls do not support is an ungrounded answer, a failure; a
// refusal passes only where no tool can answer (the task's plan makes no call). Before, these scored 9, 14 and 18
// of 145.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSuite } from '../../../main/engine/bench/suite.ts';
import { testEngine } from '../../helpers/engine.ts';
import { tempDir } from '../../helpers/tempDir.ts';

describe('a model that calls no tool', () => {
  it('passes no task by guessing or hedging, and declines only where nothing can answer', async () => {
    const engine = testEngine();
    const suite = loadSuite('kopa', engine.resourcesDir, engine.catalog());
    const passedWith = async (label: string, answer: string): Promise<string[]> => {
      const file = path.join(tempDir(), `${label}.jsonl`);
      writeFileSync(file, suite.tasks.map((t) => JSON.stringify({ task: t.id, turns: [{ text: answer }] })).join('\n'));
      const run = await engine.call('bench.run', { suite: 'kopa', model: `scripted:${file}`, concurrency: 4, runId: `lazy-${label}` });
      const report = JSON.parse((await engine.call('bench.report', { run: run.runId, format: 'json' })).content) as {
        tasks: { id: string; attempts: { verdict: string }[] }[];
      };
      return report.tasks.filter((t) => t.attempts[0]!.verdict === 'pass').map((t) => t.id);
    };
    expect(await passedWith('two', '2입니다.\n정답: 2')).toEqual([]);
    expect(await passedWith('hedge', '1, 2, 3 중 하나입니다.\n정답: 1, 2, 3 중 하나')).toEqual([]);
    expect(await passedWith('yes', '네, 맞습니다.\n정답: 예')).toEqual([]);
    const nothingCanAnswer = suite.tasks.filter((t) => t.plan.answer.compare === 'decline' && t.plan.steps.length === 0).map((t) => t.id);
    expect(nothingCanAnswer.length).toBeGreaterThan(0);
    expect((await passedWith('decline', '요청하신 정보는 제공할 수 없습니다.\n정답: 확인 불가')).sort()).toEqual(nothingCanAnswer.sort());
  }, 180_000);
});
