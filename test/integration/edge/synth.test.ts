// Walk synthesis (random walks of the verified graph, kept beside intent synthesis to compare with) against the
// emulator (default seed, a fixed clock): 200 samples that pass the gates, diverse in tool sequences and lengths,
// whose plans re-execute to the same answers; the five export formats (a KOPA-Bench suite among them); and a renamed field whose links went stale
// is avoided by the next run.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { functionName, functionSchema, modelTool } from '../../../main/core/catalog/functionSchema.ts';
import { grammarMessages } from '../../../main/core/agent/grammarConversation.ts';
import { sampleClaim, sampleConversation } from '../../../main/core/synth/formats.ts';
import { answerTool } from '../../../main/core/answer/answerTool.ts';
import { judgeClaim } from '../../../main/core/answer/judge.ts';
import { visibleTools } from '../../../main/engine/synth/exporter.ts';
import { leaked, unstated } from '../../../main/core/synth/gates.ts';
import type { SynthSample } from '../../../main/core/synth/types.ts';
import type { SynthRunResult } from '../../../main/api/contract.ts';
import { kst, kstAt } from '../../../main/core/time/kst.ts';
import type { Engine } from '../../../main/engine/Engine.ts';
import { executePlan } from '../../../main/engine/plan/executePlan.ts';
import { DatasetRepository } from '../../../main/engine/store/repositories/DatasetRepository.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { fileTempDir } from '../../helpers/tempDir.ts';
import { fileEngine } from '../../helpers/engine.ts';

let dir: string;
let engine: Engine;
let run: SynthRunResult;
let samples: SynthSample[];

const json = (line: string): Record<string, unknown> => JSON.parse(line) as Record<string, unknown>;

beforeAll(async () => {
  dir = fileTempDir();
  engine = fileEngine({ dataDir: dir, emulator: { now: () => TEST_NOW } });
  run = await engine.call('synth.run', { count: 200, strategy: 'walk', format: 'trl-grpo', out: path.join(dir, 'train.jsonl') });
  samples = new DatasetRepository(engine.store.db).samples(run.summary.dataset.id);
}, 180_000);

describe('kopa synth --strategy walk on the emulator', () => {
  it('keeps 200 samples of 2 to 5 steps over at least 30 distinct tool sequences, and counts its gates', () => {
    expect(run.verification?.verified).toBeGreaterThan(100);
    const s = run.summary;
    expect(s.kept).toBe(200);
    // Unnamed, a dataset is named by when it was made in Korean time, as the window shows the time beside it.
    const made = /^synth-(\d{8})-(\d{6})-\d{3}$/.exec(s.dataset.name);
    expect(made, s.dataset.name).not.toBeNull();
    expect(Math.abs(kstAt(made![1]!, made![2]!.slice(0, 4)).getTime() - kst(new Date()).getTime())).toBeLessThan(3 * 3_600_000);
    expect(samples).toHaveLength(200);
    expect(s.distinctSequences).toBeGreaterThanOrEqual(30);
    expect(Object.keys(s.pathLengths).map(Number).sort()).toEqual([2, 3, 4, 5]);
    expect(samples.every((x) => x.walk.steps.length >= 2 && x.walk.steps.length <= 5)).toBe(true);
    expect(Object.keys(s.gates).sort()).toEqual(['answer', 'duplicate', 'noLeak', 'stated']);
    expect(s.attempts).toBe(s.kept + s.walkFailures + Object.values(s.gates).reduce((a, b) => a + b, 0));
    expect(s.toolCoverage.used).toBeGreaterThan(20);
  });

  it('has chains, fan-ins (two earlier steps feed one call) and explicit picks from lists', () => {
    const steps = samples.flatMap((x) => x.walk.steps);
    expect(steps.filter((st) => st.inputs.length === 2).length).toBeGreaterThan(5);
    const picks = new Set(steps.flatMap((st) => st.inputs.map((i) => i.selection.kind)));
    expect([...picks].sort()).toEqual(['first', 'match', 'max', 'min', 'only']);
    const fanIn = samples.find((x) => x.walk.plan.steps.some((st) => st.let?.row2))!;
    expect(fanIn.walk.plan.steps.find((st) => st.let?.row2)!.let!.row2).toMatch(/^s\d\.items/);
  });

  it('states every value the first call needs and names no intermediate value', () => {
    for (const x of samples) {
      expect(unstated(x.walk, x.query), x.query).toEqual([]);
      expect(leaked(x.walk, x.query), x.query).toEqual([]);
      expect(x.walk.steps[0]!.mentions.length, x.query).toBeGreaterThan(0);
      expect(x.query).toMatch(/[?.]$/);
    }
  });

  it('re-executes every plan (and every alternative) to the same answer', async () => {
    const gateway = engine.gateway();
    const tools = { call: (tool: string, args: Record<string, unknown>) => gateway.call(tool, args), catalog: engine.catalog() };
    for (const x of samples) {
      const again = await executePlan(x.walk.plan, tools, { visible: true });
      expect(again.ok, again.failure).toBe(true);
      expect(again.answer, x.query).toEqual(x.walk.trace.answer);
      for (const alt of x.alternatives) expect((await executePlan(alt.plan, tools, { visible: true })).answer).toEqual(x.walk.trace.answer);
    }
  });

  it('writes TRL GRPO prompt rows with the columns reward functions need, and a dataset card', () => {
    const lines = readFileSync(path.join(dir, 'train.jsonl'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(200);
    for (const line of lines) {
      const row = json(line);
      expect(Object.keys(row).sort()).toEqual(
        [
          'alternative_plans',
          'answer',
          'answer_claim',
          'answer_spec',
          'answer_unit',
          'as_of',
          'backend',
          'golden_calls',
          'graph_version',
          'prompt',
          'reference_plan',
          'sample_id',
          'tools',
        ].sort(),
      );
      const prompt = row.prompt as { role: string; content: string }[];
      expect(prompt.map((m) => m.role)).toEqual(['system', 'user']);
      expect(prompt[0]!.content).toContain('현재 시각: 2025년 3월 2일 (일) 15:00 KST');
      const plan = JSON.parse(row.reference_plan as string) as { steps: { tool: string }[] };
      const offered = (row.tools as { function: { name: string } }[]).map((t) => t.function.name);
      for (const step of plan.steps) expect(offered).toContain(functionName(step.tool));
    }
    const card = readFileSync(path.join(dir, 'train.jsonl.card.md'), 'utf8');
    expect(run.export?.cardText).toBe(card);
    expect(card).toContain('| stated | noLeak | answer | duplicate |');
    expect(card).toContain(`distinct tool sequences: ${run.summary.distinctSequences}`);
    expect(card).toContain('graph version: 1');
  });

  it('lists the samples for the browser as their full records say, and names a sample that does not exist', async () => {
    const { dataset, samples } = await engine.call('synth.samples', { dataset: run.summary.dataset.name });
    expect(dataset.samples).toBe(200);
    expect(samples.map((s) => s.ordinal)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    const full = await engine.call('synth.sample', { dataset: String(run.summary.dataset.id), ordinal: 7 });
    expect(samples[6]).toEqual({
      ordinal: 7,
      query: full.query,
      steps: full.walk.plan.steps.length,
      tools: [...new Set(full.walk.plan.steps.map((s) => s.tool))],
      alternatives: full.alternatives.length,
      register: full.register ?? null,
      intent: full.intent ?? null,
    });
    await expect(engine.call('synth.sample', { dataset: run.summary.dataset.name, ordinal: 201 })).rejects.toThrow(/has no sample 201/);
  });

  it('exports OpenAI, ShareGPT and TRL SFT conversations whose calls replay the trace and end by committing the answer', async () => {
    const openai = path.join(dir, 'openai.jsonl');
    const sharegpt = path.join(dir, 'sharegpt.jsonl');
    const sft = path.join(dir, 'sft.jsonl');
    await engine.call('synth.export', { dataset: String(run.summary.dataset.id), out: openai, format: 'openai' });
    await engine.call('synth.export', { dataset: run.summary.dataset.name, out: sharegpt, format: 'sharegpt' });
    await engine.call('synth.export', { dataset: String(run.summary.dataset.id), out: sft, format: 'trl-sft', distractors: 0 });
    const first = samples[0]!;
    const o = json(readFileSync(openai, 'utf8').split('\n')[0]!) as {
      messages: { role: string; content: string | null; tool_calls?: { id: string; function: { name: string; arguments: string } }[]; tool_call_id?: string }[];
    };
    expect(o.messages.map((m) => m.role)).toEqual(['system', 'user', ...first.walk.steps.flatMap(() => ['assistant', 'tool']), 'assistant']);
    const calls = o.messages.filter((m) => m.tool_calls).map((m) => m.tool_calls![0]!);
    const answer = calls.pop()!;
    expect(calls.map((c) => JSON.parse(c.function.arguments))).toEqual(first.walk.trace.steps.map((s) => s.args));
    expect(o.messages.filter((m) => m.role === 'tool').map((m) => m.tool_call_id)).toEqual(calls.map((c) => c.id));
    // The last turn calls the answer tool: the claim the trace's answer is, and the sentence for the person.
    expect(answer.function.name).toBe('final_answer');
    expect(JSON.parse(answer.function.arguments)).toEqual({ answer: sampleClaim(first), message: first.answerText });
    expect(
      judgeClaim(first.walk.plan.answer, first.walk.trace.answer, sampleClaim(first), { asOf: new Date(first.walk.asOf), unit: first.walk.answer.unit }).pass,
    ).toBe(true);
    const g = json(readFileSync(sharegpt, 'utf8').split('\n')[0]!) as { conversations: { from: string; value: string }[] };
    expect(g.conversations[0]!.value).toContain('<tools>');
    const toolCall = g.conversations.find((c) => c.from === 'gpt' && c.value.startsWith('<tool_call>'))!;
    expect(JSON.parse(toolCall.value.replace(/<\/?tool_call>/g, ''))).toEqual({
      name: functionName(first.walk.trace.steps[0]!.tool),
      arguments: first.walk.trace.steps[0]!.args,
    });
    expect(JSON.parse(g.conversations.at(-1)!.value.replace(/<\/?tool_call>/g, ''))).toEqual({
      name: 'final_answer',
      arguments: { answer: sampleClaim(first), message: first.answerText },
    });
    const t = json(readFileSync(sft, 'utf8').split('\n')[0]!) as { messages: { tool_calls?: { function: { arguments: unknown } }[] }[]; tools: unknown[] };
    expect(t.messages.find((m) => m.tool_calls)!.tool_calls![0]!.function.arguments).toEqual(first.walk.trace.steps[0]!.args);
    // The plan's tools, the query tool that every episode with an API tool offers, and the answer tool.
    expect(t.tools).toHaveLength(new Set([...first.walk.plan.steps.map((s) => s.tool), 'local.queryRows']).size + 1);
  });

  it('exports for a family without a tool syntax as KOPA Studio runs it: tools in the system prompt, calls as grammar steps', async () => {
    const file = path.join(dir, 'prompt-style.jsonl');
    const exported = await engine.call('synth.export', { dataset: run.summary.dataset.name, out: file, format: 'trl-sft', toolStyle: 'prompt' });
    expect(exported.cardText).toContain('tools written into the system prompt');
    const row = json(readFileSync(file, 'utf8').split('\n')[0]!) as { messages: { role: string; content: string }[]; tools?: unknown };
    expect(row.tools).toBeUndefined();
    const first = samples[0]!;
    const visible = visibleTools(first, engine.catalog(), 3);
    // The very messages the local runtime writes in grammar mode for this conversation (grammarConversation.ts).
    expect(row.messages).toEqual(grammarMessages(sampleConversation(first, visible.map(functionSchema)), [...visible.map(modelTool), answerTool]));
    expect(row.messages[0]!.content).toContain('# 도구');
    for (const spec of visible) expect(row.messages[0]!.content).toContain(`## ${functionName(spec.id)}`);
    expect(row.messages[0]!.content).toContain('## final_answer');
    expect(JSON.parse(row.messages[2]!.content)).toMatchObject({ tool: functionName(first.walk.trace.steps[0]!.tool) });
    expect(JSON.parse(row.messages.at(-1)!.content)).toEqual({ tool: 'final_answer', arguments: { answer: sampleClaim(first), message: first.answerText } });
  });

  it('exports a KOPA-Bench suite of its samples that the oracle passes and a model that answers wrong fails', async () => {
    const file = path.join(dir, 'heldout.jsonl');
    const exported = await engine.call('synth.export', { dataset: run.summary.dataset.name, out: file, format: 'kopa-bench' });
    expect(exported.cardText).toContain('kopa bench run --suite FILE');
    const task = json(readFileSync(file, 'utf8').split('\n')[0]!);
    expect(task).toMatchObject({ id: `s${samples[0]!.ordinal}`, query_ko: samples[0]!.query, asOf: samples[0]!.walk.asOf });
    const tasks = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .slice(0, 12)
      .map((l) => String(json(l).id));
    const oracle = await engine.call('bench.run', { suite: file, model: 'oracle', tasks });
    expect(oracle.errors).toEqual([]);
    expect(oracle.passed).toBe(tasks.length);
    const wrong = path.join(dir, 'wrong.jsonl');
    writeFileSync(
      wrong,
      tasks
        .slice(0, 3)
        .map((task) => JSON.stringify({ task, turns: [{ text: '정답: 0' }] }))
        .join('\n'),
    );
    const failed = await engine.call('bench.run', { suite: file, model: `scripted:${wrong}`, tasks: tasks.slice(0, 3) });
    expect(failed.passed).toBe(0);
  }, 240_000);

  it('avoids links that went stale when a field was renamed', async () => {
    await engine.dispose();
    engine = fileEngine({
      dataDir: dir,
      emulator: { now: () => TEST_NOW, faults: { name: 'renamed', drift: [{ tool: 'airkorea.getNearbyMsrstnList', from: 'stationName', to: 'stnName' }] } },
    });
    const reverify = await engine.call('edges.verify', { staleAfterMs: 0 });
    expect(reverify.stale).toBeGreaterThan(0);
    const stale = new Set((await engine.call('edges.list', { status: 'stale' })).edges.map((e) => e.id));
    const next = await engine.call('synth.run', { count: 60, strategy: 'walk', seed: 'after-drift' });
    const kept = new DatasetRepository(engine.store.db).samples(next.summary.dataset.id);
    expect(kept).toHaveLength(60);
    expect(next.summary.graphVersion).toBe(reverify.graphVersion);
    expect(kept.every((x) => x.graphVersion === reverify.graphVersion)).toBe(true);
    expect(kept.flatMap((x) => x.walk.steps.flatMap((s) => s.inputs.map((i) => i.edgeId))).filter((id) => stale.has(id))).toEqual([]);
  }, 120_000);
});
