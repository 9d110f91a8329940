import { afterAll } from 'vitest';
import { LlamaRuntime } from '../../native/llama/index.ts';

let shared: Promise<LlamaRuntime> | undefined;

/** One CPU llama runtime per test file, single-threaded: the tiny fixture is fastest that way. */
export function testLlama(): Promise<LlamaRuntime> {
  shared ??= LlamaRuntime.create({ gpu: false, threads: 1 });
  return shared;
}

afterAll(async () => {
  if (shared) await (await shared).dispose();
  shared = undefined;
});
