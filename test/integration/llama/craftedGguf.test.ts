// Model files are untrusted input. Files of a few dozen bytes built to hurt the process that inspects them (an array
// of 2^40 elements, 10^9 keys or tensors, a truncated header, an unknown version or tensor type) are refused at once
// with what is wrong; a chat template that allocates without end or loops for hours costs the inspecting process, which
// is killed, never the engine, whose event loop keeps turning throughout. `kopa models add` says the same, and a chat
// never loads such a file by its path.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jinjaFailure } from '../../../native/llama/boundedJinja.ts';
import { chooseChatFormat } from '../../../native/llama/chatFormat.ts';
import { inspectGguf } from '../../../native/llama/ggufInspect.ts';
import { writeTinyLlama } from '../../../native/gguf/tinyLlama.ts';
import { testEngine } from '../../helpers/engine.ts';
import { runKopa } from '../../helpers/runCli.ts';
import { tempDir } from '../../helpers/tempDir.ts';

/** A GGUF header written byte by byte: magic, version, tensor count, key count, then `rest`. */
function crafted(
  name: string,
  { version = 3, tensors = 0n, keys = 0n, rest = Buffer.alloc(0) }: { version?: number; tensors?: bigint; keys?: bigint; rest?: Buffer },
): string {
  const head = Buffer.alloc(24);
  head.write('GGUF', 0, 'latin1');
  head.writeUInt32LE(version, 4);
  head.writeBigUInt64LE(tensors, 8);
  head.writeBigUInt64LE(keys, 16);
  const file = path.join(tempDir(), `${name}.gguf`);
  writeFileSync(file, Buffer.concat([head, rest]));
  return file;
}

const u32 = (n: number): Buffer => Buffer.from(new Uint32Array([n]).buffer);
const u64 = (n: bigint): Buffer => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(n);
  return b;
};
const str = (s: string): Buffer => Buffer.concat([u64(BigInt(Buffer.byteLength(s))), Buffer.from(s)]);

/** Counts the engine thread's timer ticks while `work` runs: a blocked thread would count none. */
async function ticksDuring<T>(work: Promise<T>): Promise<{ ticks: number; outcome: PromiseSettledResult<T> }> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 20);
  const [outcome] = await Promise.allSettled([work]);
  clearInterval(timer);
  return { ticks, outcome };
}

describe('crafted GGUF headers', () => {
  const cases: [string, () => string, RegExp][] = [
    [
      'an array of 2^40 elements',
      () => crafted('array', { keys: 1n, rest: Buffer.concat([str('a'), u32(9), u32(0), u64(2n ** 40n)]) }),
      /a \(1099511627776 elements\) needs/,
    ],
    ['10^9 metadata keys', () => crafted('keys', { keys: 10n ** 9n }), /1000000000 metadata keys needs/],
    ['10^9 tensors', () => crafted('tensors', { tensors: 10n ** 9n }), /1000000000 tensors needs/],
    [
      'a truncated header',
      () => crafted('truncated', { keys: 1n, rest: str('general.architecture').subarray(0, 20) }),
      /metadata key 1 needs 20 bytes at offset 32/,
    ],
    ['version 99', () => crafted('version', { version: 99 }), /GGUF version 99; llama\.cpp reads versions 2 and 3/],
    [
      'an unknown tensor type',
      () => crafted('tensortype', { tensors: 1n, rest: Buffer.concat([str('w'), u32(1), u64(4n), u32(99), u64(0n)]) }),
      /tensor w has an unknown type 99/,
    ],
    ['a string longer than the file', () => crafted('string', { keys: 1n, rest: Buffer.concat([str('k'), u32(8), u64(2n ** 50n)]) }), /the value of k needs/],
  ];
  for (const [what, make, says] of cases)
    it(`refuses ${what}, saying what is wrong`, async () => {
      await expect(inspectGguf(make())).rejects.toMatchObject({ code: 'InvalidModelFile', message: expect.stringMatching(says) });
    });
});

describe('crafted chat templates', () => {
  it('stops an inspection whose template allocates without end, naming the model and the bound, and the engine thread keeps running', async () => {
    const file = await writeTinyLlama({ name: 'range-template', chatTemplate: '{% for i in range(10**9) %}{{ i }}{% endfor %}' });
    const { ticks, outcome } = await ticksDuring(inspectGguf(file, undefined, { memoryMb: 256, timeoutMs: 60_000 }));
    expect(outcome).toMatchObject({ status: 'rejected', reason: { code: 'InvalidModelFile' } });
    // node-llama-cpp's own Jinja rendering (its wrapper reads the call syntax at inspection) runs in a bounded thread too.
    expect((outcome as PromiseRejectedResult).reason.message).toMatch(/The chat template of range-template-\w+\.gguf did not finish within 5 s or 256 MiB/);
    expect(ticks).toBeGreaterThan(5);
  });

  it('kills an inspection whose template loops past its deadline, and inspects the next file normally', async () => {
    const file = await writeTinyLlama({
      name: 'loop-template',
      chatTemplate: '{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}',
    });
    const { ticks, outcome } = await ticksDuring(inspectGguf(file, undefined, { timeoutMs: 3_000 }));
    expect(outcome).toMatchObject({ status: 'rejected', reason: { code: 'InvalidModelFile' } });
    expect((outcome as PromiseRejectedResult).reason.message).toMatch(/took longer than 3 s/);
    expect(ticks).toBeGreaterThan(5);
    expect(await inspectGguf(await writeTinyLlama())).toMatchObject({ architecture: 'llama', kind: 'model' });
  });

  it('never loads for a chat, by its path, a file whose template the inspection refuses', async () => {
    const file = await writeTinyLlama({
      name: 'loop-chat',
      chatTemplate: '{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}',
    });
    const engine = testEngine({ llama: { gpu: false, threads: 1 } });
    const { ticks, outcome } = await ticksDuring(engine.call('agent.run', { question: '안녕하세요', model: file, maxSteps: 2 }));
    expect(outcome).toMatchObject({ status: 'rejected', reason: { code: 'InvalidModelFile' } });
    expect(ticks).toBeGreaterThan(5);
    expect(engine.modelHost().placements()).toEqual([]);
  }, 120_000);

  it("stops a chat whose template loops only on what the chat's messages hold, names the model, and refuses it until loaded again", async () => {
    // The inspection renders sample messages; the chat's renderer holds each text as a private-use placeholder, and
    // this template loops only where it sees one: it passes the inspection and would freeze the engine on the first turn.
    const file = await writeTinyLlama({
      name: 'placeholder-trap',
      chatTemplate:
        "{% for m in messages %}{% if '\uE000' in m.content %}{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}{% endif %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}",
    });
    const engine = testEngine({ llama: { gpu: false, threads: 1 } });
    const { ticks, outcome } = await ticksDuring(engine.call('agent.run', { question: '안녕하세요', model: file, maxSteps: 2 }));
    expect(outcome).toMatchObject({ status: 'rejected', reason: { code: 'InvalidModelFile' } });
    expect((outcome as PromiseRejectedResult).reason.message).toMatch(/The chat template of \S*placeholder-trap\S* did not finish within 5 s or 256 MiB/);
    expect(ticks).toBeGreaterThan(5);
    // The engine answers after it; the loaded model stays refused with the same reason.
    expect(await engine.call('models.list', {})).toBeDefined();
    await expect(engine.call('agent.run', { question: '다시요', model: file, maxSteps: 2 })).rejects.toMatchObject({
      code: 'InvalidModelFile',
      message: (outcome as PromiseRejectedResult).reason.message,
    });
  }, 180_000);

  it("bounds node-llama-cpp's own Jinja rendering too: its wrapper's renders run in the template thread, under the deadline", () => {
    // The Jinja wrapper renders the template in the engine's thread when it is made (reading the call syntax) and on
    // every turn; a template that loops there would freeze the engine for hours.
    const loop = '{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}{{ bos_token }}';
    const header = {
      fileInfo: { metadata: { general: { architecture: 'llama' }, tokenizer: { chat_template: loop } } } as never,
      filename: 'loop-wrapper.gguf',
    };
    expect(() => chooseChatFormat(header, 'jinja')).toThrow(/The chat template of loop-wrapper\.gguf did not finish within 5 s or 256 MiB/);
    // Broken until the model is loaded again.
    expect(jinjaFailure(loop)?.code).toBe('InvalidModelFile');
    // Loaded again, it is tried again, and stopped again.
    expect(() => chooseChatFormat(header, 'auto')).toThrow(/did not finish within 5 s/);
  }, 120_000);

  it('kopa models add refuses a crafted file with the reason and exit code of an invalid model', async () => {
    const run = await runKopa(['--data-dir', tempDir(), 'models', 'add', crafted('cli', { keys: 10n ** 9n })]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('1000000000 metadata keys needs');
    expect(run.stderr).not.toContain('Internal');
  });
});
