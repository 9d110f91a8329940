#!/usr/bin/env node
// One step for whoever has a GPU machine: loads MODEL.gguf with llama.cpp (GPU auto) and prints one JSON object —
// the backend and device found, layers offloaded, prompt and generation tokens/s, aggregate tokens/s at 1/2/4/8
// sequences, a chat turn's tokens/s beside a raw completion's with and without the turn's grammar, and prompt-lookup
// speculative decoding's acceptance and speed-up, and a draft model's with --draft (native/llama/speedCheck.ts).
//   node scripts/gpu-check.mjs MODEL.gguf [--tokens 128] [--sequences 1,2,4,8] [--draft DRAFT.gguf] [--cpu]
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const usage = 'usage: node scripts/gpu-check.mjs MODEL.gguf [--tokens 128] [--sequences 1,2,4,8] [--draft DRAFT.gguf] [--cpu]';
let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { tokens: { type: 'string' }, sequences: { type: 'string' }, draft: { type: 'string' }, cpu: { type: 'boolean' } } });
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
const runtime = await LlamaRuntime.create({ gpu: parsed.values.cpu ? false : 'auto' });
try {
  console.log(JSON.stringify(await speedCheck(runtime, path.resolve(model), { generate: tokens, sequences, ...(parsed.values.draft ? { draftModel: path.resolve(parsed.values.draft) } : {}) }), null, 2));
} finally {
  await runtime.dispose();
}
