// The README's synopsis of `kopa` is what a newcomer types: every command it names exists, and every option it shows
// is one that command takes (or a global one), so the README cannot drift from the CLI unnoticed. The same holds for
// every `kopa …` the README's text mentions, and the ones that need nothing but a data folder run and exit 0.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { silentProgram } from '../../helpers/program.ts';
import { describe, expect, it } from 'vitest';
import { repoRoot, runKopa } from '../../helpers/runCli.ts';
import { tempDir } from '../../helpers/tempDir.ts';

const readme = (): string => readFileSync(path.join(repoRoot, 'README.md'), 'utf8');

/** Every `kopa …` the README's text quotes (a command with its options, placeholders in capitals). */
function mentioned(): string[] {
  return [...new Set([...readme().matchAll(/`kopa ([^`]+)`/g)].map((m) => m[1]!))];
}

/** Mentions a user can type as they are: no placeholder, nothing that serves, loads a model or runs long. */
const RUNNABLE = ['audit verify', 'doctor --json', 'keys', 'jobs', 'catalog validate', 'bfcl runs', 'edges propose'];

function synopsis(): string[] {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## The `kopa` command'));
  const block = /```text\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error('the README has no synopsis block');
  return block[1]!.split('\n');
}

const longOptions = (c: Command | null): string[] => (c ? [...c.options.map((o) => o.long ?? ''), ...longOptions(c.parent)] : []);

/** The command a synopsis segment names (following subcommand words), or why it names none. */
function commandOf(program: Command, words: string[]): { command: Command; problems: string[] } {
  let command = program;
  const problems: string[] = [];
  for (const word of words) {
    const names = word.replace(/^\[|\]$/g, '').split('|');
    const found = names.map((name) => command.commands.find((c) => c.name() === name));
    if (found.every((c) => c === undefined)) break;
    const missing = names.filter((_, i) => !found[i]);
    if (missing.length) problems.push(`${command.name()} has no subcommand ${missing.join(', ')}`);
    command = found.find((c) => c !== undefined)!;
  }
  return { command, problems };
}

describe('the README synopsis', () => {
  it('names only commands and options the CLI has', () => {
    const program = silentProgram();
    const problems: string[] = [];
    let current: Command | undefined;
    let checked = 0;
    for (const line of synopsis()) {
      const text = line.trim();
      if (text === '' || text.startsWith('kopa ')) continue;
      // Global options are listed last, each at the start of its line.
      if (/^(-\w, )?--[a-z]/.test(text) && !line.startsWith('   ')) continue;
      const continuation =
        /^\s{4,}\[/.test(line) || (/^\s{4,}/.test(line) && current !== undefined && !program.commands.some((c) => c.name() === text.split(/\s/)[0]));
      const segments = continuation ? [text] : text.split(/\s\|\s/);
      for (const segment of segments) {
        const words = segment.trim().split(/\s+/);
        if (!continuation) {
          const found = commandOf(program, words);
          if (found.command === program) {
            problems.push(`"${segment}" names no command`);
            continue;
          }
          problems.push(...found.problems);
          current = found.command;
          checked++;
        }
        const known = longOptions(current!);
        for (const option of segment.match(/--[a-z][a-z-]*/g) ?? [])
          if (option !== '--help' && !known.includes(option)) problems.push(`${current!.name()} has no option ${option} ("${segment.trim()}")`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(30);
  });

  it('names only commands and options the CLI has wherever its text quotes a kopa command', () => {
    const program = silentProgram();
    const problems: string[] = [];
    const quoted = mentioned();
    for (const text of quoted) {
      const found = commandOf(program, text.split(/\s+/));
      if (found.command === program) {
        problems.push(`"kopa ${text}" names no command`);
        continue;
      }
      problems.push(...found.problems);
      const known = longOptions(found.command);
      for (const option of text.match(/--[a-z][a-z-]*/g) ?? [])
        if (!known.includes(option)) problems.push(`kopa ${found.command.name()} has no option ${option} ("kopa ${text}")`);
    }
    expect(problems).toEqual([]);
    expect(quoted.length).toBeGreaterThan(30);
    for (const runnable of RUNNABLE) expect(quoted, runnable).toContain(runnable);
  });

  it('runs every quoted command that needs nothing else, exit 0', async () => {
    const dir = tempDir();
    for (const runnable of RUNNABLE) {
      const run = await runKopa(['--data-dir', dir, ...runnable.split(' ')]);
      expect(run.code, `kopa ${runnable}: ${run.stderr}`).toBe(0);
    }
  }, 300_000);
});
