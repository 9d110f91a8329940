// An attempt the model's backend could not run is a failure, not a gap: it counts in pass@k as "backend error",
// the run and its report say how many there were, and a resume runs only those attempts again.
// Before, a server that broke on one of two tasks scored pass@1 100 % from the task that ran.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testEngine } from '../../helpers/engine.ts';
import { tempDir } from '../../helpers/tempDir.ts';
import { BenchRepository } from '../../../main/engine/store/repositories/BenchRepository.ts';

const HOLIDAYS = {
  task: 'cal-01',
  turns: [
    { toolCalls: [{ name: 'kasi_getRestDeInfo', arguments: { solYear: '2025', solMonth: '05' } }] },
    { toolCalls: [{ name: 'final_answer', arguments: { answer: { kind: 'number', value: 2, unit: '일' }, message: '이틀입니다.' } }] },
  ],
};
const ADDRESSES = (turns: object[]) => ({ task: 'adr-07', turns });

describe('a backend that cannot run an attempt', () => {
  it('counts the attempt as a failure of its own kind, says so, and leaves it for a resume to run again', async () => {
    const engine = testEngine();
    const file = path.join(tempDir(), 'broken.jsonl');
    // adr-07's script has no turn: the backend fails on its first one, as a server that answers 500 would.
    writeFileSync(file, [HOLIDAYS, ADDRESSES([])].map((l) => JSON.stringify(l)).join('\n'));
    const params = { suite: 'kopa', model: `scripted:${file}`, tasks: ['cal-01', 'adr-07'], runId: 'broken' };
    const run = await engine.call('bench.run', params);
    expect(run).toMatchObject({ status: 'failed', attempts: 2, passed: 1 });
    expect(run['pass@k']['pass@1']!.value).toBeCloseTo(0.5, 12);
    expect(run.failures['backend error']).toBe(1);
    expect(run.errors).toEqual([{ taskId: 'adr-07', sample: 1, message: expect.stringMatching(/\S/) }]);
    const report = (await engine.call('bench.report', { run: 'broken', format: 'md', lang: 'en' })).content;
    expect(report).toContain("1 attempt the model's backend could not run: counted as failures");
    expect(report).toContain('| backend error | 1 |');
    const rows = (await engine.call('bench.attempts', { run: 'broken', task: 'adr-07' })).attempts;
    expect(rows).toMatchObject([{ verdict: 'error', failure: 'backend error' }]);

    // A resume runs it again: it is not finished, and its new row takes the error's place.
    const repo = new BenchRepository(engine.store.db);
    expect([...repo.finished('broken')]).toEqual(['cal-01#1']);
    const passing = (await engine.call('bench.attempts', { run: 'broken', task: 'cal-01' })).attempts[0]!;
    repo.addAttempt('broken', { ...passing, taskId: 'adr-07' });
    expect([...repo.finished('broken')].sort()).toEqual(['adr-07#1', 'cal-01#1']);
    expect(repo.attempts('broken', 'adr-07')).toMatchObject([{ verdict: 'pass' }]);
  }, 120_000);
});
