// The numbers cannot be farmed: every attack (every value shown, two candidates typed or in words, a range, a
// superset, the wrong unit, the opposite direction, the question copied back, yes and no, a message with nothing
// committed, an answer from memory, nothing, a wrong decline or a fabricated one, spraying the tools, looping,
// repeating a call before the right answer, an essay in the answer's slot) earns at most a quarter of the golden
// reward under every preset and fails KOPA-Bench on all 145 tasks, while the golden completions keep the top reward
// and the hand-written natural answers all pass, grounded. `kopa bench check-answer` judges a claim, typed or on a
// "정답:" line, and shows what it read.
import { describe, expect, it } from 'vitest';
import type { BenchCheckAnswerResult, BenchCheckAnswerParams, RewardAuditResult } from '../../../main/api/contract.ts';
import { runKopa } from '../../helpers/runCli.ts';
import { testEngine } from '../../helpers/engine.ts';
import { verifiedDataDir } from '../../helpers/verifiedGraph.ts';

describe('kopa reward audit', () => {
  it('meets every goal on a synthesized dataset and the whole suite, and the natural answers pass', async () => {
    const dataDir = await verifiedDataDir();
    const synth = await runKopa(['--data-dir', dataDir, 'synth', '--count', '24', '--seed', 'audit', '--name', 'audit']);
    expect(synth.code, synth.stderr).toBe(0);
    const run = await runKopa(['--data-dir', dataDir, 'reward', 'audit', '--dataset', 'audit', '--json']);
    expect(run.code, run.stderr + run.stdout.slice(0, 2000)).toBe(0);
    const r = JSON.parse(run.stdout) as RewardAuditResult;
    expect(r.dataset?.samples).toBe(24);
    expect(r.suite?.tasks).toBe(145);
    expect(r.suite?.skipped).toEqual([]);
    for (const [row, cells] of Object.entries(r.rewards))
      for (const [preset, cell] of Object.entries(cells)) expect(cell.met, `${row} under ${preset}: ${cell.worst} at ${cell.worstAt}`).toBe(true);
    const top = { kopa: 1, toolrl: 4, 'tool-n1': 1, outcome: 1 } as const;
    for (const [preset, max] of Object.entries(top)) {
      expect(r.rewards.golden![preset]!.worst, preset).toBe(max);
      for (const [row, cells] of Object.entries(r.rewards))
        if (row !== 'golden') expect(cells[preset]!.worst!, `${row} ${preset}`).toBeLessThanOrEqual(0.25 * max);
    }
    expect(r.rewards.dump!.kopa!.applies).toBe(24 + 145);
    expect(r.bench.golden).toMatchObject({ applies: 145, passed: 145, grounded: 145 });
    for (const [attack, cell] of Object.entries(r.bench)) if (attack !== 'golden') expect(cell.passed, attack).toBe(0);
    expect(r.bench.remembered?.grounded).toBe(0);
    expect(r.bench.spray?.grounded).toBe(0);
    expect(r.natural.answers).toBeGreaterThanOrEqual(80);
    expect(r.natural.failures).toEqual([]);
    expect(r.met).toBe(true);
  }, 600_000);
});

describe('kopa bench check-answer', () => {
  it('judges a typed claim or a "정답:" line exactly, and shows what it read', async () => {
    const engine = testEngine();
    const check = (task: string, given: Omit<BenchCheckAnswerParams, 'task'>): Promise<BenchCheckAnswerResult> =>
      engine.call('bench.checkAnswer', { task, ...given });
    expect((await check('re-02', { answer: '정답: 역삼자이, 대치벽산, 도곡자이 중 하나' })).pass).toBe(false);
    expect((await check('re-02', { claim: { kind: 'list', values: ['역삼자이', '대치벽산'] } })).detail).toMatch(/states 2 values where one is asked/);
    expect((await check('cal-04', { answer: '정답: 예, 아니요' })).pass).toBe(false);
    expect((await check('cal-02', { answer: '정답: 10월 3일, 5일, 6일, 7일, 8일, 9일' })).detail).toMatch(/states values not asked for: 2025100[39]/);
    expect((await check('dc-08', { answer: '데이터가 없습니다. 혹시 3월이라면 12건입니다.\n정답: 확인 불가, 12건' })).pass).toBe(false);
    expect((await check('tour-06', { answer: '정답: 02-265-1639 또는 02-555-1611' })).pass).toBe(false);
    // A right answer in words with nothing committed is no answer.
    expect((await check('re-07', { answer: '가장 높은 보증금은 23억 원입니다.' })).detail).toMatch(/no committed answer/);
    const natural = await check('re-07', { answer: '가장 높은 보증금은 23억 원(230,000만원)입니다.\n정답: 23억 원' });
    expect(natural).toMatchObject({ pass: true, claim: { kind: 'text', value: '23억 원' }, read: 230000 });
    expect(natural.competitors).toContain(228600);
    expect(await check('re-07', { claim: { kind: 'number', value: 230000, unit: '만원' } })).toMatchObject({ pass: true, read: 230000 });
    expect(await check('re-07', { claim: { kind: 'number', value: 230000, unit: '원' } })).toMatchObject({ pass: false, read: 23 });
    await expect(check('re-07', { claim: { kind: 'number' } })).rejects.toThrow(/number answer needs "value"/);
    // From the command line, in the user's language, with the exit status a script can test.
    const wrongUnit = await runKopa([
      '--lang',
      'ko',
      'bench',
      'check-answer',
      '--task',
      're-07',
      '--claim',
      '{"kind": "number", "value": 230000, "unit": "원"}',
    ]);
    expect(wrongUnit.code).toBe(1);
    expect(wrongUnit.stdout).toContain('23은(는) 기대한 230000이(가) 아닙니다');
    expect(wrongUnit.stdout).toContain('결론: 230000 원 (읽은 값: 23)');
    const line = await runKopa(['--lang', 'en', 'bench', 'check-answer', '--task', 're-07', '최고 보증금입니다.\n정답: 230,000만원']);
    expect(line.code, line.stdout + line.stderr).toBe(0);
    expect(line.stdout).toContain('claim: 230,000만원 (read as 230000)');
    const neither = await runKopa(['bench', 'check-answer', '--task', 're-07']);
    expect(neither.code).toBe(2);
  }, 240_000);
});
