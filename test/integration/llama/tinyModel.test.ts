// The real node-llama-cpp path on CPU, through native/llama, with the GGUF the test suite writes itself.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeTinyLlama, tinyLlamaParameterCount } from '../../../native/gguf/tinyLlama.ts';
import { isKopaError } from '../../../main/core/errors.ts';
import { testLlama } from '../../helpers/llama.ts';
import { tempDir } from '../../helpers/tempDir.ts';
import { repoRoot } from '../../helpers/runCli.ts';
import { LlamaRuntime, type LocalModel } from '../../../native/llama/index.ts';

describe('tiny GGUF fixture through native/llama', () => {
  it('describes the runtime it loaded without downloading or building anything', async () => {
    const info = await (await testLlama()).describe();
    expect(['prebuilt', 'localBuild']).toContain(info.buildType);
    expect(info.binary).toMatch(/llama-addon\.node$|prebuilt|localBuild/);
    expect(info.gpu).toBe(false);
    expect(info.threads).toBe(1);
  });

  it("computes a model too small to share a token's work on one thread, unless threads were asked for", async () => {
    const modelPath = await writeTinyLlama();
    const threadsOf = async (options: { threads?: number }): Promise<{ ordinary: number; model: number; large: number }> => {
      const runtime = await LlamaRuntime.create({ gpu: false, ...options });
      try {
        const model = await runtime.loadModel({ modelPath, contextSize: 256 });
        try {
          await model.complete('Hello', { maxTokens: 2 });
          return { ordinary: runtime.threads, model: model.threads, large: runtime.threadsFor(500_000_000) };
        } finally {
          await model.dispose();
        }
      } finally {
        await runtime.dispose();
      }
    };
    // The suite sets KOPA_LLAMA_THREADS for every test; this one needs the default.
    const set = process.env.KOPA_LLAMA_THREADS;
    delete process.env.KOPA_LLAMA_THREADS;
    try {
      const byDefault = await threadsOf({});
      expect(byDefault.model).toBe(1);
      expect(byDefault.large).toBe(byDefault.ordinary);
      const two = Math.min(2, availableParallelism());
      expect(await threadsOf({ threads: 2 })).toEqual({ ordinary: two, model: two, large: two });
    } finally {
      if (set !== undefined) process.env.KOPA_LLAMA_THREADS = set;
    }
  });

  it('loads the model and generates tokens', async () => {
    const modelPath = await writeTinyLlama();
    expect(tinyLlamaParameterCount()).toBeGreaterThan(50_000);
    const model = await (await testLlama()).loadModel({ modelPath, contextSize: 256 });
    try {
      const fractions: number[] = [];
      const out = await model.complete('Hello', { maxTokens: 12, onText: () => fractions.push(1) });
      expect(out.outputTokens).toBe(12);
      expect(out.inputTokens).toBeGreaterThan(0);
      expect(fractions.length).toBeGreaterThan(0);
      const again = await model.complete('Hello', { maxTokens: 12 });
      expect(again.text).toBe(out.text);
    } finally {
      await model.dispose();
    }
  });

  it('generates a JSON object that matches a JSON-schema grammar', async () => {
    const modelPath = await writeTinyLlama();
    const model = await (await testLlama()).loadModel({ modelPath, contextSize: 512 });
    try {
      const schema = {
        type: 'object',
        properties: { tool: { enum: ['kma.getUltraSrtNcst', 'airkorea.getMsrstnList'] }, nx: { enum: [60, 61, 62] }, confirm: { type: 'boolean' } },
      } as const;
      const out = await model.complete('{', { jsonSchema: schema, maxTokens: 120 });
      const parsed = JSON.parse(out.text) as Record<string, unknown>;
      expect(out.json).toEqual(parsed);
      expect(Object.keys(parsed)).toEqual(['tool', 'nx', 'confirm']);
      expect(['kma.getUltraSrtNcst', 'airkorea.getMsrstnList']).toContain(parsed.tool);
      expect([60, 61, 62]).toContain(parsed.nx);
      expect(typeof parsed.confirm).toBe('boolean');
      expect(out.stop).toBe('end');
      // Cut by its budget, the JSON is unfinished: said as such, not thrown as a parse error.
      const cut = await model.complete('{', { jsonSchema: schema, maxTokens: 3 });
      expect(cut).toMatchObject({ stop: 'maxTokens', outputTokens: 3 });
      expect(cut.json).toBeUndefined();
      expect(() => JSON.parse(cut.text)).toThrow();
    } finally {
      await model.dispose();
    }
  });

  it('runs several sequences at once in one context, each as it would alone', async () => {
    const modelPath = await writeTinyLlama();
    const runtime = await testLlama();
    const single = await runtime.loadModel({ modelPath, contextSize: 256 });
    const parallel = await runtime.loadModel({ modelPath, contextSize: 256, sequences: 4 });
    try {
      const prompts = ['Hello', 'Seoul', 'KMA', '12345'];
      const alone = [];
      for (const p of prompts) alone.push(await single.complete(p, { maxTokens: 10 }));
      const together = await Promise.all(prompts.map((p) => parallel.complete(p, { maxTokens: 10 })));
      expect(together.map((c) => [c.text, c.inputTokens, c.outputTokens])).toEqual(alone.map((c) => [c.text, c.inputTokens, c.outputTokens]));
      const more = await Promise.all([...prompts, ...prompts].map((p) => parallel.complete(p, { maxTokens: 4 })));
      expect(more).toHaveLength(8);
    } finally {
      await single.dispose();
      await parallel.dispose();
    }
  });

  it('refuses a file that is not a complete GGUF with a clear error', async () => {
    const dir = tempDir();
    const truncated = path.join(dir, 'truncated.gguf');
    writeFileSync(truncated, readFileSync(await writeTinyLlama()).subarray(0, 5000));
    const error = await (await testLlama()).loadModel({ modelPath: truncated }).catch((e: unknown) => e);
    expect(isKopaError(error, 'InvalidModelFile')).toBe(true);
    expect((error as Error).message).toContain(truncated);
  });

  it('meets a file loaded again with the chat format chosen before, and a file rewritten under its name afresh', async () => {
    const dir = tempDir();
    const modelPath = await writeTinyLlama({ dir, name: 'reloaded' });
    const runtime = await testLlama();
    const formatOf = async (): Promise<ReturnType<LocalModel['chatFormat']>> => {
      const model = await runtime.loadModel({ modelPath, contextSize: 256 });
      try {
        return model.chatFormat();
      } finally {
        await model.dispose();
      }
    };
    const first = await formatOf();
    const again = await formatOf();
    expect(again.wrapper).toBe(first.wrapper);
    expect(again.support).toEqual(first.support);
    // Another template under the same path (a model replaced in place) is resolved again, and read as itself.
    const gemma = readFileSync(path.join(repoRoot, 'test', 'fixtures', 'chatTemplates', 'gemma-2-it.jinja'), 'utf8');
    copyFileSync(await writeTinyLlama({ dir: tempDir(), name: 'reloaded', chatTemplate: gemma }), modelPath);
    const replaced = await formatOf();
    expect(replaced.wrapper).not.toBe(first.wrapper);
    expect([first.support.wrapper, replaced.support.wrapper]).toEqual(['ChatML', 'Gemma']);
  });
});
