// The findings of trying the CLI as a new user would, each as the command a user typed: messages that say the
// format instead of a regular expression, once; typos answered with a did-you-mean; usage errors as exit 2; an
// offline machine and an unknown snapshot named as such; small models sized in their unit; scripted transcripts
// refused with their line; each tool call shown once; tables that put what matters first.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { silentProgram } from '../../helpers/program.ts';
import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { main } from '../../../main/cli/main.ts';
import type { CliIo } from '../../../main/cli/io.ts';
import { bundledCatalog } from '../../helpers/catalog.ts';
import { writeTinyLlama } from '../../../native/gguf/tinyLlama.ts';
import { runKopa } from '../../helpers/runCli.ts';
import { fileTempDir, tempDir } from '../../helpers/tempDir.ts';

const NOW = '2025-03-02T15:00:00+09:00';

/** The CLI run in-process, printing into strings. */
async function inProcess(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    env: {},
    platform: process.platform,
    homeDir: tempDir(),
    interrupted: () => new Promise(() => undefined),
    onInterrupt: () => () => undefined,
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

describe('kopa, as a new user types it', () => {
  it('answers --help for every command and subcommand with its usage, exit 0', async () => {
    const program = silentProgram();
    const paths = (c: Command, prefix: string[]): string[][] => c.commands.flatMap((sub) => [[...prefix, sub.name()], ...paths(sub, [...prefix, sub.name()])]);
    const all = paths(program, []);
    expect(all.length).toBeGreaterThan(30);
    for (const path of all) {
      const run = await inProcess([...path, '--help']);
      expect(run.code, path.join(' ')).toBe(0);
      expect(run.stdout, path.join(' ')).toContain(`Usage: kopa ${path.join(' ')}`);
    }
  });

  it('lists every tool id whole, at any width', async () => {
    const run = await runKopa(['--data-dir', tempDir(), 'catalog', 'list']);
    expect(run.code).toBe(0);
    for (const tool of bundledCatalog().remoteTools()) expect(run.stdout).toContain(tool.id);
    expect(run.stdout).not.toMatch(/\S…\s/);
  });

  it('says an argument format in words with an example, lists each problem once, and exits 2', async () => {
    const run = await runKopa(['--data-dir', tempDir(), 'call', 'kma.getUltraSrtNcst', '--args', '{"base_date":"2025","base_time":"1400","nx":60}']);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('base_date: must be 8 digits (발표일자 YYYYMMDD), e.g. 20250301');
    expect(run.stdout).not.toMatch(/\\d|pattern/);
    expect(run.stdout.match(/ny: is required/g)).toHaveLength(1);
    expect(run.stdout).toContain('kopa catalog show kma.getUltraSrtNcst');
  });

  it('refuses a count of 0 as a usage error, without internal names', async () => {
    const run = await runKopa(['--data-dir', tempDir(), 'synth', '--count', '0']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("'--count <n>' argument '0' is invalid. must be at least 1");
    expect(run.stderr).not.toContain('synth.run');
  });

  it('says a model file does not exist, and suggests the name meant', async () => {
    const missing = await runKopa(['--data-dir', tempDir(), 'chat', '--model', 'missing.gguf', '--once', '?']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/There is no model file .*missing\.gguf/);
    const typo = await runKopa(['--data-dir', tempDir(), 'bench', 'run', '--suite', 'kopa', '--model', 'oracel', '--tasks', 'cal-01']);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain('There is no model "oracel". Did you mean oracle?');
  });

  it('names the host it cannot reach and the offline modes, and an unknown snapshot as unknown', async () => {
    const args = ['--args', '{"base_date":"20250301","base_time":"1400","nx":60,"ny":127}'];
    const offline = await runKopa(
      ['--data-dir', tempDir(), 'call', 'kma.getUltraSrtNcst', ...args, '--mode', 'live', '--api-base', 'http://kopa-offline.invalid'],
      { KOPA_KEY_DATA_GO_KR: 'test-key' },
    );
    expect(offline.code).toBe(1);
    expect(offline.stdout).toMatch(
      /Cannot reach kopa-offline\.invalid:80 \(--api-base, for apis\.data\.go\.kr\): its name does not resolve \((ENOTFOUND|EAI_AGAIN)\)/,
    );
    expect(offline.stdout).toContain('--mode emulator');
    const replay = await runKopa(['--data-dir', tempDir(), 'call', 'kma.getUltraSrtNcst', ...args, '--mode', 'replay', '--snapshot', 'nosuch']);
    expect(replay.code).toBe(1);
    expect(replay.stdout).toContain('There is no snapshot "nosuch"');
  });

  it('lists a small model with its tensor type by name and its size in KiB, and its path whole', async () => {
    const dir = tempDir();
    const model = await writeTinyLlama();
    expect((await runKopa(['--data-dir', dir, 'models', 'add', model])).code).toBe(0);
    const list = await runKopa(['--data-dir', dir, 'models', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/ALL_F32\s+\d+\.\d KiB/);
    expect(list.stdout).toContain(model);
    expect(list.stdout).not.toMatch(/quant\s*\n.*\s0\s/);
  }, 120_000);

  it('refuses a scripted transcript line that is no model turn, naming the line and the shape', async () => {
    const file = path.join(fileTempDir(), 'turns.jsonl');
    writeFileSync(file, '{"text": "안녕하세요"}\n{"answer": "맑음"}\n');
    const run = await runKopa(['--data-dir', tempDir(), 'chat', '--model', `scripted:${file}`, '--once', '?']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${file}:2 is not a model turn: Unrecognized key: "answer"`);
    expect(run.stderr).toContain('{"toolCalls": [{"name": "kma_getUltraSrtNcst"');
  });

  it('shows each tool call of a chat once, with its latency, and the answer once', async () => {
    const file = path.join(fileTempDir(), 'turns.jsonl');
    writeFileSync(
      file,
      ['{"toolCalls": [{"name": "kasi_getRestDeInfo", "arguments": {"solYear": "2025", "solMonth": "05"}}]}', '{"text": "5월 5일과 6일입니다."}'].join('\n'),
    );
    const run = await runKopa(['--data-dir', tempDir(), 'chat', '--model', `scripted:${file}`, '--once', '2025년 5월 공휴일?', '--now', NOW]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr.match(/[✓✗] kasi\.getRestDeInfo/g)).toHaveLength(1);
    expect(run.stderr).toMatch(/\(picked \d+ tools for this question: [^)]*kasi\.getRestDeInfo/);
    expect(run.stderr).toMatch(/✓ kasi\.getRestDeInfo \{"solYear":"2025","solMonth":"05"\} → .* \(\d+ ms\)/);
    expect(run.stdout.match(/5월 5일과 6일입니다\./g)).toHaveLength(1);
    expect(run.stdout).not.toContain('kasi.getRestDeInfo');
  });

  it('puts a tool’s headline fields first, and shows only the columns asked for', async () => {
    const args = ['call', 'molit.getRTMSDataSvcAptTradeDev', '--args', '{"LAWD_CD":"11680","DEAL_YMD":"202501"}', '--now', NOW];
    const run = await runKopa(['--data-dir', tempDir(), ...args]);
    expect(run.code).toBe(0);
    const header = run.stdout.split('\n')[2]!.trim().split(/\s+/);
    expect(header.slice(0, 5)).toEqual(['aptNm', 'umdNm', 'dealAmount', 'excluUseAr', 'floor']);
    const picked = await runKopa(['--data-dir', tempDir(), '--columns', 'dealAmount,aptNm', ...args]);
    expect(picked.stdout.split('\n')[2]!.trim().split(/\s+/)).toEqual(['dealAmount', 'aptNm']);
    const wide = await runKopa(['--data-dir', tempDir(), '--wide', ...args]);
    expect(wide.stdout).not.toContain('more rows');
    expect(wide.stdout).not.toContain('…');
  });
});
