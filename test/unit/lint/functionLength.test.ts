// No product function grows past 80 lines (blank lines and comments aside): the linter refuses a new one, and the files
// that held one before the limit stay listed only while they still do, so the list only shrinks.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../helpers/runCli.ts';
import { longFunctionsBeforeTheLimit } from '../../../eslint/longFunctions.js';

const RULE = 'max-lines-per-function';
const longFunction = `export function long(): number {\n  let n = 0;\n${Array.from({ length: 85 }, (_, i) => `  n += ${i};\n`).join('')}  return n;\n}\n`;

describe('function length', () => {
  it.each(['main/engine/x.ts', 'native/llama/x.ts', 'renderer/src/views/x.tsx'])('refuses a function over 80 lines in %s', async (file) => {
    const [result] = await new ESLint({ cwd: repoRoot }).lintText(longFunction, { filePath: `${repoRoot}/${file}` });
    expect(result!.messages.map((m) => m.ruleId)).toContain(RULE);
  });

  it('lists only files that still hold a long function', async () => {
    const eslint = new ESLint({ cwd: repoRoot, overrideConfig: { rules: { [RULE]: ['error', { max: 80, skipBlankLines: true, skipComments: true }] } } });
    const results = await eslint.lintFiles(longFunctionsBeforeTheLimit.map((f) => `${repoRoot}/${f}`));
    const split = results.filter((r) => !r.messages.some((m) => m.ruleId === RULE)).map((r) => r.filePath.slice(repoRoot.length + 1));
    expect(split, 'split already: take these off eslint/longFunctions.js').toEqual([]);
  }, 120_000);
});
