// The import boundaries of docs/ARCHITECTURE.md §1 are enforced by the linter: these snippets are linted as if they
// sat at the given paths, and the forbidden ones must be refused.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../helpers/runCli.ts';

const eslint = new ESLint({ cwd: repoRoot });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}/${filePath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId !== '@typescript-eslint/no-unused-vars').map((m) => `${m.ruleId}: ${m.message}`);
}

describe('layer boundaries', () => {
  it.each([
    ['main/core/x.ts', "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;", 'main/core does no I/O'],
    ['main/core/x.ts', "import { Engine } from '../engine/Engine.ts';\nexport const e = Engine;", 'main/core may not import main/engine'],
    ['main/core/x.ts', 'export const get = () => fetch("https://example.org");', "'fetch'"],
    ['main/core/x.ts', 'export const now = () => new Date();', 'main/core has no clock'],
    ['main/core/x.ts', 'export const now = () => Date.now();', 'main/core has no clock'],
    ['main/core/x.ts', 'export const t = () => performance.now();', 'main/core has no clock'],
    ['main/core/x.ts', 'export const pick = () => Math.random();', 'no chance'],
    ['main/engine/x.ts', "import { app } from 'electron';\nexport const a = app;", 'only main/desktop may import electron'],
    ['main/engine/x.ts', "import Database from 'better-sqlite3';\nexport const d = Database;", 'only native may import better-sqlite3'],
    ['main/cli/x.ts', "import { getLlama } from 'node-llama-cpp';\nexport const g = getLlama;", 'only native may import node-llama-cpp'],
    ['renderer/src/x.tsx', "import { Engine } from '../../main/engine/Engine.ts';\nexport const e = Engine;", 'only `import type` may cross'],
    ['renderer/src/x.tsx', "import { LlamaRuntime } from '../../native/llama/index.ts';\nexport const l = LlamaRuntime;", 'renderer may not import native'],
    ['renderer/src/x.tsx', "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;", 'renderer does no I/O'],
    ['main/api/x.ts', "import { createServer } from 'node:http';\nexport const s = createServer;", 'main/api does no I/O'],
    ['main/desktop/x.ts', "import { Engine } from '../engine/Engine.ts';\nexport const e = Engine;", 'main/desktop may not import main/engine'],
    ['native/llama/x.ts', "import { resolveModelFile } from 'node-llama-cpp';\nexport const r = resolveModelFile;", 'Air-gapped'],
  ])('%s refuses: %s', async (file, code, expected) => {
    const found = await problems(file, code);
    expect(found.join('\n')).toContain(expected);
  });

  it.each([
    ['main/desktop/x.ts', "import { app } from 'electron';\nexport const a = app;"],
    ['native/sqlite/x.ts', "import Database from 'better-sqlite3';\nexport const d = Database;"],
    ['native/llama/x.ts', "import { getLlama } from 'node-llama-cpp';\nexport const g = getLlama;"],
    ['renderer/src/x.tsx', "import type { Engine } from '../../main/engine/Engine.ts';\nexport type E = Engine;"],
    ['renderer/src/x.tsx', "import { RpcClient } from '../../main/api/rpc.ts';\nexport const c = RpcClient;"],
    ['main/api/node/x.ts', "import { createServer } from 'node:http';\nexport const s = createServer;"],
    ['main/engine/x.ts', "import { openSqlite } from '../../native/sqlite/index.ts';\nexport const o = openSqlite;"],
    ['main/core/x.ts', 'export const read = (iso: string) => new Date(iso);'],
  ])('%s allows: %s', async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});
