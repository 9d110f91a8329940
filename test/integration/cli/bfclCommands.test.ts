// BFCL from the shell on small BFCL-format fixtures: the checker's agreement with recorded upstream verdicts, a
// scripted model run written in BFCL's result layout and scored with exact error types, and a run cut short that
// resumes without running an entry twice.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BfclCheckSummary, BfclRunRow, BfclConformance, BfclRunSummary } from '../../../main/api/contract.ts';
import { repoRoot, runKopa } from '../../helpers/runCli.ts';
import { tempDir } from '../../helpers/tempDir.ts';

const json = <T>(text: string): T => JSON.parse(text) as T;
const DATA = path.join(repoRoot, 'test', 'fixtures', 'bfcl', 'data');
const VECTORS = path.join(repoRoot, 'test', 'fixtures', 'bfcl', 'vectors.jsonl');

function transcript(turns: object[]): string {
  const file = path.join(tempDir(), 'turns.jsonl');
  writeFileSync(file, turns.map((t) => JSON.stringify(t)).join('\n'));
  return file;
}

const call = (name: string, args: Record<string, unknown>): object => ({ toolCalls: [{ name, arguments: args }] });

describe('kopa bfcl conformance', () => {
  it('agrees with every recorded upstream verdict, ints and floats kept apart', async () => {
    const run = await runKopa(['--json', 'bfcl', 'conformance', '--vectors', VECTORS, '--data', DATA]);
    expect(run.code, run.stderr).toBe(0);
    const report = json<BfclConformance>(run.stdout);
    expect(report).toEqual({ vectors: 15, agree: 15, disagreements: [] });
  });

  it('names each disagreement and exits 1', async () => {
    const lines = readFileSync(VECTORS, 'utf8').trim().split('\n');
    const flipped = JSON.parse(lines[1]!) as { expected: { valid: boolean; error_type: string | null } };
    flipped.expected = { valid: true, error_type: null };
    const file = path.join(tempDir(), 'vectors.jsonl');
    writeFileSync(file, [lines[0], JSON.stringify(flipped), ...lines.slice(2)].join('\n'));
    const run = await runKopa(['bfcl', 'conformance', '--vectors', file, '--data', DATA]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('14 of 15 vectors agree with the upstream checker');
    expect(run.stdout).toContain('line 2 simple_python_0 (string_wrong_value): expected valid, got value_error:string');
  });
});

describe('kopa bfcl run and check', () => {
  it('writes BFCL result files and scores them with the upstream error types and aggregation', async () => {
    const out = tempDir();
    const model = transcript([
      call('geometry_circle_area', { radius: 3, unit: 'meters' }),
      call('seq_evens', { count: '3' }),
      call('tags_join', { tags: ['b', 'a'] }),
      call('weather_get', { city: 'Seoul' }),
      { text: '가을 시는 쓸 수 있지만 날씨 도구는 필요 없습니다.' },
    ]);
    const dataDir = tempDir();
    const run = await runKopa([
      '--json',
      '--data-dir',
      dataDir,
      'bfcl',
      'run',
      '--data',
      DATA,
      '--model',
      `scripted:${model}`,
      '--out',
      out,
      '--categories',
      'simple_python,parallel,irrelevance',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(json<BfclRunSummary>(run.stdout).categories).toEqual([
      { category: 'simple_python', entries: 3, run: 3, skipped: 0 },
      { category: 'parallel', entries: 1, run: 1, skipped: 0 },
      { category: 'irrelevance', entries: 1, run: 1, skipped: 0 },
    ]);
    const rows = readFileSync(path.join(out, 'BFCL_v4_simple_python_result.json'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => json<{ id: string; result: unknown }>(l));
    expect(rows.map((r) => r.id)).toEqual(['simple_python_0', 'simple_python_1', 'simple_python_2']);
    expect(rows[0]!.result).toEqual([{ geometry_circle_area: { radius: 3, unit: 'meters' } }]);

    const check = await runKopa(['--json', 'bfcl', 'check', '--data', DATA, '--results', out]);
    expect(check.code, check.stderr).toBe(0);
    const summary = json<BfclCheckSummary>(check.stdout);
    expect(summary.categories).toEqual([
      { category: 'simple_python', correct: 2, total: 3, accuracy: 2 / 3, low: expect.closeTo(0.2077, 3), high: expect.closeTo(0.9385, 3) },
      // One entry each: Wilson's interval of 0 of 1 and 1 of 1.
      { category: 'parallel', correct: 0, total: 1, accuracy: 0, low: 0, high: expect.closeTo(0.7935, 3) },
      { category: 'irrelevance', correct: 1, total: 1, accuracy: 1, low: expect.closeTo(0.2065, 3), high: 1 },
    ]);
    expect(summary.failures).toEqual([
      { category: 'simple_python', id: 'simple_python_1', errorType: 'type_error:simple' },
      { category: 'parallel', id: 'parallel_0', errorType: 'parallel_function_checker_no_order:wrong_count' },
    ]);
    // BFCL's non-live summary averages the simple mean with multiple, parallel and parallel_multiple, unrun ones as 0.
    expect(summary.nonLive).toBeCloseTo(2 / 3 / 3 / 4, 10);
    expect(summary.irrelevance).toBe(0.5);
    // The run is kept with the same scores, listed and shown again without its results folder.
    const ran = json<BfclRunSummary>(run.stdout);
    expect(ran.scores).toEqual(summary);
    const runs = json<BfclRunRow[]>((await runKopa(['--json', '--data-dir', dataDir, 'bfcl', 'runs'])).stdout);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      id: ran.run,
      model: `scripted:${model}`,
      outDir: out,
      params: { categories: ['simple_python', 'parallel', 'irrelevance'] },
      scores: { failed: 2, irrelevance: 0.5 },
    });
    const table = await runKopa(['--data-dir', dataDir, 'bfcl', 'runs']);
    expect(table.stdout).toContain(ran.run!);
    const shown = await runKopa(['--data-dir', dataDir, 'bfcl', 'show', ran.run!]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('simple_python');
    expect(shown.stdout).toContain('overall (BFCL V4 weights');
    const missing = await runKopa(['--data-dir', dataDir, 'bfcl', 'show', 'bfcl-nope']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('There is no BFCL run bfcl-nope');
    const score = readFileSync(path.join(out, 'score', 'BFCL_v4_simple_python_score.json'), 'utf8')
      .trim()
      .split('\n');
    expect(json(score[0]!)).toEqual({ accuracy: 2 / 3, correct_count: 2, total_count: 3 });
    expect(json(score[1]!)).toMatchObject({ id: 'simple_python_1', valid: false, error_type: 'type_error:simple' });
  });

  it('resumes a run cut short, running only the entries without a result', async () => {
    const out = tempDir();
    const first = await runKopa([
      '--json',
      'bfcl',
      'run',
      '--data',
      DATA,
      '--model',
      `scripted:${transcript([call('geometry_circle_area', { radius: 3.0 })])}`,
      '--out',
      out,
      '--categories',
      'simple_python',
    ]);
    // The transcript ran out after one entry, as a model killed mid-run would stop: the first result is kept.
    expect(first.code).toBe(1);
    const resultFile = path.join(out, 'BFCL_v4_simple_python_result.json');
    expect(readFileSync(resultFile, 'utf8').trim().split('\n')).toHaveLength(1);
    const second = await runKopa([
      '--json',
      'bfcl',
      'run',
      '--data',
      DATA,
      '--model',
      `scripted:${transcript([call('seq_evens', { count: 3 }), call('tags_join', { tags: ['a', 'b'] })])}`,
      '--out',
      out,
      '--categories',
      'simple_python',
    ]);
    expect(second.code, second.stderr).toBe(0);
    expect(json<BfclRunSummary>(second.stdout).categories).toEqual([{ category: 'simple_python', entries: 3, run: 2, skipped: 1 }]);
    expect(
      readFileSync(resultFile, 'utf8')
        .trim()
        .split('\n')
        .map((l) => json<{ id: string }>(l).id),
    ).toEqual(['simple_python_0', 'simple_python_1', 'simple_python_2']);
    const check = json<BfclCheckSummary>((await runKopa(['--json', 'bfcl', 'check', '--data', DATA, '--results', out])).stdout);
    expect(check.categories).toEqual([{ category: 'simple_python', correct: 3, total: 3, accuracy: 1, low: expect.closeTo(0.4385, 3), high: 1 }]);
    expect(existsSync(path.join(out, 'score', 'BFCL_v4_simple_python_score.json'))).toBe(true);
  });

  it('refuses a folder that is not BFCL data and an unknown category', async () => {
    const notData = await runKopa(['bfcl', 'check', '--data', tempDir(), '--results', tempDir()]);
    expect(notData.code).toBe(1);
    expect(notData.stderr).toContain('is not a BFCL v4 data folder (it has no possible_answer/)');
    const unknown = await runKopa(['bfcl', 'check', '--data', DATA, '--results', tempDir(), '--categories', 'simple_rust']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown BFCL category: simple_rust');
  });
});
