// No product function grows past 80 lines (blank lines and comments aside): the linter refuses one in every layer, and
// no product file is exempt.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../helpers/runCli.ts';

const RULE = 'max-lines-per-function';
const longFunction = `export function long(): number {\n  let n = 0;\n${Array.from({ length: 85 }, (_, i) => `  n += ${i};\n`).join('')}  return n;\n}\n`;

describe('function length', () => {
  it.each(['main/engine/x.ts', 'native/llama/x.ts', 'renderer/src/views/x.tsx'])('refuses a function over 80 lines in %s', async (file) => {
    const [result] = await new ESLint({ cwd: repoRoot }).lintText(longFunction, { filePath: `${repoRoot}/${file}` });
    expect(result!.messages.map((m) => m.ruleId)).toContain(RULE);
  });

  it('holds in every product file: none is exempt', async () => {
    const eslint = new ESLint({ cwd: repoRoot });
    const results = await eslint.lintFiles(['main', 'native', 'renderer/src'].map((dir) => `${repoRoot}/${dir}`));
    const long = results.filter((r) => r.messages.some((m) => m.ruleId === RULE)).map((r) => r.filePath.slice(repoRoot.length + 1));
    expect(long).toEqual([]);
  }, 180_000);
});
