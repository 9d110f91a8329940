// The numbers cannot be farmed: every attack (listing the results, hedging, answering from memory, saying nothing,
// a wrong decline or answer, spraying the tools, looping, repeating a call before the right answer, an essay) stays under its goal under every reward preset
// and fails KOPA-Bench on all 145 tasks, while the golden completions keep their full reward and the hand-written
// natural answers all pass, grounded. `kopa bench check-answer` names the competitor that sinks a hedge.
import { describe, expect, it } from 'vitest';
import type { BenchCheckAnswerResult, RewardAuditResult } from '../../../main/api/contract.ts';
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
    expect(r.rewards.golden!.kopa!.worst).toBeGreaterThanOrEqual(0.95);
    expect(r.rewards.dump!.kopa!.applies).toBe(24 + 145);
    expect(r.rewards.redundant!.kopa!.worst).toBeLessThanOrEqual(0.3);
    expect(r.rewards.redundant!.outcome!.worst).toBeLessThanOrEqual(0.3);
    expect(r.bench.golden).toMatchObject({ applies: 145, passed: 145, grounded: 145 });
    for (const attack of ['dump', 'hedge', 'empty', 'wrongDecline', 'answerOnDecline', 'loop', 'essay']) expect(r.bench[attack]?.passed, attack).toBe(0);
    expect(r.bench.remembered?.grounded).toBe(0);
    expect(r.bench.spray?.grounded).toBe(0);
    expect(r.natural.answers).toBeGreaterThanOrEqual(80);
    expect(r.natural.failures).toEqual([]);
    expect(r.met).toBe(true);
  }, 600_000);
});

describe('kopa bench check-answer', () => {
  it('refuses each kind of hedge, naming the competitor, and passes a natural answer', async () => {
    const engine = testEngine();
    const check = (task: string, answer: string): Promise<BenchCheckAnswerResult> => engine.call('bench.checkAnswer', { task, answer });
    expect((await check('re-02', '역삼자이, 대치벽산, 도곡자이 중 하나입니다')).detail).toMatch(/also states (대치벽산|도곡자이)/);
    expect((await check('cal-04', '네, 아니요 둘 다 가능합니다')).pass).toBe(false);
    expect((await check('cal-02', '10월 3일, 5일, 6일, 7일, 8일, 9일입니다')).detail).toMatch(/also states 2025100[39]/);
    expect((await check('dc-08', '데이터가 없습니다. 혹시 3월이라면 12건입니다.')).detail).toMatch(/declines but also states 12/);
    // Alternatives no result showed: other phone numbers, other counts.
    expect((await check('tour-06', '02-265-1639 또는 02-555-1611 또는 031-222-3333')).detail).toBe('offers 02-555-1611 as an alternative to the answer');
    const natural = await check('re-07', '가장 높은 보증금은 23억 원(230,000만원)입니다.');
    expect(natural.pass).toBe(true);
    expect(natural.competitors).toContain(228600);
    // From the command line, in the user's language, with the exit status a script can test.
    const deposits = await runKopa([
      '--lang',
      'ko',
      'bench',
      'check-answer',
      '--task',
      're-07',
      '보증금 후보: 86700, 60400, 153500, 164700, 230000, 228600만원',
    ]);
    expect(deposits.code).toBe(1);
    expect(deposits.stdout).toContain('답에 다른 후보 86700만원도 있습니다');
  }, 240_000);
});
