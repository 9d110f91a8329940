import { LlamaRuntime } from '../../native/llama/index.ts';
import { releaseAfterFile } from './release.ts';

let shared: Promise<LlamaRuntime> | undefined;

/** One CPU llama runtime per test file, single-threaded: the tiny fixture is fastest that way. */
export function testLlama(): Promise<LlamaRuntime> {
  if (!shared) {
    const runtime = LlamaRuntime.create({ gpu: false, threads: 1 });
    shared = runtime;
    releaseAfterFile(async () => {
      shared = undefined;
      await (await runtime).dispose();
    });
  }
  return shared;
}
