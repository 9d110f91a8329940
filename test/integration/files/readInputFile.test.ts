// Files the analyst names as input are read bounded: a device, a pipe or a folder is refused at once, a file past
// the limit is refused without being read whole, and a file that is not JSON is refused without quoting it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInputFile, readInputJson } from '../../../main/engine/files/readInputFile.ts';
import { runKopa } from '../../helpers/runCli.ts';
import { tempDir } from '../../helpers/tempDir.ts';

const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return undefined;
};

describe('reading a file named as input', () => {
  it('refuses a device, a named pipe and a folder as not a regular file, without waiting on them', () => {
    const dir = tempDir();
    const fifo = path.join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    mkdirSync(path.join(dir, 'folder'));
    for (const file of ['/dev/zero', fifo, path.join(dir, 'folder')]) {
      expect(() => readInputFile(file), file).toThrow(/is not a regular file/);
      expect(codeOf(() => readInputFile(file))).toBe('Usage');
    }
    expect(codeOf(() => readInputFile(path.join(dir, 'missing')))).toBe('NotFound');
  });

  it('refuses a file past the limit, and reads one within it whole', () => {
    const file = path.join(tempDir(), 'big.json');
    writeFileSync(file, 'x'.repeat(5000));
    expect(() => readInputFile(file, { maxBytes: 4096 })).toThrow(/5000 bytes or more; at most 4096/);
    expect(readInputFile(file, { maxBytes: 5000 }).length).toBe(5000);
  });

  it('refuses a file that is not JSON without quoting it', () => {
    const file = path.join(tempDir(), 'shadow');
    writeFileSync(file, 'root:$y$j9T$secret-hash:19000:0:99999:7:::\n');
    let message = '';
    try {
      readInputJson(file);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(`${file} is not JSON.`);
    expect(message).not.toContain('root');
  });

  it('keeps kopa bench check-answer --calls from echoing a file or reading a device without end', async () => {
    const dir = tempDir();
    const secret = path.join(dir, 'secret.txt');
    writeFileSync(secret, 'root:$y$j9T$secret-hash\n');
    const echoed = await runKopa(['--lang', 'en', 'bench', 'check-answer', '--task', 're-07', '--calls', secret, '정답: 230,000만원']);
    expect(echoed.code).toBe(2);
    expect(echoed.stderr).toContain('is not JSON');
    expect(echoed.stderr + echoed.stdout).not.toContain('root:');
    const device = await runKopa(['--lang', 'en', 'bench', 'check-answer', '--task', 're-07', '--calls', '/dev/zero', '정답: 230,000만원']);
    expect(device.code).toBe(2);
    expect(device.stderr).toContain('/dev/zero is not a regular file');
  }, 120_000);

  it('refuses a device as a suite, a catalog to import or a scripted model, at once', async () => {
    for (const args of [
      ['bench', 'validate', '--suite', '/dev/zero'],
      ['catalog', 'import', '/dev/zero'],
      ['bench', 'run', '--suite', 'kopa', '--tasks', 'cal-01', '--model', 'scripted:/dev/zero'],
    ]) {
      const run = await runKopa(['--lang', 'en', ...args]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('/dev/zero is not a regular file');
    }
  }, 120_000);
});
