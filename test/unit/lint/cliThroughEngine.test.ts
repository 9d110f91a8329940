// Every CLI command does its work through Engine.call, as the window does: its parameters checked by the method's
// schema, its errors the engine's. A command may use the engine's file helpers and servers, never a capability's
// handlers or what they run (the agent loop, model loading) directly.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../helpers/runCli.ts';

const HANDLERS = /['"][./]*engine\/(?:[\w-]+\/methods|agent\/[\w/-]+|models\/(?:resolveBackend|modelRef|ModelHost))\.ts['"]/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : /\.ts$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

describe('the CLI', () => {
  it("imports no capability's handlers, statically or on demand", () => {
    const offenders = sources(path.join(repoRoot, 'main', 'cli')).filter((file) => HANDLERS.test(readFileSync(file, 'utf8')));
    expect(offenders.map((f) => path.relative(repoRoot, f))).toEqual([]);
  });

  it('is caught when it does', () => {
    expect(HANDLERS.test("await import('../../engine/agent/methods.ts')")).toBe(true);
    expect(HANDLERS.test("from '../../engine/models/resolveBackend.ts'")).toBe(true);
    expect(HANDLERS.test("from '../../engine/files/noFollow.ts'")).toBe(false);
  });
});
