// What the window loads of the engine's API stays small and runs under the page's policy: the contract and the RPC
// client bring no parameter schemas with them (zod compiles its checks with `new Function`, which the workbench's
// Content-Security-Policy refuses, and the window never validates what it sends: the engine does).
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

describe('the API as the window loads it', () => {
  it('brings no schema library into the renderer', async () => {
    const result = await build({
      stdin: {
        contents: "export * from './main/api/contract.ts'; export * from './main/api/rpc.ts';",
        resolveDir: root,
        loader: 'ts',
      },
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'browser',
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((file) => file.includes('node_modules/zod'))).toEqual([]);
    expect(inputs.filter((file) => /main\/api\/(?!contract|rpc)/.test(file))).toEqual([]);
  });
});
