// A LoRA adapter back in the app: the tiny adapter the suite writes for the tiny model passes the checks against its
// base, loads with it, changes the output at scale 1 and not at scale 0; a mismatched adapter (another architecture,
// another width) is refused with what does not match, before llama.cpp sees it; `kopa models add ADAPTER --base`
// records the base it was checked against.
import { describe, expect, it } from 'vitest';
import { checkAdapter } from '../../../native/llama/adapterCheck.ts';
import { LlamaRuntime, LocalModel } from '../../../native/llama/index.ts';
import { writeTinyLlama } from '../../../native/gguf/tinyLlama.ts';
import { writeTinyLora } from '../../fixtures/gguf/tinyLora.ts';
import { testLlama } from '../../helpers/llama.ts';
import { runKopa } from '../../helpers/runCli.ts';
import { tempDir } from '../../helpers/tempDir.ts';

const PROMPT = 'ab';

async function complete(modelPath: string, lora: string[], scale: number): Promise<string> {
  const model = await LocalModel.load(await testLlama(), { modelPath, lora, loraScale: scale, contextSize: 256 });
  try {
    return (await model.complete(PROMPT, { maxTokens: 12, temperature: 0 })).text;
  } finally {
    await model.dispose();
  }
}

describe('LoRA adapters', () => {
  it('checks an adapter against its base: the matching one passes, a mismatched one is refused with its reasons', async () => {
    const base = await writeTinyLlama();
    const good = await checkAdapter(await writeTinyLora(), base);
    expect(good).toMatchObject({ ok: true, problems: [], alpha: 8, rank: 4, tensors: 4 });
    const otherArch = await checkAdapter(await writeTinyLora({ architecture: 'qwen2' }), base);
    expect(otherArch.ok).toBe(false);
    expect(otherArch.problems.join('\n')).toContain('the adapter is for qwen2, the base model is llama');
    const otherWidth = await checkAdapter(await writeTinyLora({ embedding: 32 }), base);
    expect(otherWidth.problems.join('\n')).toMatch(/blk\.0\.attn_q\.weight: lora_a 32×4 and lora_b 4×32 do not fit the base's 64×64/);
    const notAnAdapter = await checkAdapter(base, base);
    expect(notAnAdapter.problems.join('\n')).toContain('not a LoRA adapter');
    const noAlpha = await checkAdapter(await writeTinyLora({ alpha: 0 }), base);
    expect(noAlpha.warnings.join('\n')).toContain('alpha is 0');
  }, 120_000);

  it('changes the output at scale 1 and not at scale 0', async () => {
    const base = await writeTinyLlama();
    const lora = await writeTinyLora();
    const plain = await complete(base, [], 1);
    expect(await complete(base, [lora], 0)).toBe(plain);
    expect(await complete(base, [lora], 1)).not.toBe(plain);
  }, 120_000);

  it('registers an adapter with the base it fits, and refuses one that does not fit', async () => {
    const dir = tempDir();
    const base = await writeTinyLlama();
    const added = await runKopa(['--json', '--data-dir', dir, 'models', 'add', await writeTinyLora(), '--base', base]);
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout)).toMatchObject({ kind: 'lora', base: { path: base, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    const refused = await runKopa(['--data-dir', dir, 'models', 'add', await writeTinyLora({ architecture: 'qwen2' }), '--base', base]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('the adapter is for qwen2, the base model is llama');
  }, 120_000);
});

describe('base and tuned side by side, and format parity', () => {
  it('runs a base and its adapted variant as contexts of one loaded model', async () => {
    const { ModelHost } = await import('../../../main/engine/models/ModelHost.ts');
    // The host owns the runtime it is given: closing it unloads its models, then closes the runtime.
    const runtime = LlamaRuntime.create({ gpu: false, threads: 1 });
    const host = new ModelHost(() => runtime);
    const path = await writeTinyLlama();
    const lora = await writeTinyLora();
    const base = await host.local({ path, contextSize: 256 });
    const tuned = await host.local({ path, contextSize: 256, lora: [lora] });
    expect(tuned).not.toBe(base);
    expect(tuned.model).toBe(base.model);
    const [a, b] = await Promise.all([base.complete(PROMPT, { maxTokens: 12, temperature: 0 }), tuned.complete(PROMPT, { maxTokens: 12, temperature: 0 })]);
    expect(b.text).not.toBe(a.text);
    expect(await host.local({ path, contextSize: 256, lora: [lora] })).toBe(tuned);
    await host[Symbol.asyncDispose]();
    await expect((await runtime).loadModel({ modelPath: path, contextSize: 256 })).rejects.toMatchObject({ code: 'Disposed' });
    await expect(host.runtime()).rejects.toMatchObject({ code: 'Disposed' });
  }, 120_000);

  it('writes conversations with the GGUF’s own template when asked (as a Hugging Face trainer renders them)', async () => {
    const model = await LocalModel.load(await testLlama(), { modelPath: await writeTinyLlama(), contextSize: 512, chatWrapper: 'jinja' });
    try {
      expect(model.chatWrapperName()).toBe('JinjaTemplate');
      expect(model.toolCallMode()).toBe('grammar');
      const turn = await model.chat([{ role: 'user', content: 'hi' }], { tools: [], maxTokens: 8 });
      expect(turn.usage.outputTokens).toBeGreaterThan(0);
    } finally {
      await model.dispose();
    }
  }, 120_000);
});
