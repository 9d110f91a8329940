// A models folder as an analyst brings it on a drive: every .gguf once (a split model by its first part), with its
// size and, where it is registered already, which model it is; hidden folders, other files and a missing folder aside.
import { mkdirSync, writeFileSync } from 'node:fs';
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
    put('llama/Llama-3.1-8B-Q8_0-00001-of-00002.gguf', 32);
    put('llama/Llama-3.1-8B-Q8_0-00002-of-00002.gguf', 32);
    put('EXAONE/nested/deeper/exaone-3.5-7.8b.GGUF', 8);
    put('.cache/partial.gguf');
    put('README.txt');
    const known = [{ id: 'm1', kind: 'gguf', location: qwen, copied: false, sizeBytes: 64 } as ModelInfo];
    const scan = await scanFolder(root, known);
    expect(scan.truncated).toBe(false);
    expect(scan.files.map((f) => [path.relative(root, f.path), f.sizeBytes, f.registered])).toEqual([
      ['EXAONE/nested/deeper/exaone-3.5-7.8b.GGUF', 8, null],
      ['llama/Llama-3.1-8B-Q8_0-00001-of-00002.gguf', 32, null],
      ['qwen/Qwen2.5-7B-Instruct-Q4_K_M.gguf', 64, 'm1'],
    ]);
    const few = await scanFolder(root, [], { maxFiles: 2 });
    expect(few.files).toHaveLength(2);
    expect(few.truncated).toBe(true);
  });

  it('says a folder that is not there, and what to give instead', async () => {
    const error = await scanFolder(path.join(tempDir(), 'unplugged-drive'), []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KopaError);
    expect(error).toMatchObject({ code: 'NotFound', saidAs: { message: 'error.noFolder' } });
  });
});
