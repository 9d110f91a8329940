// docs/ARCHITECTURE.md is the map a newcomer reads first: it must match the code. Its layer table is the linter's
// (eslint/layers.js), every file or folder it names exists, and every `kopa` command it names is registered.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { layers } from '../../../eslint/layers.js';
import { repoRoot } from '../../helpers/runCli.ts';
import { silentProgram } from '../../helpers/program.ts';

const map = readFileSync(path.join(repoRoot, 'docs', 'ARCHITECTURE.md'), 'utf8');
const spans = (text: string): string[] => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

/** Where the map's paths are written from: the root, or the layer folder its table column names. */
const BASES = [
  '',
  'main/',
  'main/core/',
  'main/engine/',
  'main/api/',
  'main/host/',
  'main/cli/commands/',
  'native/',
  'renderer/src/',
  'renderer/src/views/',
  'resources/',
];
const SOURCES = ['main', 'native', 'renderer', 'resources', 'test', 'scripts', 'eslint', 'docs'];

function filesNamed(name: string): boolean {
  const walk = (dir: string): boolean =>
    readdirSync(dir, { withFileTypes: true }).some((e) =>
      e.name === name ? true : e.isDirectory() && e.name !== 'node_modules' ? walk(path.join(dir, e.name)) : false,
    );
  return SOURCES.some((top) => existsSync(path.join(repoRoot, top)) && walk(path.join(repoRoot, top)));
}

describe('the architecture map', () => {
  it("writes the linter's layers and arrows, no more and no fewer", () => {
    const table = map.slice(map.indexOf('## 1. Layers'), map.indexOf('## 2.'));
    const rows = table.split('\n').filter((l) => /^\| `[^`]+` \|/.test(l));
    const written = Object.fromEntries(
      rows.map((row) => {
        const [, layer, , imports] = row.split('|').map((c) => c.trim());
        return [spans(layer!)[0]!, new Set(spans(imports!).filter((s) => s !== 'import type'))];
      }),
    );
    expect(Object.keys(written).sort()).toEqual(Object.keys(layers).sort());
    for (const [name, layer] of Object.entries(layers)) {
      const arrows = new Set([...layer.values, ...(layer.types ?? [])].filter((l) => l !== name && l !== 'resources'));
      expect([...written[name]!].filter((l) => l !== 'resources').sort(), name).toEqual([...arrows].sort());
    }
  });

  it('names only files and folders that exist', () => {
    const named = spans(map)
      .filter((s) => !/[\s<>…*{}$:=(]/.test(s) && !s.startsWith('../') && (s.includes('/') || /\.(tsx?|json|jsx?|mjs|py|md)$/.test(s)))
      .map((s) => s.split('#')[0]!);
    expect(named.length).toBeGreaterThan(50);
    // A bare name ("modelRef.ts", "world/") is written where its folder is said in words: it exists somewhere.
    const bare = (p: string): boolean => /^[^/]+\/?$/.test(p);
    const missing = named.filter((p) => !BASES.some((b) => existsSync(path.join(repoRoot, b, p))) && !(bare(p) && filesNamed(p.replace(/\/$/, ''))));
    expect(missing).toEqual([]);
  });

  it('names only kopa commands that exist', () => {
    const program = silentProgram();
    const names = (c: Command): string[] => c.commands.map((s) => s.name());
    const commands = [...new Set([...map.matchAll(/`kopa ([a-z][a-z-]*)(?: ([a-z][a-z-]*))?/g)].map((m) => [m[1]!, m[2]] as const))];
    expect(commands.length).toBeGreaterThan(10);
    const unknown = commands.filter(([first, second]) => {
      const command = program.commands.find((c) => c.name() === first);
      if (!command) return true;
      return second !== undefined && command.commands.length > 0 && !names(command).includes(second);
    });
    expect(unknown.map(([a, b]) => `kopa ${a}${b ? ` ${b}` : ''}`)).toEqual([]);
  });
});
