// A models folder as an analyst brings it on a drive: every .gguf once (a split model by its first part), with its
// size and, where it is registered already, which model it is; hidden folders, other files and a missing folder aside.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ModelInfo } from '../../../main/api/contract.ts';
import { KopaError } from '../../../main/core/errors.ts';
import { scanFolder } from '../../../main/engine/models/scanFolder.ts';
import { tempDir } from '../../helpers/tempDir.ts';

describe('scanning a folder for models', () => {
  it('lists each model file once with its size and whether it is registered', async () => {
    const root = tempDir();
    const put = (rel: string, bytes = 16): string => {
      const file = path.join(root, rel);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, Buffer.alloc(bytes));
      return file;
    };
    const qwen = put('qwen/Qwen2.5-7B-Instruct-Q4_K_M.gguf', 64);
    put('empty/placeholder.gguf', 0);
    put('llama/Llama-3.1-8B-Q8_0-00001-of-00002.gguf', 32);
    put('llama/Llama-3.1-8B-Q8_0-00002-of-00002.gguf', 32);
    put('EXAONE/nested/deeper/exaone-3.5-7.8b.GGUF', 48);
    put('.cache/partial.gguf');
    put('README.txt');
    const known = [{ id: 'm1', kind: 'gguf', location: qwen, copied: false, sizeBytes: 64 } as ModelInfo];
    const scan = await scanFolder(root, known);
    expect(scan.truncated).toBe(false);
    expect(scan.files.map((f) => [path.relative(root, f.path), f.sizeBytes, f.registered])).toEqual([
      ['EXAONE/nested/deeper/exaone-3.5-7.8b.GGUF', 48, null],
      ['llama/Llama-3.1-8B-Q8_0-00001-of-00002.gguf', 32, null],
      ['qwen/Qwen2.5-7B-Instruct-Q4_K_M.gguf', 64, 'm1'],
    ]);
    const few = await scanFolder(root, [], { maxFiles: 2 });
    expect(few.files).toHaveLength(2);
    expect(few.truncated).toBe(true);
  });

  it('lists a Hugging Face cache by repository and a linked model, once, without looping on a link back up', async () => {
    const root = tempDir();
    const repo = path.join(root, 'hub', 'models--Qwen--Qwen3-8B-GGUF');
    mkdirSync(path.join(repo, 'blobs'), { recursive: true });
    mkdirSync(path.join(repo, 'snapshots', 'abc123'), { recursive: true });
    writeFileSync(path.join(repo, 'blobs', '9f86d081884c'), Buffer.alloc(64));
    symlinkSync('../../blobs/9f86d081884c', path.join(repo, 'snapshots', 'abc123', 'Qwen3-8B-Q4_K_M.gguf'));
    mkdirSync(path.join(root, 'mine'));
    writeFileSync(path.join(root, 'elsewhere.bin'), Buffer.alloc(32));
    symlinkSync(path.join(root, 'elsewhere.bin'), path.join(root, 'mine', 'linked.gguf'));
    symlinkSync(root, path.join(root, 'mine', 'loop'));
    const scan = await scanFolder(root, []);
    expect(scan.files.map((f) => [path.relative(root, f.path), f.repository ?? null, f.sizeBytes])).toEqual([
      ['hub/models--Qwen--Qwen3-8B-GGUF/snapshots/abc123/Qwen3-8B-Q4_K_M.gguf', 'Qwen/Qwen3-8B-GGUF', 64],
      ['mine/linked.gguf', null, 32],
    ]);
    expect(scan).toMatchObject({ truncated: false, skipped: 0 });
  });

  it('passes over an unreadable folder and counts it, and reaches a model past thousands of empty files', async () => {
    const scan = await scanFolder('/proc', [], { maxDepth: 2, maxMs: 10_000 });
    expect(scan.files).toEqual([]);
    const root = tempDir();
    mkdirSync(path.join(root, 'a-crowded'));
    for (let i = 0; i < 10_000; i++) writeFileSync(path.join(root, 'a-crowded', `${i}.gguf`), '');
    mkdirSync(path.join(root, 'b-real'));
    writeFileSync(path.join(root, 'b-real', 'model.gguf'), Buffer.alloc(64));
    const crowded = await scanFolder(root, []);
    expect(crowded.files.map((f) => path.relative(root, f.path))).toEqual(['b-real/model.gguf']);
    if (process.getuid?.() !== 0) {
      const locked = path.join(root, 'locked');
      mkdirSync(locked, { mode: 0o000 });
      expect((await scanFolder(root, [])).skipped).toBe(1);
    }
  }, 60_000);

  it('says a folder that is not there, and what to give instead', async () => {
    const error = await scanFolder(path.join(tempDir(), 'unplugged-drive'), []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KopaError);
    expect(error).toMatchObject({ code: 'NotFound', saidAs: { message: 'error.noFolder' } });
  });
});
