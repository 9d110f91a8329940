// BFCL multi-turn from the shell. On small hand-written entries: a scripted model's run written in BFCL's result
// layout, resumed after a kill, scored with the checker's reasons; held-out functions offered at their turn; the
// tiny GGUF driving a whole entry. On the real BFCL data where this machine has it (shared/bfcl beside the
// repository): agreement with upstream on all 13,831 multi-turn vectors and the 28,003 AST vectors, the ground truth
// replayed by a scripted model scoring 100 % in all four categories, and a model that drops one call per entry
// scoring exactly what upstream's checker said of that output.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BfclCheckSummary, BfclConformance, BfclRunSummary } from '../../../main/api/contract.ts';
import { writeTinyLlama } from '../../../native/gguf/tinyLlama.ts';
import { testEngine } from '../../helpers/engine.ts';
import { startOpenAiServer } from '../../helpers/openAiServer.ts';
import { groundTruthTranscript, toolCallJson } from '../../helpers/multiTurnTranscript.ts';
import { repoRoot, runKopa } from '../../helpers/runCli.ts';
import { tempDir } from '../../helpers/tempDir.ts';

const json = <T>(text: string): T => JSON.parse(text) as T;
const DATA = path.join(repoRoot, 'test', 'fixtures', 'bfcl', 'data');
const SHARED = path.resolve(repoRoot, '..', 'shared', 'bfcl');
const hasShared = existsSync(path.join(SHARED, 'conformance', 'multi_turn_vectors.jsonl'));
const MULTI_TURN = ['multi_turn_base', 'multi_turn_miss_func', 'multi_turn_miss_param', 'multi_turn_long_context'];

function transcript(lines: string[]): string {
  const file = path.join(tempDir(), 'turns.jsonl');
  writeFileSync(file, lines.join('\n'));
  return file;
}

const calls = (...strings: string[]): string => `{"toolCalls": [${strings.map(toolCallJson).join(', ')}]}`;
const text = (s: string): string => JSON.stringify({ text: s });

describe('kopa bfcl run and check, multi-turn', () => {
  it('runs turn by turn on the model’s own simulators, and scores state and responses with upstream’s reasons', async () => {
    const out = tempDir();
    // Entry 0: 15 (an int) where the ground truth sends 15.0 leaves the same state but answers {"fuelLevel": 20}, not 20.0.
    const model = transcript([
      calls('fillFuelTank(fuelAmount=15)'),
      text('Filled.'),
      calls("lockDoors(unlock=False, door=['driver'])"),
      text('Locked.'),
      calls('add(a=3, b=4)'),
      text('7'),
    ]);
    const run = await runKopa(['--json', 'bfcl', 'run', '--data', DATA, '--model', `scripted:${model}`, '--out', out, '--categories', 'multi_turn_base']);
    expect(run.code, run.stderr).toBe(0);
    expect(json<BfclRunSummary>(run.stdout).categories).toEqual([{ category: 'multi_turn_base', entries: 2, run: 2, skipped: 0 }]);
    const rows = readFileSync(path.join(out, 'BFCL_v4_multi_turn_base_result.json'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => json<{ id: string; result: unknown }>(l));
    expect(rows[0]!.result).toEqual([
      [[{ fillFuelTank: '{"fuelAmount":15}' }], 'Filled.'],
      [[{ lockDoors: '{"unlock":false,"door":["driver"]}' }], 'Locked.'],
    ]);

    const check = await runKopa(['--json', 'bfcl', 'check', '--data', DATA, '--results', out]);
    expect(check.code, check.stderr).toBe(0);
    const summary = json<BfclCheckSummary>(check.stdout);
    expect(summary.categories).toEqual([
      { category: 'multi_turn_base', correct: 1, total: 2, accuracy: 0.5, low: expect.closeTo(0.0945, 3), high: expect.closeTo(0.9055, 3) },
    ]);
    expect(summary.failures).toEqual([
      {
        category: 'multi_turn_base',
        id: 'multi_turn_base_0',
        errorType: 'multi_turn:execution_response_mismatch',
        reason: 'turn 0: missing {"fuelLevel": 20.0}',
      },
    ]);
    // Only base ran: the multi-turn aggregate averages it with three categories not run, as BFCL counts them.
    expect(summary.multiTurn).toBeCloseTo(0.5 / 4, 10);
    // The V4 overall weighs multi-turn 30 %; nothing else ran, and the agentic categories count 0.
    expect(summary.overall).toBeCloseTo((0.3 * 0.5) / 4, 10);
    const score = readFileSync(path.join(out, 'score', 'BFCL_v4_multi_turn_base_score.json'), 'utf8')
      .trim()
      .split('\n');
    expect(json(score[1]!)).toMatchObject({
      id: 'multi_turn_base_0',
      error_type: 'multi_turn:execution_response_mismatch',
      error_message: 'turn 0: missing {"fuelLevel": 20.0}',
    });

    const human = await runKopa(['bfcl', 'check', '--data', DATA, '--results', out]);
    expect(human.stdout).toContain('multi-turn 12.50%');
    expect(human.stdout).toContain('multi_turn_base_0 execution_response_mismatch turn 0: missing {"fuelLevel": 20.0}');
  });

  it('names the class and attributes of a state mismatch, and resumes a run cut short', async () => {
    const out = tempDir();
    const first = await runKopa([
      '--json',
      'bfcl',
      'run',
      '--data',
      DATA,
      '--model',
      `scripted:${transcript([calls('fillFuelTank(fuelAmount=15.0)'), text('Filled.'), calls("lockDoors(unlock=False, door=['driver'])"), text('Locked.')])}`,
      '--out',
      out,
      '--categories',
      'multi_turn_base',
    ]);
    // The transcript ran out in the second entry, as a killed model would stop: the first entry's result is kept.
    expect(first.code).toBe(1);
    const second = await runKopa([
      '--json',
      'bfcl',
      'run',
      '--data',
      DATA,
      '--model',
      `scripted:${transcript([calls('add(a=3, b=4)'), text('7')])}`,
      '--out',
      out,
      '--categories',
      'multi_turn_base',
    ]);
    expect(second.code, second.stderr).toBe(0);
    expect(json<BfclRunSummary>(second.stdout).categories).toEqual([{ category: 'multi_turn_base', entries: 2, run: 1, skipped: 1 }]);
    const summary = json<BfclCheckSummary>((await runKopa(['--json', 'bfcl', 'check', '--data', DATA, '--results', out])).stdout);
    expect(summary.failures).toEqual([
      {
        category: 'multi_turn_base',
        id: 'multi_turn_base_0',
        errorType: 'multi_turn:instance_state_mismatch',
        reason: 'turn 1: VehicleControlAPI differs in remainingUnlockedDoors, doorStatus',
      },
    ]);
  });

  it('offers held-out functions from their turn on, and lets an empty ground-truth turn pass unchecked', async () => {
    const out = tempDir();
    const model = transcript([text('I cannot compute a mean with these tools.'), calls('mean(numbers=[1, 2, 6])'), text('3.0')]);
    const run = await runKopa(['--json', 'bfcl', 'run', '--data', DATA, '--model', `scripted:${model}`, '--out', out, '--categories', 'multi_turn_miss_func']);
    expect(run.code, run.stderr).toBe(0);
    const summary = json<BfclCheckSummary>((await runKopa(['--json', 'bfcl', 'check', '--data', DATA, '--results', out])).stdout);
    expect(summary.categories).toEqual([{ category: 'multi_turn_miss_func', correct: 1, total: 1, accuracy: 1, low: expect.closeTo(0.2065, 3), high: 1 }]);
  });

  it('sends results back to an OpenAI-compatible server and keeps the JSON it wrote: 15.0 stays a float', async () => {
    const doors = '["driver", "passenger", "rear_left", "rear_right"]';
    const server = await startOpenAiServer([
      { toolCalls: [{ name: 'fillFuelTank', argumentsJson: '{"fuelAmount": 15.0}' }] },
      { content: 'Filled.' },
      { toolCalls: [{ name: 'lockDoors', argumentsJson: `{"unlock": false, "door": ${doors}}` }] },
      { content: 'Locked.' },
    ]);
    try {
      const engine = testEngine();
      const model = await engine.call('models.add', { source: `openai:${server.base}`, name: 'qwen2.5-7b-instruct' });
      const out = tempDir();
      await engine.call('bfcl.run', { data: DATA, model: model.id, out, categories: ['multi_turn_base'], limit: 1 });
      const check = await engine.call('bfcl.check', { data: DATA, results: out });
      expect(check.failures).toEqual([]);
      expect(check.categories[0]).toMatchObject({ category: 'multi_turn_base', correct: 1, total: 1 });
      const second = server.requests[1] as { messages: { role: string; content: string }[]; tools: { function: { name: string } }[] };
      expect(second.tools.map((t) => t.function.name)).toEqual(['fillFuelTank', 'lockDoors']);
      expect(second.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
      expect(second.messages[2]!.content).toBe('{"fuelLevel": 20.0}');
      const third = server.requests[2] as { messages: { role: string; content: string }[] };
      expect(third.messages.at(-1)).toMatchObject({ role: 'user', content: 'Lock every door.' });
    } finally {
      await server.close();
    }
  });

  it('ends an entry whose turn keeps calling past upstream’s 20 steps, keeping that turn, as upstream’s force quit does', async () => {
    // The 21st step that calls is the last one run (upstream counts steps after executing them and quits past 20).
    const model = transcript([...Array.from({ length: 22 }, () => calls("displayCarStatus(option='fuel')")), text('never asked')]);
    const engine = testEngine();
    const out = tempDir();
    await engine.call('bfcl.run', { data: DATA, model: `scripted:${model}`, out, categories: ['multi_turn_base'], limit: 1 });
    const row = json<{ result: unknown[][] }>(readFileSync(path.join(out, 'BFCL_v4_multi_turn_base_result.json'), 'utf8').trim());
    expect(row.result).toHaveLength(1);
    expect(row.result[0]).toHaveLength(21);
    expect(row.result[0]![20]).toEqual([{ displayCarStatus: '{"option":"fuel"}' }]);
    const check = await engine.call('bfcl.check', { data: DATA, results: out });
    expect(check.failures).toMatchObject([{ id: 'multi_turn_base_0', errorType: 'multi_turn:force_terminated' }]);
  });

  it('says where it looked for the simulators’ constants when they are missing', async () => {
    const model = transcript([text('?')]);
    const run = await runKopa([
      'bfcl',
      'run',
      '--data',
      DATA,
      '--model',
      `scripted:${model}`,
      '--out',
      tempDir(),
      '--categories',
      'multi_turn_base',
      '--constants',
      path.join(tempDir(), 'none.json'),
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The multi-turn simulators need their constants (multi_turn_backend_constants.json)');
    expect(run.stderr).toContain('--constants FILE');
  });

  it('completes an entry end to end with the tiny GGUF: one stored turn per question, each call one the entry offers, scored by the checker', {
    timeout: 300_000,
  }, async () => {
    const gguf = await writeTinyLlama();
    const out = path.join(tempDir(), 'out');
    // Random weights write nonsense until the token limit; a short limit per turn keeps the whole path and its cost small.
    const run = await runKopa([
      '--json',
      'bfcl',
      'run',
      '--data',
      DATA,
      '--model',
      gguf,
      '--out',
      out,
      '--categories',
      'multi_turn_base',
      '--limit',
      '1',
      '--max-tokens',
      '48',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const row = json<{ id: string; result: unknown[][]; output_token_count: number }>(
      readFileSync(path.join(out, 'BFCL_v4_multi_turn_base_result.json'), 'utf8').trim(),
    );
    expect(row.id).toBe('multi_turn_base_0');
    expect(row.result).toHaveLength(2);
    expect(row.output_token_count).toBeGreaterThan(0);
    for (const step of row.result.flat())
      if (Array.isArray(step)) for (const call of step as Record<string, string>[]) expect(['fillFuelTank', 'lockDoors']).toContain(Object.keys(call)[0]);
    const check = await runKopa(['--json', 'bfcl', 'check', '--data', DATA, '--results', out]);
    expect(check.code, check.stderr).toBe(0);
    expect(json<BfclCheckSummary>(check.stdout).categories[0]).toMatchObject({ category: 'multi_turn_base', total: 1 });
  });
});

describe.runIf(hasShared)('BFCL multi-turn on the real data (shared/bfcl)', () => {
  const data = path.join(SHARED, 'data');

  it('agrees with upstream on every multi-turn vector and every AST vector', { timeout: 240_000 }, async () => {
    const multi = await runKopa(['--json', 'bfcl', 'conformance', '--vectors', path.join(SHARED, 'conformance', 'multi_turn_vectors.jsonl'), '--data', data]);
    expect(multi.code, multi.stderr).toBe(0);
    expect(json<BfclConformance>(multi.stdout)).toEqual({ vectors: 13_831, agree: 13_831, disagreements: [] });
    const ast = await runKopa(['--json', 'bfcl', 'conformance', '--vectors', path.join(SHARED, 'conformance', 'ast_vectors.jsonl'), '--data', data]);
    expect(ast.code, ast.stderr).toBe(0);
    expect(json<BfclConformance>(ast.stdout)).toMatchObject({ vectors: 28_003, agree: 28_003 });
  });

  it('scores the ground truth replayed by a scripted model 100 % in all four categories', { timeout: 240_000 }, async () => {
    const out = tempDir();
    const model = transcript(groundTruthTranscript(data, MULTI_TURN));
    const run = await runKopa(['--json', 'bfcl', 'run', '--data', data, '--model', `scripted:${model}`, '--out', out, '--categories', MULTI_TURN.join(',')]);
    expect(run.code, run.stderr).toBe(0);
    const summary = json<BfclCheckSummary>((await runKopa(['--json', 'bfcl', 'check', '--data', data, '--results', out])).stdout);
    expect(summary.categories.map((c) => [c.category, c.correct, c.total])).toEqual(MULTI_TURN.map((c) => [c, 200, 200]));
    expect(summary.multiTurn).toBe(1);
  });

  it('scores a model that drops one call per entry as upstream’s checker scored that very output', { timeout: 240_000 }, async () => {
    const drop = new Map<string, [number, number]>();
    const expected = new Map<string, string>();
    for (const line of readFileSync(path.join(SHARED, 'conformance', 'multi_turn_vectors.jsonl'), 'utf8').split('\n')) {
      if (!line.includes('"kind": "drop_call"') && !line.includes('"kind":"drop_call"')) continue;
      const v = json<{ id: string; perturbation: { turn: number; index: number }; expected: { valid: boolean; error_type: string | null } }>(line);
      if (drop.has(v.id)) continue;
      drop.set(v.id, [v.perturbation.turn, v.perturbation.index]);
      expected.set(v.id, v.expected.valid ? 'valid' : v.expected.error_type!);
    }
    expect(drop.size).toBe(800);
    const out = tempDir();
    const model = transcript(groundTruthTranscript(data, MULTI_TURN, { drop }));
    const run = await runKopa(['--json', 'bfcl', 'run', '--data', data, '--model', `scripted:${model}`, '--out', out, '--categories', MULTI_TURN.join(',')]);
    expect(run.code, run.stderr).toBe(0);
    const summary = json<BfclCheckSummary>((await runKopa(['--json', 'bfcl', 'check', '--data', data, '--results', out])).stdout);
    const failed = new Map(summary.failures.map((f) => [f.id, f.errorType]));
    const got = new Map([...drop.keys()].map((id) => [id, failed.get(id) ?? 'valid']));
    expect(got).toEqual(expected);
  });
});
