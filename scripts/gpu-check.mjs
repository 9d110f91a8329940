#!/usr/bin/env node
// One step for whoever has a GPU machine: loads MODEL.gguf with llama.cpp (GPU auto) and prints one JSON object —
// the backend and device found, layers offloaded, prompt and generation tokens/s, aggregate tokens/s at 1/2/4/8
// sequences, a chat turn's tokens/s beside a raw completion's with and without the turn's grammar, and prompt-lookup
// speculative decoding's acceptance and speed-up, and a draft model's with --draft (native/llama/speedCheck.ts); and the
// first chat turn's prefill, with every catalog tool offered and with the tools picked for the question.
//   node scripts/gpu-check.mjs MODEL.gguf [--tokens 128] [--sequences 1,2,4,8] [--draft DRAFT.gguf] [--cpu]
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const usage = 'usage: node scripts/gpu-check.mjs MODEL.gguf [--tokens 128] [--sequences 1,2,4,8] [--draft DRAFT.gguf] [--cpu]';
let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { tokens: { type: 'string' }, sequences: { type: 'string' }, draft: { type: 'string' }, cpu: { type: 'boolean' } },
  });
} catch (error) {
  console.error(`${error.message}\n${usage}`);
  process.exit(2);
}
const [model] = parsed.positionals;
const tokens = Number(parsed.values.tokens ?? 128);
const sequences = (parsed.values.sequences ?? '1,2,4,8').split(',').map(Number);
if (!model || !Number.isInteger(tokens) || tokens < 1 || sequences.some((n) => !Number.isInteger(n) || n < 1)) {
  console.error(usage);
  process.exit(2);
}
for (const file of [model, parsed.values.draft].filter(Boolean)) {
  if (!existsSync(file)) {
    console.error(`There is no model file ${file}.`);
    process.exit(1);
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { register } = await import('tsx/esm/api');
register();
const { LlamaRuntime } = await import(path.join(root, 'native', 'llama', 'index.ts'));
const { speedCheck } = await import(path.join(root, 'native', 'llama', 'speedCheck.ts'));
const { Engine } = await import(path.join(root, 'main', 'engine', 'Engine.ts'));
const { pickToolsFor } = await import(path.join(root, 'main', 'engine', 'agent', 'toolPicker.ts'));
const { modelTool } = await import(path.join(root, 'main', 'core', 'catalog', 'functionSchema.ts'));
const { offeredTools } = await import(path.join(root, 'main', 'core', 'resultView', 'offer.ts'));
const { systemPrompt } = await import(path.join(root, 'main', 'core', 'agent', 'prompt.ts'));

/** The first turn of a chat question, evaluated with every tool and with the pick: its prompt tokens and prefill time. */
async function firstTurn(runtime, file) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kopa-gpu-check-'));
  const engine = Engine.open({ dataDir, host: 'test' });
  const local = await runtime.loadModel({ modelPath: file, contextSize: 32_768 });
  try {
    const catalog = engine.catalog();
    const question = '2025년 3월 서울 강남구 아파트 매매 거래는 모두 몇 건이었나요?';
    const messages = [
      { role: 'system', content: systemPrompt(new Date()) },
      { role: 'user', content: question },
    ];
    const measure = async (ids) => {
      const tools = offeredTools(catalog, ids).map((id) => modelTool(catalog.require(id)));
      const text = local.promptText(messages, { tools });
      const promptTokens = local.model.tokenize(text, true).length;
      if (promptTokens + 8 > local.contextSize) return { tools: tools.length, promptTokens, skipped: `longer than the context of ${local.contextSize} tokens` };
      const started = performance.now();
      await local.complete(text, { maxTokens: 1 });
      return { tools: tools.length, promptTokens, prefillMs: Math.round(performance.now() - started) };
    };
    return { question, allTools: await measure(catalog.list().map((t) => t.id)), picked: await measure(pickToolsFor(engine, question).tools) };
  } finally {
    await local.dispose();
    await engine.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const runtime = await LlamaRuntime.create({ gpu: parsed.values.cpu ? false : 'auto' });
try {
  const report = await speedCheck(runtime, path.resolve(model), {
    generate: tokens,
    sequences,
    ...(parsed.values.draft ? { draftModel: path.resolve(parsed.values.draft) } : {}),
  });
  console.log(JSON.stringify({ ...report, firstTurn: await firstTurn(runtime, path.resolve(model)) }, null, 2));
} finally {
  await runtime.dispose();
}
