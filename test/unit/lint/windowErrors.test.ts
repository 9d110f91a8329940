// The window says every failure with the engine's hint (what to do), in the screen's language: a failure is kept as
// the engine's error (useEngineMutation, or shownError where a call streams), never cut down to its message alone.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../helpers/runCli.ts';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

describe("the window's failures", () => {
  it('keep the engine hint: no file reduces an error to its message', () => {
    const offenders = sources(path.join(repoRoot, 'renderer', 'src')).filter((file) => /as Error\)\.message/.test(readFileSync(file, 'utf8')));
    expect(offenders.map((f) => path.relative(repoRoot, f))).toEqual([]);
  });
});
